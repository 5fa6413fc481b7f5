import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Reporter } from "@playwright/test/reporter";

/** The folders this run made itself, as a list in the environment that the workers inherit. */
const OWN_FOLDERS = "E2E_OWN_RUN_FOLDERS";

/**
 * The folder a run keeps in `variable`: one given from outside (to look into after a run), else a new one in /tmp
 * that `RemoveRunFolders` removes when the run is over.
 */
export function runFolder(variable: string, prefix: string): string {
  const given = process.env[variable];
  if (given) return given;
  const made = mkdtempSync(path.join(tmpdir(), prefix));
  process.env[variable] = made;
  process.env[OWN_FOLDERS] = JSON.stringify([...ownFolders(), made]);
  return made;
}

function ownFolders(): string[] {
  return JSON.parse(process.env[OWN_FOLDERS] ?? "[]") as string[];
}

/**
 * A reporter only for its last hook: Playwright calls `onExit` after it has stopped the web server, which writes
 * into its data folder until then. A global teardown runs before that.
 */
export default class RemoveRunFolders implements Reporter {
  async onExit() {
    await Promise.all(ownFolders().map((folder) => rm(folder, { recursive: true, force: true })));
  }

  printsToStdio() {
    return false;
  }
}
