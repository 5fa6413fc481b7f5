import { randomBytes, randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { adminContentTypes } from "../../app/features/content/content-types";
import { shiftMonth, todayInCopenhagen } from "../../app/lib/days";
import { expect, groupsOf, stepThrough, test } from "../support/test";
import { expectAccessible } from "../support/visit";

/**
 * Every admin page on a phone (issue 18): at 390 × 844, in light and in dark mode, the page never pans sideways,
 * every action in it can be reached without doing so, and axe finds nothing.
 */
test.use({ viewport: { width: 390, height: 844 } });

const adminPages = [
  ...adminContentTypes.flatMap(({ path }) => [path, `${path}/create`]),
  "/medier",
  "/alle-brugere",
  "/reservationer",
  "/udlejning",
  "/alle-reservationer",
  "/blokerede-datoer",
  "/reservationsindstillinger",
  "/forespoergsler",
  "/fakturaer",
  "/test",
];

/** What pans the page sideways, and the actions in main that lie (partly) beyond the screen's left or right edge. */
function outsideTheScreen(page: Page) {
  return page.evaluate(() => {
    const scroller = document.scrollingElement!;
    const width = document.documentElement.clientWidth;
    const actions = [
      ...document.querySelectorAll<HTMLElement>(
        "main :is(a[href], button, summary, [role=button], input:not([type=hidden]), select, textarea)",
      ),
    ];
    const outside = actions
      .filter((element) => element.checkVisibility({ visibilityProperty: true }))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} “${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}” at ${Math.round(box.left)}–${Math.round(box.right)} px`,
      );
    return {
      overflow:
        scroller.scrollWidth > scroller.clientWidth ? `${scroller.scrollWidth} > ${scroller.clientWidth}` : null,
      outside,
    };
  });
}

async function expectFitsThePhone(page: Page) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const { overflow, outside } = await outsideTheScreen(page);
    expect(overflow, `the page is wider than the screen (${colorScheme})`).toBeNull();
    expect(outside, `actions beyond the screen's edge (${colorScheme})`).toEqual([]);
  }
  await expectAccessible(page);
}

/*
 * A few pages per test, one after another in the same browser page: the first page a test opens costs 1–2 s of
 * CPU more than the next, which was half of this spec's time with a test per page (decision 047).
 */
for (const paths of groupsOf(adminPages, 7)) {
  test(`${paths.join(", ")} fit a phone`, async ({ page, signIn }) => {
    await signIn({ role: "admin" });
    await stepThrough(
      paths,
      (path) => path,
      async (path) => {
        const response = await page.goto(path);
        expect(response?.status(), `status of ${path}`).toBe(200);
        await expectFitsThePhone(page);
      },
    );
  });
}

test("an album's own page, with its tracks, fits a phone", async ({ page, signIn }) => {
  await signIn({ role: "admin" });
  await page.goto("/album");
  await page
    .getByRole("link", { name: /^Rediger / })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "Numre" })).toBeVisible();
  await expectFitsThePhone(page);
});

test("a month's bookings are cards on a phone, and cancelling one opens inside its card", async ({ page, signIn }) => {
  // An admin of its own who books a day far ahead (the demo venue has no bookings), so the list has a card.
  await signIn({ role: "admin", name: "Mobil Admin", email: `mobil-${randomBytes(4).toString("hex")}@example.dk` });
  await page.goto("/bruger/update");
  await page.getByLabel("Adresse").fill("Kajgade 12, 8000 Aarhus C");
  await page.getByLabel("Telefon").fill("20 12 34 56");
  await page.getByRole("button", { name: "Gem", exact: true }).click();
  await expect(page).toHaveURL(/\/bruger$/);
  const month = shiftMonth(todayInCopenhagen().slice(0, 7), 8);
  await page.goto(`/reservation?maaned=${month}`);
  // A free day picked at random, so a run in parallel with the booking tests does not race them for it.
  const free = page.locator(`[data-day^="${month}-"]:not([aria-disabled])`);
  const day = page.locator(`[data-day="${await free.nth(randomInt(0, 20)).getAttribute("data-day")}"]`);
  await day.click();
  await expect(day).toHaveAccessibleName(/i din kurv/);
  await page.goto("/kurv");
  await page.getByLabel("Jeg har læst og accepterer lejekontrakten").check();
  await page.getByRole("button", { name: "Gå til betaling" }).click();
  await page.getByRole("button", { name: "Betal", exact: true }).click();
  await expect(page).toHaveURL(/\/success\?ordre=/);

  await page.goto(`/reservationer?maaned=${month}`);
  const card = page.getByRole("row").filter({ hasText: "Kajgade 12, 8000 Aarhus C" });
  await card.getByText("Aflys", { exact: true }).click();
  await expect(card.getByRole("button", { name: "Aflys reservationen" })).toBeInViewport();
  await expectFitsThePhone(page);
});

test("the admin menu opens on a phone and reaches every admin page", async ({ page, signIn }) => {
  await signIn({ role: "admin" });
  await page.goto("/album");
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  const administration = page.getByRole("dialog", { name: "Menu" }).getByRole("navigation", { name: "Administration" });
  for (const name of ["Mine sider", "Reservationer", "Brugere", "Systemstatus", "Opret koncert"]) {
    const link = administration.getByRole("link", { name, exact: true });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  await administration.getByRole("link", { name: "Systemstatus", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Systemstatus");
});
