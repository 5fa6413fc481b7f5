import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { createPage } from "~/features/content/pages.server";
import { removeFile, storeFile } from "~/features/storage/storage.server";
import { demoImages, demoPages, demoSettings, type DemoImageName } from "./demo-content";
import { renderDemoImage } from "./demo-images.server";

export type SeedResult = "seeded" | "already-seeded";

/**
 * Fills an empty database with the demo venue. The settings row is the marker: it is inserted in the
 * same transaction as the content, and its primary key makes a second (or concurrent) seed a no-op.
 */
export async function seedDemoContent(db: Database, options: { dataDir: string; logger?: Logger }): Promise<SeedResult> {
  const [existing] = await db.select({ id: siteSettings.id }).from(siteSettings).where(eq(siteSettings.id, 1));
  if (existing) return "already-seeded";

  const imageKeys = new Map<DemoImageName, string>();
  for (const [name, spec] of Object.entries(demoImages) as [DemoImageName, (typeof demoImages)[DemoImageName]][]) {
    const bucket = name === "hall" || name === "bar" ? "sections" : "pages";
    imageKeys.set(name, await storeFile(options.dataDir, bucket, "webp", await renderDemoImage(spec)));
  }
  const keyOf = (name: DemoImageName | undefined) => (name ? (imageKeys.get(name) ?? null) : null);

  const seeded = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(siteSettings)
      .values({ ...demoSettings, seededAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: siteSettings.id });
    if (inserted.length === 0) return false;
    for (const page of demoPages) {
      await createPage(tx as unknown as Database, {
        page: page.page,
        header: page.header,
        image: keyOf(page.image),
        sections: page.sections.map((section) => ({ ...section, image: keyOf(section.image) })),
      });
    }
    return true;
  });

  if (!seeded) {
    await Promise.all([...imageKeys.values()].map((key) => removeFile(options.dataDir, key)));
    return "already-seeded";
  }
  options.logger?.info({ pages: demoPages.length }, "seeded demo content");
  return "seeded";
}
