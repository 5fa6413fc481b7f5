import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { forgetSiteSettings } from "~/features/site/settings.server";
import {
  addOns,
  albums,
  articles,
  banners,
  customerTypeTerms,
  events,
  reservationSettings,
  siteSettings,
  stockImages,
  tracks,
  videoLinks,
} from "~/db/schema";
import { forgetReservationSettings } from "~/features/rental/settings.server";
import { demoCustomerTerms, demoPaymentTerms } from "./demo-rental";
import { seedDemoRequests } from "./demo-requests.server";
import { seedDemoNewsletter } from "./demo-newsletter.server";
import { seedDemoTicketSales } from "./demo-tickets.server";
import { addDays } from "~/lib/days";
import { copenhagenDateKey, copenhagenInstant } from "~/lib/format";
import { createPage } from "~/features/content/pages.server";
import { plainTextToRichText } from "~/features/content/rich-text.server";
import { storeAudio } from "~/features/media/audio.server";
import { inProcessImageEncoder, type ImageEncoder } from "~/features/media/image-encoder.server";
import { saveEncodedImage } from "~/features/media/image.server";
import { insertReadyImage, LIBRARY_BUCKET } from "~/features/media/library.server";
import { imageFileKeys, type StoredImageRef } from "~/features/media/media";
import type { Storage } from "~/features/storage/storage.server";
import {
  demoAddOns,
  demoAlbums,
  demoArticles,
  demoBanners,
  demoEvents,
  demoImages,
  demoPages,
  demoSettings,
  demoStockImages,
  demoVideos,
  type DemoImageName,
} from "./demo-content";
import { renderDemoTune } from "./demo-audio.server";
import { encodeDemoImage } from "./demo-images.server";

export type SeedResult = "seeded" | "already-seeded";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fills an empty database with the demo venue. The settings row is the marker: it is inserted in the
 * same transaction as the content, and its primary key makes a second (or concurrent) seed a no-op.
 * Files are made first; if the seed turns out to be a no-op, they are removed again.
 */
export async function seedDemoContent(
  db: Database,
  options: {
    storage: Storage;
    logger?: Logger;
    now?: Date;
    /** Where encoded demo pictures are kept between seeds (see encodeDemoImage); none by default. */
    imageCacheDirectory?: string;
    /** The server's image process; the pictures are encoded in this process without it. */
    images?: ImageEncoder;
    /** The site's address, for the demo newsletter's letter as it went out (its links are whole in a mail). */
    publicUrl?: string;
  },
): Promise<SeedResult> {
  const [existing] = await db.select({ id: siteSettings.id }).from(siteSettings).where(eq(siteSettings.id, 1));
  if (existing) return "already-seeded";
  const { storage, imageCacheDirectory } = options;
  const images = options.images ?? inProcessImageEncoder;
  const now = options.now ?? new Date();

  const written: string[] = [];
  // Each demo picture is one library image (decision 020), shown by every row that names it. It is named after
  // the first row that shows it, as migration 0012 names the pictures it moves.
  const nameOf = new Map<DemoImageName, string>();
  for (const [image, title] of [
    ...demoStockImages.map((stock) => [stock.image, stock.title] as const),
    ...demoPages.flatMap((page) => [
      [page.image, page.header] as const,
      ...page.sections.map((section) => [section.image, section.header] as const),
    ]),
    ...demoAlbums.map((album) => [album.image, album.title] as const),
    ...demoArticles.map((article) => [article.image, article.header] as const),
    ...demoBanners.map((banner) => [banner.image, banner.title] as const),
    ...demoEvents.map((event) => [event.image, event.title] as const),
  ]) {
    if (image && !nameOf.has(image)) nameOf.set(image, title);
  }
  // The gallery's texts describe their pictures: they are the alt texts.
  const altOf = new Map(demoStockImages.map((stock) => [stock.image, stock.text]));

  const seeded = await (async () => {
    const files = new Map<DemoImageName, StoredImageRef>();
    for (const name of nameOf.keys()) {
      const encoded = await encodeDemoImage(demoImages[name], LIBRARY_BUCKET, imageCacheDirectory, images);
      const stored = await saveEncodedImage(storage, LIBRARY_BUCKET, encoded);
      written.push(...imageFileKeys(stored));
      files.set(name, stored);
    }
    const albumTracks: Omit<typeof tracks.$inferInsert, "albumId">[][] = [];
    for (const album of demoAlbums) {
      const rows: (typeof albumTracks)[number] = [];
      for (const [position, track] of album.tracks.entries()) {
        const { key, contentType, durationSeconds } = await storeAudio(storage, renderDemoTune(track.tune), images);
        written.push(key);
        const text = plainTextToRichText(track.text ?? "");
        rows.push({ title: track.title, text, audio: key, contentType, durationSeconds, position });
      }
      albumTracks.push(rows);
    }

    return db.transaction(async (tx) => {
      const inserted = await tx
        .insert(siteSettings)
        .values({ ...demoSettings, seededAt: now })
        .onConflictDoNothing()
        .returning({ id: siteSettings.id });
      if (inserted.length === 0) return false;
      const library = new Map<DemoImageName, { image: StoredImageRef; imageId: string }>();
      for (const [name, image] of files) {
        const imageId = await insertReadyImage(tx, { image, originalName: nameOf.get(name)!, alt: altOf.get(name) });
        library.set(name, { image, imageId });
      }
      const picture = (name: DemoImageName) => library.get(name)!;
      const optionalPicture = (name: DemoImageName | undefined) =>
        name ? picture(name) : { image: null, imageId: null };
      for (const page of demoPages) {
        await createPage(tx, {
          page: page.page,
          header: page.header,
          ...optionalPicture(page.image),
          sections: page.sections.map((section) => ({
            ...section,
            text: plainTextToRichText(section.text),
            ...optionalPicture(section.image),
          })),
        });
      }
      const albumIds = new Map<string, string>();
      for (const [position, album] of demoAlbums.entries()) {
        const [created] = await tx
          .insert(albums)
          .values({ ...album, ...picture(album.image), position })
          .returning({ id: albums.id });
        albumIds.set(album.title, created!.id);
        await tx.insert(tracks).values(albumTracks[position]!.map((track) => ({ ...track, albumId: created!.id })));
      }
      await tx.insert(articles).values(
        demoArticles.map((article) => {
          const createdAt = new Date(now.getTime() - article.daysAgo * DAY_MS);
          const text = plainTextToRichText(article.text);
          return { ...article, text, ...picture(article.image), createdAt, updatedAt: createdAt };
        }),
      );
      await tx
        .insert(banners)
        .values(demoBanners.map((banner, position) => ({ ...banner, ...picture(banner.image), position })));
      await tx
        .insert(stockImages)
        .values(demoStockImages.map((stock, position) => ({ ...stock, ...picture(stock.image), position })));
      await tx.insert(videoLinks).values(demoVideos);
      const today = copenhagenDateKey(now);
      const at = (inDays: number, time: string) => copenhagenInstant(addDays(today, inDays), time);
      await tx.insert(events).values(
        demoEvents.map((event) => ({
          ...event,
          albumId: event.album ? (albumIds.get(event.album) ?? null) : null,
          startsAt: at(event.inDays, event.time),
          movedTo: event.movedToInDays === undefined ? null : at(event.movedToInDays, event.time),
          description: plainTextToRichText(event.description),
          ...optionalPicture(event.image),
        })),
      );
      await tx.update(reservationSettings).set(demoPaymentTerms).where(eq(reservationSettings.id, 1));
      for (const { customerType, ...terms } of demoCustomerTerms) {
        await tx.update(customerTypeTerms).set(terms).where(eq(customerTypeTerms.customerType, customerType));
      }
      await tx.insert(addOns).values(demoAddOns.map((addOn, position) => ({ ...addOn, position })));
      return true;
    });
  })().catch(async (error: unknown) => {
    await storage.removeAll(written);
    throw error;
  });

  if (!seeded) {
    await storage.removeAll(written);
    return "already-seeded";
  }
  forgetSiteSettings();
  forgetReservationSettings();
  await seedDemoRequests(db, now);
  await seedDemoTicketSales(db, now);
  await seedDemoNewsletter(db, now, options.publicUrl ?? "http://localhost:3000");
  options.logger?.info(
    { pages: demoPages.length, albums: demoAlbums.length, files: written.length },
    "seeded demo content",
  );
  return "seeded";
}
