import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Response } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { waitUntilLive } from "./live";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
/**
 * The rules whose outcome depends on colours. The two colour modes differ only in colours, so the dark one is
 * checked for these; the light one for every rule.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

type AxeSelection = { type: "tag" | "rule"; values: string[] };

// The axe-core that @axe-core/playwright ships with (no second copy to keep in step).
const require = createRequire(import.meta.url);
const axeSource = readFileSync(
  require.resolve("axe-core/axe.min.js", { paths: [require.resolve("@axe-core/playwright")] }),
  "utf8",
);

type Violation = Pick<AxeResults["violations"][number], "id" | "help"> & { targets: string[] };

/**
 * axe on the page as it is now. AxeBuilder injects axe-core's half-megabyte source into every frame and opens a
 * blank page to finish each run: a third of a journey's time. A page without frames is checked the same way by
 * axe-core itself, injected once per document; a page with frames still goes through AxeBuilder.
 */
async function axeViolations(page: Page, selection: AxeSelection): Promise<Violation[]> {
  if ((await page.locator("iframe").count()) > 0) {
    const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
    const results = await (
      selection.type === "tag" ? builder.withTags(selection.values) : builder.withRules(selection.values)
    ).analyze();
    return results.violations.map(({ id, help, nodes }) => ({
      id,
      help,
      targets: nodes.map((n) => n.target.join(" ")),
    }));
  }
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (runOnly) => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };
    // Only the violations are read: axe then details one node of each other kind instead of every node.
    const results = await axe.run(document, { runOnly, resultTypes: ["violations"] });
    return results.violations.map(({ id, help, nodes }) => ({
      id,
      help,
      targets: nodes.map((node) => node.target.join(" ")),
    }));
  }, selection);
}

/**
 * What the run has found accessible: a file per page's markup, in a directory that `playwright.config.ts` makes
 * for all the workers. Many tests pass the same pages; axe is the costliest step of a visit (0.5–1 s of CPU per
 * mode here) and says the same of the same markup, so it runs once per distinct page in the whole run.
 */
const accessibleDirectory = process.env.E2E_ACCESSIBLE_DIR;
const foundHere = new Set<string>();
const foundAccessible = (digest: string) =>
  foundHere.has(digest) || (accessibleDirectory !== undefined && existsSync(path.join(accessibleDirectory, digest)));
function rememberAccessible(digest: string) {
  foundHere.add(digest);
  if (accessibleDirectory) writeFileSync(path.join(accessibleDirectory, digest), "");
}

/**
 * The page's markup at its viewport, as axe sees it: without scripts, nonces and the values of hidden inputs
 * (tokens), and with each UUID named by its order of appearance. Two pages that differ only in the records' ids
 * (every test makes its own) are one page to axe: the same ids stay the same, and different ones different.
 */
async function markupDigest(page: Page) {
  const digestOrMarkup = await page.evaluate(async () => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    copy.querySelectorAll("script").forEach((script) => script.remove());
    copy.querySelectorAll('input[type="hidden"]').forEach((input) => input.removeAttribute("value"));
    const uuids = new Map<string, number>();
    const markup = `${innerWidth}x${innerHeight} ${copy.outerHTML}`
      .replace(/ nonce="[^"]*"/g, "")
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (uuid) => {
        if (!uuids.has(uuid)) uuids.set(uuid, uuids.size);
        return `uuid-${uuids.get(uuid)}`;
      });
    // Outside a secure context (a page served under another name than localhost) the page cannot hash it.
    if (!crypto.subtle) return markup;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(markup));
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
  });
  return /^[0-9a-f]{64}$/.test(digestOrMarkup)
    ? digestOrMarkup
    : createHash("sha256").update(digestOrMarkup).digest("hex");
}

/** Runs axe on the page as it is now, in light mode and (its colours) in dark mode; zero violations allowed. */
export async function expectAccessible(page: Page) {
  const digest = await markupDigest(page);
  if (foundAccessible(digest)) return;
  await holdTransitions(page, true);
  try {
    for (const colorScheme of ["light", "dark"] as const) await expectNoViolations(page, colorScheme);
  } finally {
    await page.emulateMedia({ colorScheme: null });
    await holdTransitions(page, false);
  }
  rememberAccessible(digest);
}

/**
 * Switches transitions off (or on again) while the page is checked: the colours a switch of colour mode ends on
 * are the same, without frames painted on the way there and a wait for them (a tenth of the end-to-end suite's
 * CPU here).
 */
function holdTransitions(page: Page, hold: boolean) {
  return page.evaluate((hold) => {
    const holder = window as unknown as { heldTransitions?: CSSStyleSheet };
    if (hold) {
      holder.heldTransitions = new CSSStyleSheet();
      holder.heldTransitions.replaceSync("*, *::before, *::after { transition: none !important; }");
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, holder.heldTransitions];
    } else {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== holder.heldTransitions);
    }
  }, hold);
}

async function expectNoViolations(page: Page, colorScheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme });
  // Measure contrast once the page's own animations have finished. Not waited for, as they never finish:
  // scroll-driven ones (the parallax), endless ones, and those in hidden content (a closed <details> is
  // content-visibility: hidden, which holds them).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
          return (
            animation.timeline === document.timeline &&
            animation.effect?.getComputedTiming().endTime !== Infinity &&
            (!target || target.checkVisibility({ contentVisibilityAuto: true }))
          );
        })
        .map((animation) => animation.finished),
    ),
  );
  const selection: AxeSelection =
    colorScheme === "light" ? { type: "tag", values: TAGS } : { type: "rule", values: COLOUR_RULES };
  const summary = (await axeViolations(page, selection)).map(
    (violation) => `${violation.id} (${colorScheme}): ${violation.help}\n    ${violation.targets.join("\n    ")}`,
  );
  expect(summary, `axe violations in ${colorScheme} mode`).toEqual([]);
}

/** Every page visit of the e2e suite goes through here, so every visited page is checked by axe. */
export async function visit(page: Page, path: string, options: { status?: number } = {}): Promise<Response> {
  const response = await page.goto(path);
  if (!response) throw new Error(`No response for ${path}`);
  expect(response.status(), `status of ${path}`).toBe(options.status ?? 200);
  // In a context without JavaScript the page's own scripts never ran, nor will the page be hydrated.
  if (await page.evaluate(() => "__reactRouterContext" in window)) await waitUntilLive(page, response);
  await expectAccessible(page);
  return response;
}
