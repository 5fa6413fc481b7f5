import { statfs } from "node:fs/promises";
import { count, eq, sql } from "drizzle-orm";
import type { Config } from "~/config/env.server";
import type { DatabaseHandle } from "~/db/client.server";
import { queueJobs } from "~/db/schema";
import { MAIL_QUEUE } from "~/features/email/outbox.server";
import type { Storage } from "~/features/storage/storage.server";
import { migrationLevel } from "./backup.server";
import { lastBackupRun } from "./backup-runs.server";

/** What the status page (/test) reads from the database, storage and config; nothing secret (SMTP: its host only). */
export async function systemStatus(
  { config, database, storage }: { config: Config; database: DatabaseHandle; storage: Storage },
  now = new Date(),
) {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [level, outbox, backup, disk] = await Promise.all([
    migrationLevel(database.db),
    database.db
      .select({
        waiting: count(sql`case when ${queueJobs.doneAt} is null and ${queueJobs.failedAt} is null then 1 end`),
        failed: count(sql`case when ${queueJobs.failedAt} is not null then 1 end`),
        sentLastDay: count(sql`case when ${queueJobs.doneAt} >= ${dayAgo} then 1 end`),
      })
      .from(queueJobs)
      .where(eq(queueJobs.queue, MAIL_QUEUE)),
    lastBackupRun({ database }),
    storage.backend.kind === "disk"
      ? statfs(storage.backend.root).catch(() => statfs(config.DATA_DIR).catch(() => null))
      : Promise.resolve(null),
  ]);
  return {
    startedAt: new Date(Date.now() - process.uptime() * 1000),
    nodeVersion: process.version,
    database: { kind: database.kind, migrationLevel: level, pool: database.poolUse?.() ?? null },
    storage: {
      kind: storage.backend.kind,
      freeBytes: disk ? disk.bavail * disk.bsize : null,
      totalBytes: disk ? disk.blocks * disk.bsize : null,
    },
    mail: {
      transport: config.SMTP_URL
        ? `SMTP (${new URL(config.SMTP_URL).host})`
        : "filer i DATA_DIR/outbox (ingen SMTP_URL)",
      ...outbox[0]!,
    },
    backup,
    backupSchedule: config.BACKUP_CRON ?? null,
  };
}
