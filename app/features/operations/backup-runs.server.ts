import path from "node:path";
import { desc, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { backupRuns } from "~/db/schema";
import type { RecurringJob } from "~/features/queue/worker.server";
import type { Storage } from "~/features/storage/storage.server";
import { backupFileName, createBackup, pruneBackups } from "./backup.server";

export interface BackupTarget {
  database: DatabaseHandle;
  storage: Storage;
  buildId: string;
  directory: string;
  /** How many archives to keep in `directory`; older ones are deleted after a backup. */
  keep: number;
}

/** Makes a backup into the backup directory, records it in `backup_runs`, and prunes old archives. */
export async function runRecordedBackup(target: BackupTarget, now = new Date()) {
  const file = path.join(target.directory, backupFileName(now));
  const [run] = await target.database.db
    .insert(backupRuns)
    .values({ file, startedAt: now })
    .returning({ id: backupRuns.id });
  const finish = (outcome: { bytes: number } | { error: string }) =>
    target.database.db
      .update(backupRuns)
      .set({ ...outcome, finishedAt: new Date() })
      .where(eq(backupRuns.id, run!.id));
  try {
    const result = await createBackup({ ...target, file });
    await finish({ bytes: result.bytes });
    return { ...result, pruned: await pruneBackups(target.directory, target.keep) };
  } catch (error) {
    await finish({ error: (error instanceof Error ? error.message : String(error)).slice(0, 1000) });
    throw error;
  }
}

export async function lastBackupRun(target: Pick<BackupTarget, "database">) {
  const [run] = await target.database.db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
  return run ?? null;
}

/**
 * The scheduled backup (BACKUP_CRON, in Copenhagen time): a recurring job of the one queue, so each scheduled time
 * gets one backup however many instances run, and one cut off by a crash is made again.
 */
export function scheduledBackupJob(cron: string, target: BackupTarget): RecurringJob {
  return {
    name: "scheduled-backup",
    label: "Tager planlagte sikkerhedskopier",
    every: { cron },
    run: () => runRecordedBackup(target),
  };
}
