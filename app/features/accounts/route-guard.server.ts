import { data, type MiddlewareFunction } from "react-router";
import { getConfig } from "~/config/env.server";
import { requestContext } from "~/lib/request-context";
import { accessOf, ruleOf, type Access } from "./access";
import { getSessionUser, requireAdmin, requireUser } from "./session.server";

async function requireAccess(access: Access, request: Request, url: URL, fromLoopback: boolean, pattern: string) {
  switch (access) {
    case "public":
      return;
    case "user":
      if (pattern.startsWith("/api/")) {
        if (!(await getSessionUser(request))) throw data({ error: "Du skal være logget ind." }, { status: 401 });
        return;
      }
      await requireUser(request, url);
      return;
    case "admin":
      await requireAdmin(request, url);
      return;
    case "loopback":
      // Unknown to anyone else: the same answer as for a path that does not exist.
      if (!getConfig().ENABLE_TEST_ROUTES || !fromLoopback) throw data({ path: url.pathname }, { status: 404 });
  }
}

/**
 * Runs first for every request and refuses it by the route's declared access (access.ts) before any loader
 * or action starts. Loaders and actions still ask for the user they act for (`requireUser`), which costs no
 * second query: the session is read once per request.
 */
export const routeGuard: MiddlewareFunction<Response> = async ({ request, url, pattern: matched, context }, next) => {
  // React Router joins the matched paths without the root's slash ("api/auth/*"); the table writes "/api/auth/*".
  const pattern = `/${matched.replace(/^\/+/, "")}`;
  const rule = ruleOf(pattern);
  if (!rule) throw new Error(`The route ${pattern} declares no access in app/features/accounts/access.ts`);
  await requireAccess(accessOf(rule, request.method), request, url, context.get(requestContext).fromLoopback, pattern);
  return next();
};
