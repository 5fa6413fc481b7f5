import { existsSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { loadConfig, type Config } from "~/config/env.server";
import { openDatabase, pgliteDirectoryIn, type DatabaseHandle } from "~/db/client.server";
import { BackupError, backupFileName, createBackup, restoreBackup } from "~/features/operations/backup.server";
import { runRecordedBackup, type BackupTarget } from "~/features/operations/backup-runs.server";
import { createStorage } from "~/features/storage/storage.server";
import { createLogger } from "~/lib/logger.server";
import { createFreshness } from "./freshness";
import { fromLoopbackDirectly } from "./metrics";

/**
 * `POST /ops/backup`: the running server makes a backup (npm run backup asks it to when the site runs on
 * PGlite, whose files only the server may open). Direct loopback requests only.
 */
export function backupEndpoint(target: BackupTarget): RequestHandler {
  return async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (!fromLoopbackDirectly(req))
      return void res.status(403).type("text/plain; charset=utf-8").send("Kun fra maskinen selv.");
    try {
      const { file, bytes, manifest, pruned } = await runRecordedBackup(target);
      res.json({ file, bytes, tables: Object.keys(manifest.tables).length, files: manifest.files.length, pruned });
    } catch (error) {
      res.status(500).json({ error: error instanceof Error ? error.message : String(error) });
    }
  };
}

/** The database the configuration names: PostgreSQL at DATABASE_URL (with these pool settings), else PGlite. */
export function openConfiguredDatabase(
  config: Config,
  pool: { poolMax: number; onIdleClientError?: (error: Error) => void },
): Promise<DatabaseHandle> {
  return config.DATABASE_URL
    ? openDatabase({ kind: "postgres", url: config.DATABASE_URL, ...pool })
    : openDatabase({ kind: "pglite", directory: pgliteDirectoryIn(config.DATA_DIR) });
}

/** Whether a Scene server answers on this machine's configured port (then it owns the PGlite files). */
async function runningServer(config: Config) {
  const url = `http://127.0.0.1:${config.PORT}`;
  const healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.ok,
    () => false,
  );
  return healthy ? url : null;
}

const usage = `Usage:
  npm run backup [-- --out <file.tar.gz>]     archive of the database and the stored files
  npm run restore -- <file.tar.gz> [--force]  into an empty database and storage (--force replaces them)`;

/** `npm run backup` and `npm run restore`, on the database and storage the environment names. */
export async function runOperationsCommand(argv: string[], buildId = __BUILD_ID__): Promise<number> {
  const config = loadConfig(process.env);
  const [command, ...rest] = argv;
  const option = (name: string) => {
    const index = rest.indexOf(name);
    return index >= 0 ? rest[index + 1] : undefined;
  };

  if (command === "backup") {
    const server = config.DATABASE_URL ? null : await runningServer(config);
    if (server && !option("--out")) {
      const response = await fetch(`${server}/ops/backup`, { method: "POST" });
      const body = (await response.json()) as { file?: string; bytes?: number; error?: string };
      if (!response.ok)
        throw new BackupError(`The running server could not make the backup: ${body.error ?? response.status}`);
      process.stdout.write(`Backup written by the running server: ${body.file} (${body.bytes} bytes)\n`);
      return 0;
    }
    if (server)
      throw new BackupError(
        "The server is running on PGlite: it writes the backup to BACKUP_DIR itself; leave out --out",
      );
    const database = await openConfiguredDatabase(config, { poolMax: 4 });
    try {
      const file = option("--out") ?? path.join(config.BACKUP_DIR, backupFileName());
      const { bytes, manifest } = await createBackup({ database, storage: createStorage(config), buildId, file });
      process.stdout.write(
        `Backup written: ${file} (${bytes} bytes, ${Object.keys(manifest.tables).length} tables, ${manifest.files.length} files)\n`,
      );
      return 0;
    } finally {
      await database.close();
    }
  }

  if (command === "restore") {
    const archive = rest.find((argument) => !argument.startsWith("--"));
    if (!archive) {
      console.error(usage);
      return 2;
    }
    if (!config.DATABASE_URL && (await runningServer(config)))
      throw new BackupError("Stop the server first: it has the PGlite database open");
    const database = await openConfiguredDatabase(config, { poolMax: 4 });
    try {
      const safetyBackup = path.join(config.BACKUP_DIR, `before-restore-${backupFileName()}`);
      const result = await restoreBackup({
        archive,
        database,
        storage: createStorage(config),
        force: rest.includes("--force"),
        safetyBackup,
      });
      // Instances running on the same PostgreSQL forget every page and setting they keep (decision 026).
      const logger = createLogger({ level: config.LOG_LEVEL, pretty: !config.isProduction });
      await createFreshness({ db: database.db, logger, tellOthers: Boolean(config.DATABASE_URL) }).changed(
        "everything",
      );
      const rows = Object.values(result.manifest.tables).reduce((total, table) => total + table.rows, 0);
      if (existsSync(safetyBackup)) process.stdout.write(`What was there before is saved in ${safetyBackup}\n`);
      process.stdout.write(
        `Restored ${archive} (made ${result.manifest.createdAt} on ${result.manifest.databaseKind}): ${rows} rows, ${result.manifest.files.length} files; migrations ${result.migratedFrom} → ${result.migratedTo}\n`,
      );
      return 0;
    } finally {
      await database.close();
    }
  }

  console.error(usage);
  return 2;
}
