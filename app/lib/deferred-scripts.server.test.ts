import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferFrameworkScripts, deferFrameworkScriptsInStream } from "./deferred-scripts.server";

const frameworkScript =
  'import * as route0 from "/assets/root-A.js";\nwindow.x = "<b>";\nimport("/assets/entry-B.js");';
const page = [
  '<!DOCTYPE html><html lang="da"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry-B.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/chunk-C.js" nonce="n0nce"/>',
  "<title>Havnescenen – æøå</title></head><body><main>Næste koncerter</main>",
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>',
  `<script nonce="n0nce" type="module" async="">${frameworkScript}</script>`,
  '<script nonce="n0nce">window.__reactRouterContext.streamController.close();</script></body></html>',
].join("");

/** The arguments the starter is called with, read back from the document. */
function starterArguments(html: string) {
  const call = /<script nonce="n0nce">\(function[\s\S]*?\}\)\((\[[^\]]*\]),("(?:[^"\\]|\\.)*"),(\d+)\)<\/script>/.exec(
    html,
  );
  if (!call) throw new Error("no starter in the document");
  return { modules: JSON.parse(call[1]!), script: JSON.parse(call[2]!), waitMs: Number(call[3]) };
}

describe("deferFrameworkScripts", () => {
  it("takes the module preloads and the module script out and starts them from one classic script", () => {
    const deferred = deferFrameworkScripts(page)!;
    expect(deferred).not.toContain('rel="modulepreload" href');
    expect(deferred).not.toContain('type="module"');
    expect(starterArguments(deferred)).toEqual({
      modules: ["/assets/entry-B.js", "/assets/chunk-C.js"],
      script: frameworkScript,
      waitMs: 2500,
    });
  });

  it("keeps everything else as it was, in order", () => {
    const deferred = deferFrameworkScripts(page)!;
    const withoutStarter = deferred.replace(/<script nonce="n0nce">\(function[\s\S]*?<\/script>/, "[starter]");
    expect(withoutStarter).toBe(
      page
        .replace(/<link rel="modulepreload"[^>]*\/>/g, "")
        .replace(/<script nonce="n0nce" type="module"[\s\S]*?<\/script>/, "[starter]"),
    );
  });

  it("writes the framework's script with no markup in it that could end the starter's element", () => {
    const starter = /<script nonce="n0nce">(\(function[\s\S]*?)<\/script>/.exec(deferFrameworkScripts(page)!)![1]!;
    expect(starter).not.toContain("<");
  });

  it("leaves a document without the framework's script alone", () => {
    expect(deferFrameworkScripts("<html><body>Fejl</body></html>")).toBeNull();
  });
});

describe("deferFrameworkScriptsInStream", () => {
  const bytes = Buffer.from(page, "utf8");
  // Cuts inside "æøå" (two bytes each), inside a preload link, inside the module script and after it.
  const cuts = [
    [bytes.indexOf("æøå") + 1],
    [bytes.indexOf("chunk-C"), bytes.indexOf("route0"), bytes.indexOf("close()")],
    Array.from({ length: Math.ceil(bytes.length / 7) }, (_, index) => (index + 1) * 7),
  ];

  it.each(cuts.map((at) => [at.length, at] as const))("gives the same document in %i+1 pieces", async (_, at) => {
    const pieces = [0, ...at, bytes.length]
      .slice(1)
      .map((end, index, ends) => bytes.subarray(index ? ends[index - 1] : 0, end));
    const streamed = await text(Readable.from(pieces).pipe(deferFrameworkScriptsInStream()));
    expect(streamed).toBe(deferFrameworkScripts(page));
  });

  it("passes a document without the framework's script through unchanged", async () => {
    const plain = "<html><body>Siden findes ikke – æøå</body></html>";
    const streamed = await text(
      Readable.from([Buffer.from(plain).subarray(0, 30), Buffer.from(plain).subarray(30)]).pipe(
        deferFrameworkScriptsInStream(),
      ),
    );
    expect(streamed).toBe(plain);
  });
});
