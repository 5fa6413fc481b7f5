import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReloadGuard } from "~/features/staying-current/chunk-reload";
import { installDataRequestRetry } from "~/features/staying-current/data-request-retry";
import { reportBrowserError, startBrowserErrorReporting } from "~/features/error-reporting/browser";
import { RequestInfoProvider } from "~/lib/request-info";

installChunkReloadGuard();
installDataRequestRetry();
startBrowserErrorReporting();

// The server printed the id on its error page; hydration must render the same text.
const requestId = document.querySelector("[data-request-id]")?.textContent ?? "";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RequestInfoProvider value={{ nonce: "", requestId }}>
        <HydratedRouter onError={reportBrowserError} />
      </RequestInfoProvider>
    </StrictMode>,
  );
});
