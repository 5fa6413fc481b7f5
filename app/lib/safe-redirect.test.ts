import { describe, expect, it } from "vitest";
import { ExternalNavigationError, resolveNavigationTarget, safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps a same-site path with its query and hash", () => {
    expect(safeRedirectPath("/kurv?x=1#y")).toBe("/kurv?x=1#y");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it.each([
    "//evil.com",
    "/\\evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "https://evil.com",
    "javascript:alert(1)",
    "data:text/html,x",
    "kurv",
    "",
  ])("refuses %j", (target) => {
    expect(safeRedirectPath(target)).toBe("/");
  });

  it("keeps an encoded path on the site", () => {
    expect(safeRedirectPath("/%2F%2Fevil.com")).toBe("/%2F%2Fevil.com");
    expect(new URL(safeRedirectPath("/%2F%2Fevil.com"), "https://scene.dk").host).toBe("scene.dk");
  });

  it("falls back for anything that is not a string", () => {
    expect(safeRedirectPath(undefined, "/bruger")).toBe("/bruger");
    expect(safeRedirectPath(["/x"])).toBe("/");
    expect(safeRedirectPath(42)).toBe("/");
  });
});

describe("resolveNavigationTarget", () => {
  it("lets same-site paths through", () => {
    expect(resolveNavigationTarget("/musik")).toBe("/musik");
  });

  it("refuses an external address without the flag, and allows it with", () => {
    expect(() => resolveNavigationTarget("https://www.youtube.com/watch?v=x")).toThrow(ExternalNavigationError);
    expect(resolveNavigationTarget("https://www.youtube.com/watch?v=x", { external: true })).toBe(
      "https://www.youtube.com/watch?v=x",
    );
  });

  it("always refuses script and data addresses", () => {
    expect(() => resolveNavigationTarget("javascript:alert(1)", { external: true })).toThrow(ExternalNavigationError);
    expect(() => resolveNavigationTarget("data:text/html,x", { external: true })).toThrow(ExternalNavigationError);
    expect(() => resolveNavigationTarget("//evil.com")).toThrow(ExternalNavigationError);
  });
});
