import { data, type MiddlewareFunction } from "react-router";
import type { Collaborators } from "~/lib/collaborators.server";
import { requestContext } from "~/lib/request-context";
import { accessOf, ruleOf, type Access } from "./access";
import { getSessionUser, requireAdmin, requireDoorStaff, requireUser } from "./session.server";

/** What the guard asks: the session (better-auth) and whether the test routes are on. */
export type GuardDependencies = Pick<Collaborators, "auth" | "config">;
type MiddlewareArgs = Parameters<MiddlewareFunction<Response>>;

async function requireAccess(
  { auth, config }: GuardDependencies,
  access: Access,
  request: Request,
  url: URL,
  fromLoopback: boolean,
  pattern: string,
) {
  switch (access) {
    case "user":
      if (!pattern.startsWith("/api/")) await requireUser(auth, request, url);
      // An API answers 401 instead of sending the caller to the login page.
      else if (!(await getSessionUser(auth, request)))
        throw data({ error: "Du skal være logget ind." }, { status: 401 });
      return;
    case "admin":
      await requireAdmin(auth, request, url);
      return;
    case "door":
      await requireDoorStaff(auth, request, url);
      return;
    case "loopback":
      // Unknown to anyone else: the same answer as for a path that does not exist.
      if (!config.ENABLE_TEST_ROUTES || !fromLoopback) throw data({ path: url.pathname }, { status: 404 });
  }
}

/**
 * Runs first for every request and refuses it by the route's declared access (access.ts) before any loader
 * or action starts. Loaders and actions still ask for the user they act for (`requireUser`), which costs no
 * second query: the session is read once per request.
 */
export async function routeGuard(
  deps: GuardDependencies,
  { request, url, pattern: matched, context }: MiddlewareArgs[0],
  next: MiddlewareArgs[1],
) {
  // React Router joins the matched paths without the root's slash ("api/auth/*"); the table writes "/api/auth/*".
  const pattern = `/${matched.replace(/^\/+/, "")}`;
  const rule = ruleOf(pattern);
  if (!rule) throw new Error(`The route ${pattern} declares no access in app/features/accounts/access.ts`);
  const access = accessOf(rule, request.method);
  await requireAccess(deps, access, request, url, context.get(requestContext).fromLoopback, pattern);
  return next();
}
