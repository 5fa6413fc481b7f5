import type { Database } from "~/db/client.server";

/** An account as a business sees it: by its id, and by its address, which fans and buyers are known by too. */
export interface AccountRef {
  id: string;
  email: string;
}

/**
 * What a business holds of an account and does when the account changes (decision 055). The accounts' code asks
 * every registered part (`app/businesses.server.ts`) and knows none of them.
 */
export interface AccountPart {
  /** Its part of the account's data export (GDPR art. 15 and 20), under keys of its own. */
  exportData?(db: Database, account: AccountRef): Promise<Record<string, unknown>>;
  /** What it frees or forgets before the account is deleted; a failure keeps the account. */
  beforeDelete?(db: Database, account: AccountRef): Promise<void>;
  /** The account's address was proved by its verification link. */
  afterEmailVerified?(db: Database, email: string): Promise<void>;
  /** A line the verification mail adds for it: what else opening the link confirms. */
  verificationNote?(
    db: Database,
    email: string,
    request: Request | undefined,
    siteName: string,
  ): Promise<string | null>;
}

/** Every part's export, in one object (each part's keys are its own). */
export async function exportedParts(parts: readonly AccountPart[], db: Database, account: AccountRef) {
  const exported = await Promise.all(parts.map((part) => part.exportData?.(db, account) ?? {}));
  return Object.assign({}, ...exported) as Record<string, unknown>;
}
