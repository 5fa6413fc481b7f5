import { expect, groupsOf, stepThrough, test } from "../support/test";
import { expectSecurityHeaders } from "../support/security-headers";
import { visit } from "../support/visit";

const seededHeadings: [path: string, heading: string][] = [
  ["/", "Livemusik ved havnen"],
  ["/koncerter", "Koncerter"],
  ["/koncerter/arkiv", "Tidligere koncerter"],
  ["/musik", "Musik"],
  ["/videoer", "Videoer"],
  ["/billeder", "Billeder"],
  ["/priser", "Priser"],
  ["/praktisk-info", "Praktisk info"],
  ["/vilkaar", "Vilkår"],
  ["/privatlivspolitik", "Privatlivspolitik"],
  ["/husorden", "Husorden"],
  ["/reservation", "Reservation"],
];

// A few pages per test, in one browser page: a test's first page costs far more than the next (decision 047).
for (const pages of groupsOf(seededHeadings, 6)) {
  test(`${pages.map(([path]) => path).join(", ")} render their seeded headings and carry the security headers`, async ({
    page,
  }) => {
    await stepThrough(
      pages,
      ([path]) => path,
      async ([path, heading]) => {
        const response = await visit(page, path);
        await expectSecurityHeaders(page, response);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        await expect(page.locator("html")).toHaveAttribute("lang", "da");
        await expect(page).toHaveTitle(/Havnescenen/);
      },
    );
  });
}

test("the front page shows its sections and the venue's details in the footer", async ({ page }) => {
  await visit(page, "/");
  await expect(page.getByRole("heading", { level: 2, name: "Velkommen til Havnescenen" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Havnegade 12");
  await expect(page.getByRole("contentinfo")).toContainText("CVR 12345674");
});

test("a trailing slash serves the same page", async ({ page }) => {
  await visit(page, "/priser/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Priser");
});

test("the page API answers the spec's shape", async ({ request }) => {
  const response = await request.get("/api/prisma/get-page-by-name/prices");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.data).toHaveLength(1);
  expect(body.data[0].page_header).toBe("Priser");
  expect(body.data[0].sections[0].section_header).toBe("Leje af salen");

  const unknown = await request.get("/api/prisma/get-page-by-name/findes-ikke");
  expect(await unknown.json()).toEqual({ data: [] });
});

test("/healthz reports status, build and database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = await response.json();
  expect(body).toMatchObject({ status: "ok", db: "ok" });
  expect(body.version).toMatch(/^[A-Za-z0-9._-]+$/);
});

test("seeded images are served from storage with their content type", async ({ page, request }) => {
  await visit(page, "/");
  const src = await page.locator("main img").first().getAttribute("src");
  expect(src).toMatch(/^\/storage\/v1\/object\/public\/media\/[\w.-]+\.webp$/);
  const image = await request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
});

test("/musik carries its canonical address, a sharing card and schema.org data naming the albums", async ({ page }) => {
  await visit(page, "/musik");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/musik$/);
  const card = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(card).toMatch(/^https?:\/\/.+\/storage\/v1\/object\/public\/media\/[\w-]+\.og\.jpg$/);
  const cardImage = await page.request.get(new URL(card!).pathname);
  expect(cardImage.headers()["content-type"]).toBe("image/jpeg");
  const { default: sharp } = await import("sharp");
  expect(await sharp(await cardImage.body()).metadata()).toMatchObject({ width: 1200, height: 630 });
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(json!) as { "@graph": { album: { name: string }[] }[] };
  expect(data["@graph"].flatMap((group) => group.album.map((album) => album.name))).toEqual(
    expect.arrayContaining(["Fra kajen", "Natlys", "Salt i håret"]),
  );
});

test("an album has its own page, and the site can be installed on a phone", async ({ page, request }) => {
  await visit(page, "/musik");
  await page.getByRole("link", { name: "Natlys", exact: true }).click();
  await expect(page).toHaveURL(/\/musik\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Natlys af Kajens Kvartet");
  await expect(page).toHaveTitle(/^Natlys · Kajens Kvartet · Havnescenen$/);

  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ name: "Havnescenen", lang: "da-DK", display: "standalone" });
  for (const icon of manifest.icons as { src: string }[]) {
    const response = await request.get(icon.src);
    expect(response.headers()["content-type"]).toBe("image/png");
  }
  expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /kurv");
});
