import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { albums, events } from "~/db/schema";
import { isUuid } from "~/features/content/schemas";
import { richTextPlain } from "~/features/content/rich-text.server";
import { concertPrice } from "~/features/tickets/concert-price";
import { ticketOffersOf } from "~/features/tickets/sale.server";
import { programBoundary, type ProgramEvent, type ShownEvent } from "./program";

/** `effectiveStart` in SQL, for the queries that filter or order by it: the new start of a moved concert. */
export const effectiveStartSql = sql<Date>`coalesce(${events.movedTo}, ${events.startsAt})`;

/** An instant as a query parameter both engines read alike. */
const instant = (value: Date) => sql`${value.toISOString()}::timestamptz`;

const visible = (includeDrafts: boolean): SQL | undefined => (includeDrafts ? undefined : eq(events.published, true));

/**
 * The concerts with what their sales say (`ticketOffersOf`) and the price a fan first sees (`concertPrice`), read
 * for the whole list at once, not a concert at a time.
 */
async function shown(db: Database, rows: ProgramEvent[], now: Date): Promise<ShownEvent[]> {
  const offers = await ticketOffersOf(db, rows, now);
  return rows.map((row) => {
    const offer = offers.get(row.id)!;
    return { ...row, offer, price: concertPrice(row, offer.kind === "own" ? offer.prices : null) };
  });
}

/** Concerts from today (Copenhagen) on, soonest first; `limit` for the front page's next few. */
export async function upcomingEvents(
  db: Database,
  now: Date,
  { includeDrafts = false, limit }: { includeDrafts?: boolean; limit?: number } = {},
): Promise<ShownEvent[]> {
  const query = db
    .select()
    .from(events)
    .where(and(gte(effectiveStartSql, instant(programBoundary(now))), visible(includeDrafts)))
    .orderBy(asc(effectiveStartSql), asc(events.title));
  return shown(db, await (limit === undefined ? query : query.limit(limit)), now);
}

export const ARCHIVE_PAGE_SIZE = 20;

/** Concerts before today, newest first, a page at a time. */
export async function archivedEvents(db: Database, now: Date, requestedPage: number) {
  const where = and(lt(effectiveStartSql, instant(programBoundary(now))), eq(events.published, true));
  const [total] = await db.select({ value: count() }).from(events).where(where);
  const pageCount = Math.max(1, Math.ceil((total?.value ?? 0) / ARCHIVE_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const rows = await db
    .select()
    .from(events)
    .where(where)
    .orderBy(desc(effectiveStartSql), asc(events.title))
    .limit(ARCHIVE_PAGE_SIZE)
    .offset((page - 1) * ARCHIVE_PAGE_SIZE);
  return { events: await shown(db, rows, now), page, pageCount, total: total?.value ?? 0 };
}

export async function eventById(
  db: Database,
  id: string,
  { includeDrafts = false }: { includeDrafts?: boolean } = {},
): Promise<ShownEvent | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), visible(includeDrafts)));
  return row ? (await shown(db, [row], new Date()))[0]! : null;
}

/** What the programme's calendar feed holds: the last month's concerts and everything after. */
export async function eventsForFeed(db: Database, now: Date): Promise<ShownEvent[]> {
  const monthAgo = new Date(programBoundary(now).getTime() - 31 * 86_400_000);
  const rows = await db
    .select()
    .from(events)
    .where(and(gte(effectiveStartSql, instant(monthAgo)), eq(events.published, true)))
    .orderBy(asc(effectiveStartSql));
  return shown(db, rows, now);
}

/**
 * A concert with its description as plain text (decision 017): what its JSON-LD, calendar entries and meta
 * description carry. The stored description is HTML; the page renders it with `richTextBlocks`.
 */
export function withPlainDescription<T extends { description: string }>(event: T): T {
  return { ...event, description: richTextPlain(event.description) };
}

/** The published album a concert links to ("Hør albummet"), or null. */
export async function albumTitleOf(db: Database, albumId: string) {
  const [album] = await db
    .select({ id: albums.id, title: albums.title })
    .from(albums)
    .where(and(eq(albums.id, albumId), eq(albums.published, true)));
  return album ?? null;
}
