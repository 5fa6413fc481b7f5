import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { withAdminClient } from "./postgres-admin";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (a tarball): each test file starts from it instead of running initdb. */
    pgliteImage: string;
    /** The same before its migrations: what the tests of migrating and restoring start from (initdb is 2.5 s of CPU). */
    pgliteEmptyImage: string;
    /** A migrated PostgreSQL database that each test file's database is copied from, or null without PostgreSQL. */
    postgresTemplate: string | null;
  }
}

/** Migrates once per run; every test file then gets a fresh copy (EXAMPLES 11). */
export default async function setup(project: TestProject) {
  const directory = await mkdtemp(path.join(tmpdir(), "scene-test-images-"));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = serverUrl ? `scene_template_${randomBytes(4).toString("hex")}` : null;
  // The two engines migrate side by side: PGlite works in this thread, PostgreSQL in its own process.
  const [images] = await Promise.all([
    pgliteImages(directory),
    serverUrl && template ? migratePostgresTemplate(serverUrl, template) : null,
  ]);
  project.provide("pgliteImage", images.migrated);
  project.provide("pgliteEmptyImage", images.empty);
  project.provide("postgresTemplate", template);

  return async () => {
    await rm(directory, { recursive: true, force: true });
    if (serverUrl && template) {
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`));
    }
  };
}

async function pgliteImages(directory: string) {
  const pglite = await openDatabase({ kind: "pglite" });
  const dump = async (name: string) => {
    const file = path.join(directory, name);
    await writeFile(file, Buffer.from(await (await pglite.dumpDataDir!()).arrayBuffer()));
    return file;
  };
  const empty = await dump("pglite-empty.tar");
  await pglite.migrate();
  const migrated = await dump("pglite.tar");
  await pglite.close();
  return { empty, migrated };
}

async function migratePostgresTemplate(serverUrl: string, template: string) {
  await withAdminClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE "${template}" ENCODING 'UTF8' TEMPLATE template0`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const postgres = await openDatabase({ kind: "postgres", url: url.toString(), poolMax: 1 });
  await postgres.migrate();
  await postgres.close();
}
