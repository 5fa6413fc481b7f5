import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { albums, articles, banners, mediaImages, stockImages, tracks, videoLinks } from "~/db/schema";
import { richTextBlocks } from "./rich-text.server";

/** What visitors see: published content only. The admin's preview (`includeDrafts`) shows drafts too. */
export interface Visibility {
  includeDrafts?: boolean;
}

/** The albums with their tracks; a track's formatted text as the tree the page renders (`body`). */
export async function getAlbumsWithTracks(db: Database, { includeDrafts = false }: Visibility = {}) {
  const rows = await db.query.albums.findMany({
    columns: { id: true, title: true, artist: true, year: true, image: true, published: true },
    where: includeDrafts ? undefined : eq(albums.published, true),
    orderBy: [asc(albums.position), asc(albums.createdAt)],
    with: {
      tracks: {
        columns: {
          id: true,
          title: true,
          text: true,
          audio: true,
          contentType: true,
          durationSeconds: true,
          published: true,
        },
        where: includeDrafts ? undefined : eq(tracks.published, true),
        orderBy: [asc(tracks.position), asc(tracks.createdAt)],
      },
    },
  });
  return rows.map((album) => ({
    ...album,
    tracks: album.tracks.map(({ text, ...track }) => ({ ...track, body: richTextBlocks(text) })),
  }));
}

export async function getBanners(db: Database, { includeDrafts = false }: Visibility = {}) {
  return db.query.banners.findMany({
    columns: { id: true, title: true, text: true, range: true, image: true, published: true },
    where: includeDrafts ? undefined : eq(banners.published, true),
    orderBy: [asc(banners.position), asc(banners.createdAt)],
  });
}

/** The newest articles; the text as the tree the page renders (`body`). */
export async function getLatestArticles(db: Database, limit: number, { includeDrafts = false }: Visibility = {}) {
  const rows = await db.query.articles.findMany({
    columns: { id: true, header: true, text: true, image: true, createdAt: true, published: true },
    where: includeDrafts ? undefined : eq(articles.published, true),
    orderBy: [desc(articles.createdAt)],
    limit,
  });
  return rows.map(({ text, ...article }) => ({ ...article, body: richTextBlocks(text) }));
}

export async function getStockImages(db: Database, { includeDrafts = false }: Visibility = {}) {
  return db
    .select({
      id: stockImages.id,
      title: stockImages.title,
      text: stockImages.text,
      image: stockImages.image,
      /** The library image's alt text (decision 020); `text` is the caption. */
      alt: mediaImages.alt,
      published: stockImages.published,
    })
    .from(stockImages)
    .innerJoin(mediaImages, eq(mediaImages.id, stockImages.imageId))
    .where(includeDrafts ? undefined : eq(stockImages.published, true))
    .orderBy(asc(stockImages.position), asc(stockImages.createdAt));
}

export async function getVideoLinks(db: Database, { includeDrafts = false }: Visibility = {}) {
  return db.query.videoLinks.findMany({
    columns: { id: true, title: true, videoId: true, published: true, createdAt: true },
    where: includeDrafts ? undefined : eq(videoLinks.published, true),
    orderBy: [desc(videoLinks.createdAt)],
  });
}
