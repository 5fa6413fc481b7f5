import { afterEach, beforeEach, vi } from "vitest";

// A console.error during a test is a bug the test did not assert on: fail the test.
// Caught by a plain function, not a spy: Vitest keeps every spy a worker ever made and `restoreAllMocks` restores
// them all again after each test, so a spy per test made the run quadratic (9 s of CPU over 2,443 tests here).
const consoleError = console.error;
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
  };
});
afterEach(() => {
  console.error = consoleError;
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${consoleErrors.map((args) => args.map(String).join(" ")).join("\n")}`,
    );
  }
});
