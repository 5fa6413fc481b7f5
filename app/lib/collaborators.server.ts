import type { Config } from "~/config/env.server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import type { AccountPart } from "~/features/accounts/account-parts.server";
import type { Auth } from "~/features/accounts/auth.server";
import type { ContentType } from "~/features/content/registry";
import type { Mailer } from "~/features/email/mailer.server";
import type { QueueWorker } from "~/features/queue/worker.server";
import type { ImageEncoder } from "~/features/media/image-encoder.server";
import type { Sales } from "~/features/orders/sales.server";
import type { PaymentProvider } from "~/features/payment/provider.server";
import type { Storage } from "~/features/storage/storage.server";
import type { Freshness } from "./freshness";
import type { Logger } from "./logger.server";
import type { Metrics } from "./metrics.server";

/**
 * What the code needs from outside itself, built once by `startServer` (decision 015). Only the edges (route
 * modules, entry.server, server/, job definitions) ask `collaborators()`; a feature gets what it uses as a
 * parameter, as it always got `db`, so a test hands it the real database and fakes only the outside world.
 * The clock is not here: a rule that needs the time takes `now = new Date()`.
 */
export interface Collaborators {
  /** The Drizzle database (`database.db`). */
  db: Database;
  /** The open database itself: its kind, pool, migrations and closing (the status page, backups). */
  database: DatabaseHandle;
  config: Config;
  logger: Logger;
  metrics: Metrics;
  /** The mail outbox in front of SMTP or the .eml folder. */
  mailer: Mailer;
  storage: Storage;
  /** Turns pictures into the files we store: a child process in production (decision 019). */
  images: ImageEncoder;
  /** null: no way to pay is set up (a real deployment without Stripe), so nothing can be bought. */
  payments: PaymentProvider | null;
  auth: Auth;
  /** Where a write says what it changed, for the caches of every instance (decision 026). */
  freshness: Freshness;
  /** The content types the admin serves (decision 025): the registry's, in a test perhaps one of its own too. */
  contentTypes: readonly ContentType[];
  /** The businesses that answer the order core for their orders (decision 055): `app/businesses.server.ts`. */
  sales: Sales;
  /** What each business holds of an account (decision 055): its export, its deletion, its verification. */
  accountParts: readonly AccountPart[];
  /** Only the server works the queue (decision 061): the upload route wakes its media queue. */
  queue?: QueueWorker;
}

// Kept on globalThis so that Vite's module reloads in development keep the set the server built at start.
const holder = globalThis as typeof globalThis & { __sceneCollaborators?: Collaborators };

/** startServer sets the set once; a test sets its own and `undefined` after. */
export function setCollaborators(collaborators: Collaborators | undefined) {
  holder.__sceneCollaborators = collaborators;
}

/** The collaborators of this process, for the edges; features take theirs as parameters. */
export function collaborators(): Collaborators {
  const current = holder.__sceneCollaborators;
  if (!current) {
    throw new Error(
      "The collaborators are not set: startServer() builds them (server/app.ts); a test calls setCollaborators(testCollaborators(…))",
    );
  }
  return current;
}
