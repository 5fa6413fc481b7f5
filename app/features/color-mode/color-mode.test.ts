import { describe, expect, it } from "vitest";
import { colorModeCookie, readColorMode } from "./color-mode";

describe("readColorMode", () => {
  it("reads the mode among other cookies", () => {
    expect(readColorMode("a=1; color-mode=dark; b=2")).toBe("dark");
    expect(readColorMode("color-mode=light")).toBe("light");
  });

  it("falls back to system for a missing or unknown value", () => {
    expect(readColorMode(null)).toBe("system");
    expect(readColorMode("color-mode=purple")).toBe("system");
    expect(readColorMode("xcolor-mode=dark")).toBe("system");
  });
});

describe("colorModeCookie", () => {
  it("keeps the choice for 365 days on the whole site", () => {
    const cookie = colorModeCookie("dark", { secure: false });
    expect(cookie).toContain("color-mode=dark");
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
    expect(colorModeCookie("light", { secure: true })).toContain("Secure");
  });
});
