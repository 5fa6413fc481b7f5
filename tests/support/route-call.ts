import { routeArgs } from "./route-args";

/** What a route module answered, however it answered: returned or thrown, data or a Response. */
export interface RouteAnswer {
  status: number;
  /** Where a redirect sends. */
  location: string | null;
  /** A Response the route returned or threw (a file, a redirect). */
  response: Response | null;
  /** An action's answer (`data`), or a loader's plain data. */
  body: { fieldErrors?: Record<string, string[]> } | null;
}

/**
 * Calls a route module's loader (no `fields`) or action (a form of `fields`) with a session cookie, as a browser
 * would, and answers what came back, so that a test asserts on one shape whether the route returned, redirected or
 * refused with `data(…, { status })`.
 */
export async function callRoute<Params extends Record<string, string>>(
  route: (args: ReturnType<typeof routeArgs<Params>>) => Promise<unknown>,
  path: string,
  {
    cookie,
    fields,
    params = {} as Params,
  }: {
    cookie: string;
    /** A form's fields; as URLSearchParams where a name comes more than once (checked boxes). */
    fields?: Record<string, string> | URLSearchParams;
    params?: Params;
  },
): Promise<RouteAnswer> {
  const init = fields ? { method: "POST", body: new URLSearchParams(fields) } : { method: "GET" };
  try {
    const result = await route(routeArgs<Params>(path, { ...init, headers: { Cookie: cookie }, params }));
    if (result instanceof Response) return { status: result.status, location: null, response: result, body: null };
    const answer = result as { data?: RouteAnswer["body"]; init?: ResponseInit | null } | null;
    if (answer && "data" in answer) {
      return { status: answer.init?.status ?? 200, location: null, response: null, body: answer.data ?? null };
    }
    return { status: 200, location: null, response: null, body: answer as RouteAnswer["body"] };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, location: thrown.headers.get("Location"), response: thrown, body: null };
    }
    if (thrown && typeof thrown === "object" && "init" in thrown) {
      return {
        status: (thrown as { init: ResponseInit }).init.status ?? 500,
        location: null,
        response: null,
        body: null,
      };
    }
    throw thrown;
  }
}
