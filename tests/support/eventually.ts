import { vi } from "vitest";

/**
 * Waits until `check` passes, as `vi.waitFor` does, for as long as a loaded machine may take. Vitest's own 1 s is
 * short for a notice that crosses database connections while the other worker runs a browser and a server.
 * `expect.poll` waits as long (vitest.config.ts).
 */
export function eventually<T>(check: () => T | Promise<T>) {
  return vi.waitFor(check, { timeout: 10_000 });
}
