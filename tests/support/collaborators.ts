import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { loadConfig } from "~/config/env.server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { createAuth } from "~/features/accounts/auth.server";
import { accountParts, sales } from "~/businesses.server";
import { adminContentTypes } from "~/features/content/content-types";
import type { MailMessage, Mailer } from "~/features/email/mailer.server";
import { inProcessImageEncoder } from "~/features/media/image-encoder.server";
import { demoProvider } from "~/features/payment/provider.server";
import { createStorage } from "~/features/storage/storage.server";
import type { Collaborators } from "~/lib/collaborators.server";
import { createMetrics } from "~/lib/metrics.server";
import { createFreshness } from "../../server/freshness";
import { TEST_PUBLIC_URL, TEST_SECRET } from "./accounts";
import { testPasswordHashing } from "./password-hashing";

/** Stands in for SMTP: keeps every message "sent", in order, for the test to read. */
export interface RecordingMailer extends Mailer {
  sent: MailMessage[];
}

export function recordingMailer(): RecordingMailer {
  const sent: MailMessage[] = [];
  return { sent, send: async (message) => void sent.push(message) };
}

/** The freshness module of one instance without pages: a write's word forgets the settings kept in memory. */
export function testFreshness(db: Database) {
  return createFreshness({ db, logger: pino({ level: "silent" }), tellOthers: false });
}

export type TestCollaborators = Collaborators & { mailer: RecordingMailer };

/**
 * The collaborators of a test, built as startServer builds them, on the database the test opened: the real
 * config (`env` on top of the defaults), better-auth, metrics and storage (on disk under `dataDir`, by default a
 * fresh directory under the system's temp folder that exists only once something is stored), a silent logger.
 * Only the outside world is faked: SMTP by a recording mailer (which better-auth's mail goes through too, as in
 * the server) and, where a test asks, the payment provider. Passwords are hashed at a test's cost
 * (`password-hashing.ts`).
 */
export function testCollaborators(
  database: DatabaseHandle,
  {
    env = {},
    dataDir = path.join(tmpdir(), `scene-test-${randomBytes(6).toString("hex")}`),
    ...overrides
  }: { env?: Record<string, string>; dataDir?: string } & Partial<
    Omit<Collaborators, "db" | "database" | "mailer">
  > = {},
): TestCollaborators {
  const config = overrides.config ?? loadConfig({ DATA_DIR: dataDir, ...env });
  const logger = overrides.logger ?? pino({ level: "silent" });
  const mailer = recordingMailer();
  return {
    db: database.db,
    database,
    config,
    logger,
    metrics: overrides.metrics ?? createMetrics(),
    mailer,
    storage: overrides.storage ?? createStorage(config),
    images: overrides.images ?? inProcessImageEncoder,
    payments: overrides.payments !== undefined ? overrides.payments : config.DEMO_PAYMENTS ? demoProvider : null,
    auth:
      overrides.auth ??
      createAuth({
        db: database.db,
        secret: TEST_SECRET,
        publicUrl: TEST_PUBLIC_URL,
        siteName: "Havnescenen",
        mailer,
        logger,
        passwordHashing: testPasswordHashing,
        accountParts,
      }),
    freshness: overrides.freshness ?? testFreshness(database.db),
    contentTypes: overrides.contentTypes ?? adminContentTypes,
    sales,
    accountParts,
    queue: overrides.queue,
  };
}
