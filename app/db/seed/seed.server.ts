import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { albums, articles, banners, events, siteSettings, stockImages, tracks, videoLinks } from "~/db/schema";
import { addDays } from "~/features/reservation/days";
import { copenhagenDateKey, copenhagenInstant } from "~/lib/format";
import { createPage } from "~/features/content/pages.server";
import { plainTextToRichText } from "~/features/content/rich-text.server";
import { storeAudio } from "~/features/media/audio.server";
import type { ImageEncoder } from "~/features/media/image-encoder.server";
import { saveEncodedImage } from "~/features/media/image.server";
import { imageFileKeys, type StoredAudioRef, type StoredImageRef } from "~/features/media/media";
import type { Bucket, Storage } from "~/features/storage/storage.server";
import {
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
  },
): Promise<SeedResult> {
  const [existing] = await db.select({ id: siteSettings.id }).from(siteSettings).where(eq(siteSettings.id, 1));
  if (existing) return "already-seeded";
  const { storage } = options;
  const now = options.now ?? new Date();

  const written: string[] = [];
  const images = new Map<DemoImageName, StoredImageRef>();
  const image = async (name: DemoImageName, bucket: Bucket) => {
    const encoded = await encodeDemoImage(demoImages[name], bucket, options.imageCacheDirectory, options.images);
    const stored = await saveEncodedImage(storage, bucket, encoded);
    written.push(...imageFileKeys(stored));
    images.set(name, stored);
    return stored;
  };
  const optionalImage = (name: DemoImageName | undefined, bucket: Bucket) =>
    name ? image(name, bucket) : Promise.resolve(null);

  const seeded = await (async () => {
    const pageImages = await Promise.all(
      demoPages.map(async (page) => ({
        image: await optionalImage(page.image, "pages"),
        sections: await Promise.all(page.sections.map((section) => optionalImage(section.image, "sections"))),
      })),
    );
    const albumFiles: { cover: StoredImageRef; tracks: StoredAudioRef[] }[] = [];
    for (const album of demoAlbums) {
      const trackFiles: StoredAudioRef[] = [];
      for (const track of album.tracks) {
        const audio = await storeAudio(storage, renderDemoTune(track.tune));
        written.push(audio.key);
        trackFiles.push(audio);
      }
      albumFiles.push({ cover: await image(album.image, "albums"), tracks: trackFiles });
    }
    const articleImages = await Promise.all(demoArticles.map((article) => image(article.image, "articles")));
    const bannerImages = await Promise.all(demoBanners.map((banner) => image(banner.image, "banners")));
    const stockFiles = await Promise.all(demoStockImages.map((stock) => image(stock.image, "stock")));
    const eventImages = await Promise.all(demoEvents.map((event) => optionalImage(event.image, "events")));

    return db.transaction(async (tx) => {
      const inserted = await tx
        .insert(siteSettings)
        .values({ ...demoSettings, seededAt: now })
        .onConflictDoNothing()
        .returning({ id: siteSettings.id });
      if (inserted.length === 0) return false;
      for (const [index, page] of demoPages.entries()) {
        await createPage(tx, {
          page: page.page,
          header: page.header,
          image: pageImages[index]!.image,
          sections: page.sections.map((section, sectionIndex) => ({
            ...section,
            text: plainTextToRichText(section.text),
            image: pageImages[index]!.sections[sectionIndex] ?? null,
          })),
        });
      }
      const albumIds = new Map<string, string>();
      for (const [position, album] of demoAlbums.entries()) {
        const files = albumFiles[position]!;
        const [created] = await tx
          .insert(albums)
          .values({ title: album.title, artist: album.artist, year: album.year, image: files.cover, position })
          .returning({ id: albums.id });
        albumIds.set(album.title, created!.id);
        await tx.insert(tracks).values(
          album.tracks.map((track, trackPosition) => ({
            albumId: created!.id,
            title: track.title,
            text: plainTextToRichText(track.text ?? ""),
            audio: files.tracks[trackPosition]!.key,
            contentType: files.tracks[trackPosition]!.contentType,
            durationSeconds: files.tracks[trackPosition]!.durationSeconds,
            position: trackPosition,
          })),
        );
      }
      await tx.insert(articles).values(
        demoArticles.map((article, index) => {
          const createdAt = new Date(now.getTime() - article.daysAgo * DAY_MS);
          return {
            header: article.header,
            text: plainTextToRichText(article.text),
            image: articleImages[index]!,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      );
      await tx
        .insert(banners)
        .values(demoBanners.map((banner, position) => ({ ...banner, image: bannerImages[position]!, position })));
      await tx
        .insert(stockImages)
        .values(demoStockImages.map((stock, position) => ({ ...stock, image: stockFiles[position]!, position })));
      await tx.insert(videoLinks).values(demoVideos);
      const today = copenhagenDateKey(now);
      const at = (inDays: number, time: string) => copenhagenInstant(addDays(today, inDays), time);
      await tx.insert(events).values(
        demoEvents.map((event, index) => ({
          title: event.title,
          performers: event.performers,
          albumId: event.album ? (albumIds.get(event.album) ?? null) : null,
          startsAt: at(event.inDays, event.time),
          doorsOpen: event.doors ?? null,
          room: event.room,
          price: event.price,
          ageLimit: event.ageLimit ?? null,
          ticketUrl: event.ticketUrl ?? null,
          status: event.status,
          movedTo: event.movedToInDays === undefined ? null : at(event.movedToInDays, event.time),
          description: plainTextToRichText(event.description),
          image: eventImages[index] ?? null,
        })),
      );
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
  options.logger?.info(
    { pages: demoPages.length, albums: demoAlbums.length, files: written.length },
    "seeded demo content",
  );
  return "seeded";
}
