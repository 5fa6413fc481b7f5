import { CLIENT_IP_HEADER } from "~/features/accounts/auth.server";
import { INVALIDATE_HEADER } from "~/features/site/page-cache-scope";
import { requestContext } from "~/lib/request-context";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/api.auth";

/** better-auth's HTTP endpoints; the client address is set by the server, never taken from the request. */
async function forward({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { auth } = collaborators();
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.get(requestContext).clientIp);
  const answer = await auth.handler(new Request(request, { headers }));
  const response = new Response(answer.body, answer);
  // Signing in or out changes no page visitors see; a deleted account frees its days in the calendar.
  response.headers.set(
    INVALIDATE_HEADER,
    new URL(request.url).pathname.endsWith("/delete-user") ? "/reservation" : "none",
  );
  return response;
}

export const loader = (args: Route.LoaderArgs) => forward(args);
export const action = (args: Route.ActionArgs) => forward(args);
