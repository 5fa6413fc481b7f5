import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflateParts, gzipAround } from "./gzip-splice";

const page = (nonce: string) =>
  `<!doctype html><html lang="da"><script nonce="${nonce}">1</script><style>${"body{color:red}".repeat(500)}</style>` +
  `<p>Næste koncerter – fre. 4. dec.</p><script nonce="${nonce}">2</script></html>`;

describe("gzip around a nonce", () => {
  it.each([
    ["a page with the nonce twice", page("PLACEHOLDER"), "r4nd0m-nonce_value"],
    ["a body without the nonce", "<p>ingen scripts</p>", "x"],
    ["empty parts at both ends", "PLACEHOLDERmidtPLACEHOLDER", "n"],
    ["a large body", "æøå ".repeat(50_000) + "PLACEHOLDER" + "slut", "abc"],
  ])("%s decompresses to the parts joined by the nonce", (_, body, nonce) => {
    const parts = body.split("PLACEHOLDER").map((part) => Buffer.from(part));
    const gzip = gzipAround(parts, deflateParts(parts), Buffer.from(nonce));
    expect(zlib.gunzipSync(gzip).toString()).toBe(body.replaceAll("PLACEHOLDER", nonce));
  });

  it("compresses a page about as well as gzip of the whole", () => {
    const parts = page("PLACEHOLDER")
      .split("PLACEHOLDER")
      .map((part) => Buffer.from(part));
    const spliced = gzipAround(parts, deflateParts(parts), Buffer.from("nonce"));
    expect(spliced.length).toBeLessThan(zlib.gzipSync(page("nonce")).length + 64);
  });
});
