import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { reportServerError } from "~/features/error-reporting/server.server";
import { collaborators } from "~/lib/collaborators.server";
import { deferFrameworkScriptsInStream } from "~/lib/deferred-scripts.server";
import { requestContext } from "~/lib/request-context";
import { RequestInfoProvider } from "~/lib/request-info";
import { StylesheetTextProvider } from "~/lib/site-stylesheet";
import { siteStylesheetText } from "~/lib/site-stylesheet.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, requestId } = loadContext.get(requestContext);
  // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Called only after the stream timeout, long after `abort` below exists.
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1_000);
    const sendDocument = () => {
      shellRendered = true;
      // The development server's modules change under it and keep React Router's own script start.
      const body = import.meta.env.PROD ? deferFrameworkScriptsInStream() : new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <RequestInfoProvider value={{ nonce, requestId }}>
        <StylesheetTextProvider value={siteStylesheetText()}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetTextProvider>
      </RequestInfoProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) sendDocument();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (waitForAll) sendDocument();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) {
            collaborators().logger.error({ err: error, requestId }, "error while streaming a page");
            reportServerError(error, { requestId, path: new URL(request.url).pathname });
          }
        },
      },
    );
  });
}

/** Logs every unexpected error of a loader, action or render once, with the request's id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const info = (context as RouterContextProvider).get(requestContext);
  const path = new URL(request.url).pathname;
  // The request's own logger names the path already.
  if (info) info.logger.error({ err: error }, "server error");
  else collaborators().logger.error({ err: error, path }, "server error");
  reportServerError(error, { requestId: info?.requestId, path });
};
