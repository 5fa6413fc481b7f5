import { data, redirect } from "react-router";
import { callAuth, withCookies } from "~/features/accounts/session.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/logout";
import { readFormData } from "~/lib/request-body.server";

/** Ends the session. A plain form post is sent back to where it came from; a fetcher gets the cookies only. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const result = await callAuth(request, context, "/sign-out", {});
  const headers = withCookies(result.setCookies);
  const redirectTo = formData.get("redirectTo");
  if (typeof redirectTo === "string") throw redirect(safeRedirectPath(redirectTo), { headers });
  return data({ signedOut: true }, { headers });
}

export function loader() {
  throw redirect("/");
}
