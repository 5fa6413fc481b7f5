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
  /** Made on this machine directly, not forwarded by a proxy (the end-to-end tests' helper routes). */
  fromLoopback: boolean;
}

/** Set by the server for each request (server/app.ts); read in loaders, actions and entry.server. */
export const requestContext = createContext<RequestInfo>();
