import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, mayReloadAfterChunkError } from "./chunk-reload";

describe("mayReloadAfterChunkError", () => {
  const now = 1_000_000;

  it("reloads the first time", () => {
    expect(mayReloadAfterChunkError(null, now)).toBe(true);
  });

  it("refuses a second reload within 10 seconds, so it cannot loop", () => {
    expect(mayReloadAfterChunkError(now - 1, now)).toBe(false);
    expect(mayReloadAfterChunkError(now - CHUNK_RELOAD_GUARD_MS + 1, now)).toBe(false);
  });

  it("allows it again after 10 seconds, or when the clock went backwards", () => {
    expect(mayReloadAfterChunkError(now - CHUNK_RELOAD_GUARD_MS, now)).toBe(true);
    expect(mayReloadAfterChunkError(now + 5_000, now)).toBe(true);
  });
});

describe("isChunkLoadError", () => {
  it("recognises the browsers' messages for a missing module", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });
});
