import { CLIENT_IP_HEADER, getAuth } from "~/features/accounts/auth.server";
import { requestContext } from "~/lib/request-context";
import type { Route } from "./+types/api.auth";

/** better-auth's HTTP endpoints; the client address is set by the server, never taken from the request. */
function forward({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.get(requestContext).clientIp);
  return getAuth().handler(new Request(request, { headers }));
}

export const loader = (args: Route.LoaderArgs) => forward(args);
export const action = (args: Route.ActionArgs) => forward(args);
