import { Transform, type Readable } from "node:stream";
import type { Request, RequestHandler, Response } from "express";
import { matchRoutes } from "react-router";
import { accessOf, routeRules, type BodyKind, type RouteRule } from "~/features/accounts/access";
import type { Auth } from "~/features/accounts/auth.server";
import { AVATAR_MAX_BYTES } from "~/features/accounts/avatar.server";
import { getSessionUser } from "~/features/accounts/session.server";
import { AUDIO_MAX_BYTES, IMAGE_MAX_BYTES } from "~/features/media/media";
import { BodyTooLargeError } from "~/lib/request-body.server";
import { rememberedPerPath } from "./remembered-per-path";

const KIB = 1024;
const MIB = 1024 * KIB;

/** The largest request body each kind of route takes; the overhead of a multipart form is included. */
export const bodyLimits: Record<BodyKind, number> = {
  form: 64 * KIB,
  avatar: AVATAR_MAX_BYTES + 64 * KIB,
  // An audio file is the largest upload; a form with several images is smaller.
  media: AUDIO_MAX_BYTES + MIB,
  // One library image per request (/medier/upload); its own check answers a file past 15 MB in Danish.
  image: IMAGE_MAX_BYTES + MIB,
  webhook: MIB,
};

const routes = Object.keys(routeRules).map((path) => ({ path }));

/** The route rule of a request path; React Router's data requests (`/x.data`, `/_root.data`) count as the page. */
export const ruleOfPath = rememberedPerPath((pathname): RouteRule => {
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const match = matchRoutes(routes, page)?.at(-1);
  return (match && routeRules[match.route.path]) ?? { access: "public" };
});

/**
 * Whether the request's session may send an upload to a route of this access: asked of the one session reader
 * (decision 027), whose database read is why only uploads ask.
 */
async function uploadRefusal(auth: Auth, req: Request, access: "user" | "admin") {
  const headers = req.headers.cookie ? { cookie: req.headers.cookie } : undefined;
  const user = await getSessionUser(auth, new globalThis.Request(`http://${req.host}${req.originalUrl}`, { headers }));
  if (!user) return 401;
  return access === "admin" && !user.isAdmin ? 403 : undefined;
}

const refusals = {
  413: "Forespørgslen er for stor.",
  401: "Log ind for at sende filer.",
  403: "Du har ikke adgang til at sende filer her.",
} as const;

/** How long a refused sender may go on sending (dropped unread) before the connection is cut. */
const LINGER_MS = 2_000;

/**
 * Answers at once and closes the connection, so the rest of the body is never kept. The close lingers, as
 * nginx's does: what the sender still has on the way is taken off the wire and dropped for up to LINGER_MS
 * after the answer. Closing on unread data makes the kernel reset the connection, and a reset can reach the
 * sender before it has read the answer: it would see "connection reset" instead of 413.
 */
function refuse(req: Request, res: Response, status: keyof typeof refusals) {
  res.setHeader("Connection", "close");
  const socket = req.socket;
  // Node ends a "Connection: close" answer with destroySoon(): our end of the connection first, the cut later.
  socket.destroySoon = () => {
    socket.end();
    const cut = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once("close", () => clearTimeout(cut));
  };
  req.resume();
  res.status(status).type("text/plain").send(refusals[status]);
}

function declaredLength(req: Request) {
  const header = req.headers["content-length"];
  return header === undefined ? undefined : Number(header);
}

const hasBody = (req: Request) =>
  req.method !== "GET" &&
  req.method !== "HEAD" &&
  (req.headers["transfer-encoding"] !== undefined || declaredLength(req) !== 0);

/** A copy of the body stream that fails with BodyTooLargeError once more than `limit` bytes have come. */
function bounded(source: Readable, limit: number) {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      callback(received > limit ? new BodyTooLargeError(limit) : null, chunk);
    },
  });
  source.on("error", (error) => counter.destroy(error));
  return source.pipe(counter);
}

/**
 * The whole body, or null once it passes `limit`. Past the limit the stream is left as it is (paused, as the
 * failed copy unpipes it), not destroyed: destroying an unfinished request cuts its connection before the 413
 * can be sent.
 */
async function readUpTo(source: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of bounded(source, limit)) chunks.push(chunk as Buffer);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  }
  return Buffer.concat(chunks);
}

/**
 * Bounds every request body as it streams, before React Router parses anything: a body the size of a form
 * is read here whole (and refused with 413 past 64 KiB); a route that takes uploads first checks that the
 * sender may upload there (401/403 without reading), then streams the body through a counter. What passes
 * is left in `res.locals.requestBody` for the request handler.
 */
export function limitRequestBodies(auth: Auth): RequestHandler {
  return async (req, res, next) => {
    try {
      if (!hasBody(req)) return next();
      const rule = ruleOfPath(req.path);
      const limit = bodyLimits[rule.body ?? "form"];
      const declared = declaredLength(req);
      const formSized = declared !== undefined && declared <= bodyLimits.form;
      if (!formSized) {
        const access = accessOf(rule, req.method);
        if (limit > bodyLimits.form && (access === "user" || access === "admin")) {
          const refusal = await uploadRefusal(auth, req, access);
          if (refusal) return refuse(req, res, refusal);
        }
        if (declared !== undefined && declared > limit) return refuse(req, res, 413);
      }
      if (formSized || limit <= bodyLimits.form) {
        const body = await readUpTo(req, Math.min(limit, bodyLimits.form));
        if (!body) return refuse(req, res, 413);
        res.locals.requestBody = body;
      } else {
        res.locals.requestBody = bounded(req, limit);
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
