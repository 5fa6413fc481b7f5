import type { Page } from "@playwright/test";
import { editorsLoaded, pngFile, SAVING_A_PICTURE, signInAsAdmin, toasts } from "../support/content";
import { expect, test } from "../support/test";
import { expectAccessible, visit } from "../support/visit";

async function createDraft(page: Page, path: string, fields: Record<string, string>, withImage = true) {
  await page.goto(`${path}/create`);
  await editorsLoaded(page);
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  if (withImage) await page.getByLabel("Billede", { exact: true }).setInputFiles(await pngFile());
  await page.getByLabel("Publiceret").uncheck();
  await page.getByRole("button", { name: "Opret", exact: true }).click();
  await expect(toasts(page).getByText(/er oprettet$/)).toBeVisible(SAVING_A_PICTURE);
}

const draftCases: {
  what: string;
  path: string;
  create: string;
  fields: (title: string) => Record<string, string>;
  withImage: boolean;
  pages: [path: string, published: string][];
}[] = [
  {
    what: "album",
    path: "/album",
    create: "/album",
    fields: (title) => ({ Titel: title, Kunstner: "Ukendt", År: "2026" }),
    withImage: true,
    pages: [["/musik", "Fra kajen"]],
  },
  {
    what: "article",
    path: "/article",
    create: "/article",
    fields: (title) => ({ Overskrift: title, Tekst: "Hemmelig tekst" }),
    withImage: true,
    pages: [["/", "Sommerkoncerter på kajen"]],
  },
  {
    what: "banner",
    path: "/banner",
    create: "/banner",
    fields: (title) => ({ Titel: title, Tekst: "Hemmelig tekst" }),
    withImage: true,
    pages: [
      ["/", "Salen er din for en dag"],
      ["/parallex", "Aftener du husker"],
    ],
  },
  {
    what: "stock image",
    path: "/stock",
    create: "/stock",
    fields: (title) => ({ Titel: title, Beskrivelse: "Hemmelig tekst", "Alternativ tekst": "Hemmeligt billede" }),
    withImage: true,
    pages: [["/billeder", "Fuldt hus"]],
  },
  {
    what: "video",
    path: "/youtube",
    create: "/youtube",
    fields: (title) => ({ Titel: title, "YouTube-link": "https://www.youtube.com/shorts/aqz-KE-bpKQ" }),
    withImage: false,
    pages: [["/videoer", "Lydprøve med Kajens Kvartet"]],
  },
];

for (const draftCase of draftCases) {
  test(`a draft ${draftCase.what} is hidden from visitors, who see the published ones; the admin previews it`, async ({
    page,
    browser,
  }) => {
    const title = `Kladde ${draftCase.what} ${Date.now()}`;
    await signInAsAdmin(page, draftCase.path);
    await createDraft(page, draftCase.create, draftCase.fields(title), draftCase.withImage);

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    for (const [path, published] of draftCase.pages) {
      await visit(visitor, path);
      await expect(visitor.getByText(published, { exact: true }).first()).toBeVisible();
      await expect(visitor.getByText(title)).toHaveCount(0);
      // The preview switch means nothing to a visitor.
      await visitor.goto(`${path}?forhaandsvisning`);
      await expect(visitor.getByText(title)).toHaveCount(0);
    }
    await visitorContext.close();

    const [path] = draftCase.pages[0]!;
    await page.goto(`${path}?forhaandsvisning`);
    await expect(page.getByRole("status").filter({ hasText: "Forhåndsvisning" })).toBeVisible();
    await expect(page.getByText(title).first()).toBeVisible();
  });
}

test("a track keeps playing while the visitor goes from /musik to /billeder", async ({ page }) => {
  await visit(page, "/musik");
  await page.getByRole("button", { name: "Afspil Morgen ved molen" }).click();
  const player = page.getByRole("region", { name: "Musikafspiller" });
  await expect(player.getByTestId("player-title")).toHaveText("Morgen ved molen");
  const audio = page.getByTestId("site-audio");
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused && element.currentTime > 0.2))
    .toBe(true);
  const source = await audio.evaluate((element: HTMLAudioElement) => element.currentSrc);

  await page.getByRole("banner").getByRole("link", { name: "Billeder" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billeder");
  await expect(player.getByTestId("player-title")).toHaveText("Morgen ved molen");
  const before = await audio.evaluate((element: HTMLAudioElement) => element.currentTime);
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(before);
  expect(
    await audio.evaluate((element: HTMLAudioElement) => ({ paused: element.paused, src: element.currentSrc })),
  ).toEqual({ paused: false, src: source });

  await player.getByRole("button", { name: "Pause" }).click();
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
  await player.getByRole("button", { name: "Næste nummer" }).click();
  await expect(player.getByTestId("player-title")).toHaveText("Havnevals");
});

test("a video loads from YouTube only after the visitor presses play", async ({ page }) => {
  const youtubeRequests: string[] = [];
  page.on("request", (request) => {
    if (/youtube|ytimg|googlevideo/.test(new URL(request.url()).hostname)) youtubeRequests.push(request.url());
  });
  await page.route(/youtube-nocookie\.com/, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Afspiller</title>" }),
  );
  await visit(page, "/videoer");
  await expect(page.locator("iframe")).toHaveCount(0);
  expect(youtubeRequests).toEqual([]);

  await page.getByRole("button", { name: "Afspil video: Lydprøve med Kajens Kvartet" }).click();
  const frame = page.locator("iframe[title='Lydprøve med Kajens Kvartet']");
  await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/ScMzIvxBSi4\?autoplay=1/);
  await expect.poll(() => youtubeRequests.length).toBeGreaterThan(0);
});

test("the gallery opens a picture in a lightbox that arrows and Escape control", async ({ page }) => {
  await visit(page, "/billeder");
  await page.getByRole("link", { name: "Vis Fuldt hus i stor størrelse" }).click();
  const lightbox = page.getByRole("dialog", { name: "Fuldt hus" });
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByText(/^Billede 2 af \d+$/)).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: "Baren" })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: "Scenen klar til aften" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("images come as AVIF and WebP in several widths, with their size given", async ({ page, request }) => {
  await visit(page, "/billeder");
  const picture = page.locator("main picture").first();
  const avif = await picture.locator("source[type='image/avif']").getAttribute("srcset");
  expect(avif).toMatch(/\.w480\.avif 480w/);
  const image = picture.locator("img");
  await expect(image).toHaveAttribute("width", /\d+/);
  await expect(image).toHaveAttribute("height", /\d+/);
  const url = avif!.split(",")[0]!.trim().split(" ")[0]!;
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/avif");
  expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
});

test("two albums with the same title are told apart by name: artist and year", async ({ page }) => {
  const title = `Tvillinger ${Date.now()}`;
  await signInAsAdmin(page, "/album");
  // Drafts, so no other test's /musik changes: the admin sees them in the preview.
  await createDraft(page, "/album", { Titel: title, Kunstner: "Kajens Kvartet", År: "2024" });
  await createDraft(page, "/album", { Titel: title, Kunstner: "Havnens Trio", År: "2025" });

  await visit(page, "/musik?forhaandsvisning");
  const twins = page.getByRole("region", { name: title });
  await expect(twins).toHaveCount(2);
  await expect(page.getByRole("region", { name: new RegExp(`^${title}.*Kajens Kvartet · 2024$`) })).toHaveCount(1);
  await expect(page.getByRole("region", { name: new RegExp(`^${title}.*Havnens Trio · 2025$`) })).toHaveCount(1);
  // axe's landmark-unique among the rest.
  await expectAccessible(page);
});
