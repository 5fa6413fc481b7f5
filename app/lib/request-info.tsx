import { createContext, use } from "react";

export interface ClientRequestInfo {
  /** The CSP nonce; empty in the browser, which hides the nonces of scripts. */
  nonce: string;
  /** Id of the request that rendered this document, shown on error pages. */
  requestId: string;
}

const RequestInfoContext = createContext<ClientRequestInfo>({ nonce: "", requestId: "" });

export const RequestInfoProvider = RequestInfoContext.Provider;

export function useRequestInfo() {
  return use(RequestInfoContext);
}
