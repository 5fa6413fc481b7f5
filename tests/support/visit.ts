import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Response } from "@playwright/test";

/** Runs axe on the page as it is now, in light and in dark mode; zero violations allowed. */
export async function expectAccessible(page: Page) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    // Colour transitions run after the switch; measure contrast once they have finished.
    // Not waited for, as they never finish: scroll-driven ones (the parallax), endless ones, and those in
    // hidden content (a closed <details> is content-visibility: hidden, which holds its transitions).
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
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    const summary = results.violations.map(
      (violation) =>
        `${violation.id} (${colorScheme}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(" ")).join("\n    ")}`,
    );
    expect(summary, `axe violations in ${colorScheme} mode`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

/** Every page visit of the e2e suite goes through here, so every visited page is checked by axe. */
export async function visit(page: Page, path: string, options: { status?: number } = {}): Promise<Response> {
  const response = await page.goto(path);
  if (!response) throw new Error(`No response for ${path}`);
  expect(response.status(), `status of ${path}`).toBe(options.status ?? 200);
  await expectAccessible(page);
  return response;
}
