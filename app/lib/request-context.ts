import { createContext } from "react-router";
import type { Logger } from "pino";

export interface RequestInfo {
  requestId: string;
  /** The CSP nonce of this response; every inline script must carry it. */
  nonce: string;
  logger: Logger;
  buildId: string;
  /** The client's address as Express sees it (behind a proxy only with TRUST_PROXY). */
  clientIp: string;
}

/** Set by the server for each request (server/app.ts); read in loaders, actions and entry.server. */
export const requestContext = createContext<RequestInfo>();
