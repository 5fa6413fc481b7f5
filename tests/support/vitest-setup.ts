import { afterEach, beforeEach, vi } from "vitest";

// A console.error during a test is a bug the test did not assert on: fail the test.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${consoleErrors.map((args) => args.map(String).join(" ")).join("\n")}`,
    );
  }
});
