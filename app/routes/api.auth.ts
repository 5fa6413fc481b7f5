import { CLIENT_IP_HEADER } from "~/features/accounts/auth.server";
import { NEWSLETTER_WITH_ACCOUNT_HEADER } from "~/features/newsletter/sign-up.server";
import { requestContext } from "~/lib/request-context";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/api.auth";

/**
 * better-auth's HTTP endpoints; the client address is set by the server, never taken from the request, and only the
 * sign-up form (routes/login.tsx) says that a sign-up asked for the newsletter.
 */
async function forward({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { auth } = collaborators();
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.get(requestContext).clientIp);
  headers.delete(NEWSLETTER_WITH_ACCOUNT_HEADER);
  return auth.handler(new Request(request, { headers }));
}

export const loader = (args: Route.LoaderArgs) => forward(args);
export const action = (args: Route.ActionArgs) => forward(args);
