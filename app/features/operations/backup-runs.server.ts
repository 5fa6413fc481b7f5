import path from "node:path";
import { Cron } from "croner";
import { desc, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { backupRuns } from "~/db/schema";
import type { Job } from "~/features/jobs/jobs.server";
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
 * The scheduled backup (BACKUP_CRON, in Copenhagen time): each minute it asks whether a scheduled time has
 * passed since the last backup any instance made, so one backup is made per scheduled time, however many
 * instances run the job.
 */
export function scheduledBackupJob(cron: string, target: BackupTarget): Job {
  const schedule = new Cron(cron, { paused: true, timezone: "Europe/Copenhagen" });
  return {
    name: "scheduled-backup",
    label: "Tager planlagte sikkerhedskopier",
    everySeconds: 60,
    exclusive: true,
    async run() {
      const now = new Date();
      const due = schedule.previousRuns(1, now)[0];
      if (!due) return;
      const last = await lastBackupRun(target);
      if (last && last.startedAt >= due) return;
      await runRecordedBackup(target, now);
    },
  };
}
