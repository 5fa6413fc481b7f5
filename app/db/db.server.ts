import type { Database, DatabaseHandle } from "./client.server";

// Kept on globalThis so a module reload in development does not lose the open connection.
const holder = globalThis as typeof globalThis & { __sceneDatabase?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined) {
  holder.__sceneDatabase = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  const handle = holder.__sceneDatabase;
  if (!handle) throw new Error("The database is not open: the server opens it at start (server/app.ts)");
  return handle;
}

/** The Drizzle database of this process. Routes and features call this; they never open one. */
export function getDb(): Database {
  return getDatabaseHandle().db;
}
