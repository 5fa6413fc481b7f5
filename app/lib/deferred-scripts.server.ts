import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/*
 * The first view of every page is complete HTML and CSS: links and forms work before any script runs. React
 * Router still asks for its ~20 modules (about 130 KB) in <head>, where on a slow line they share the bandwidth
 * with the document and the largest picture and hold the first paint back. A page therefore starts its
 * scripts only once its first content is painted and the picture of its largest paint (the one image with
 * fetchpriority="high") has arrived; ADR 021 says why and what it costs.
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const FRAMEWORK_MODULE_SCRIPT = /<script([^>]*) type="module" async="">([\s\S]*?)<\/script>/;
/** Long enough for the largest picture on a slow phone line; the scripts never wait longer than this. */
export const LARGEST_PICTURE_WAIT_MS = 2500;

/** Runs in the page, as its own source text: preloads the modules and starts the framework's script. */
function startScriptsAfterFirstPaint(modules: string[], frameworkScript: string, waitMs: number) {
  const nonce = document.currentScript?.nonce ?? "";
  let started = false;
  function start() {
    if (started) return;
    started = true;
    modules.forEach(function (href) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = frameworkScript;
    document.head.appendChild(script);
  }
  function afterLargestPicture() {
    const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    if (!picture || picture.complete) return start();
    picture.addEventListener("load", start);
    picture.addEventListener("error", start);
    setTimeout(start, waitMs);
  }
  // A tab opened in the background paints nothing until it is shown; its scripts need not wait for that.
  if (document.visibilityState === "hidden" || !("PerformanceObserver" in window)) return start();
  if (performance.getEntriesByName("first-contentful-paint").length) return afterLargestPicture();
  const paints = new PerformanceObserver(function (list) {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    paints.disconnect();
    afterLargestPicture();
  });
  paints.observe({ type: "paint" });
  // A browser that reports no paints still gets its scripts.
  setTimeout(start, waitMs);
}

/** JSON that is safe inside a <script> element: no "</script>" or "<!--" can close or confuse it. */
function scriptSafeJson(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The document with the framework's module preloads removed and its module script replaced by a classic script
 * that starts them after the first paint; null while the document has no framework module script (yet).
 */
export function deferFrameworkScripts(html: string): string | null {
  const moduleScript = FRAMEWORK_MODULE_SCRIPT.exec(html);
  if (!moduleScript) return null;
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const [whole, attributes, frameworkScript] = moduleScript;
  const starter = `<script${attributes}>(${startScriptsAfterFirstPaint.toString()})(${scriptSafeJson(modules)},${scriptSafeJson(frameworkScript)},${LARGEST_PICTURE_WAIT_MS})</script>`;
  const before = html.slice(0, moduleScript.index).replace(MODULE_PRELOAD, "");
  return before + starter + html.slice(moduleScript.index + whole.length);
}

/**
 * Applies `deferFrameworkScripts` to a streamed document: holds the stream back until the framework's module
 * script has gone by (it closes the shell React sends first), then passes the rest on as it comes.
 */
export function deferFrameworkScriptsInStream() {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.write(chunk);
      if (done) return callback(null, text || undefined);
      pending += text;
      const deferred = deferFrameworkScripts(pending);
      if (deferred === null) return callback();
      done = true;
      pending = "";
      callback(null, deferred);
    },
    flush(callback) {
      callback(null, pending + decoder.end() || undefined);
    },
  });
}
