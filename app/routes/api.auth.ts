import { CLIENT_IP_HEADER } from "~/features/accounts/auth.server";
import { requestContext } from "~/lib/request-context";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/api.auth";

/** better-auth's HTTP endpoints; the client address is set by the server, never taken from the request. */
async function forward({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { auth } = collaborators();
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.get(requestContext).clientIp);
  return auth.handler(new Request(request, { headers }));
}

export const loader = (args: Route.LoaderArgs) => forward(args);
export const action = (args: Route.ActionArgs) => forward(args);
