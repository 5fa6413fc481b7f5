import { data, redirect } from "react-router";
import { z } from "zod";
import { callAuth, withCookies } from "~/features/accounts/session.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/logout";
import { readFormData } from "~/lib/request-body.server";
import { answer, parseSubmission } from "~/lib/form";

/** The sign-out form: at most where to go afterwards. Anything else was not sent by our page. */
const logoutFormSchema = z.strictObject({ redirectTo: z.string().max(2048).optional() });

/** Ends the session. A plain form post is sent back to where it came from; a fetcher gets the cookies only. */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = collaborators();
  const submission = parseSubmission(await readFormData(request), logoutFormSchema);
  if (!submission.ok) return answer({ formError: "Formularen kunne ikke læses. Prøv igen." }, 400);
  const result = await callAuth(auth, request, context, "/sign-out", {});
  const headers = withCookies(result.setCookies);
  const { redirectTo } = submission.value;
  if (redirectTo !== undefined) throw redirect(safeRedirectPath(redirectTo), { headers });
  return data({ signedOut: true }, { headers });
}

export const loader = () => redirect("/");
