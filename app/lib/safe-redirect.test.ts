import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const UNSAFE = [
  "//evil.com",
  "///evil.com",
  "/\\evil.com",
  "/\\/evil.com",
  "/x\\..\\..\\evil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "/\r/evil.com",
  "/x\u0000",
  "/x\u007f",
  "/x\u0085",
  "https://evil.com",
  "http://evil.com/kurv",
  "HTTPS://evil.com",
  "https:evil.com",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "%2F%2Fevil.com",
  "%2f%2fevil.com",
  "\\\\evil.com",
  " /kurv",
  "kurv",
  "evil.com",
  "",
];

describe("safeRedirectPath", () => {
  it.each(["/", "/kurv", "/kurv?x=1#y", "/kalender/2026-03-29?visning=uge", "/%C3%B8l", "/ø?a=b&c=d#top"])(
    "keeps the same-site path %j as it is",
    (target) => {
      expect(safeRedirectPath(target)).toBe(target);
    },
  );

  it.each(UNSAFE)("refuses %j", (target) => {
    expect(safeRedirectPath(target)).toBe("/");
    expect(safeRedirectPath(target, "/bruger")).toBe("/bruger");
  });

  it("keeps an encoded slash inside the path, which a browser does not decode into a host", () => {
    for (const target of ["/%2F%2Fevil.com", "/%5Cevil.com", "/%09/evil.com"]) {
      expect(safeRedirectPath(target)).toBe(target);
      expect(new URL(safeRedirectPath(target), "https://scene.dk").host).toBe("scene.dk");
    }
  });

  it("keeps a path that climbs above the root on the site", () => {
    expect(safeRedirectPath("/../../evil.com")).toBe("/../../evil.com");
    expect(new URL("/../../evil.com", "https://scene.dk").host).toBe("scene.dk");
  });

  it.each([undefined, null, 42, true, ["/x"], { toString: () => "/x" }, new URL("https://scene.dk/x")])(
    "falls back for the non-string %j",
    (target) => {
      expect(safeRedirectPath(target)).toBe("/");
      expect(safeRedirectPath(target, "/bruger")).toBe("/bruger");
    },
  );
});
