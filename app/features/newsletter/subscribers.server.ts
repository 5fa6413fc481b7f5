import { and, count, desc, eq, gte, ilike, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";
import { csvDocument } from "~/lib/csv";
import { copenhagenDateTime, copenhagenInstant } from "~/lib/format";
import { sourceName, subscriberStatusNames, type SubscriberStatus } from "./admin/words";
import { growthByMonth } from "./rules";

/*
 * The subscribers as the admin sees them (issue 37): the counts, the growth by month, a page of the list, the CSV.
 * Each is one query of its own, so the page stays quick while a letter goes out to thousands.
 */

export const SUBSCRIBERS_PAGE_SIZE = 25;

/** How many addresses are in each state. */
export async function subscriberCounts(db: Database): Promise<Record<SubscriberStatus, number>> {
  const rows = await db
    .select({ status: newsletterSubscribers.status, count: count() })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.status);
  const of = (status: SubscriberStatus) => rows.find((row) => row.status === status)?.count ?? 0;
  return {
    subscribed: of("subscribed"),
    pending: of("pending"),
    unsubscribed: of("unsubscribed"),
    bouncing: of("bouncing"),
  };
}

/** How many addresses a letter sent now would go to: those on the list. */
export async function subscribedCount(db: Database) {
  const [row] = await db
    .select({ count: count() })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "subscribed"));
  return row?.count ?? 0;
}

/** The first instant of a month ("2026-12") in Copenhagen. */
const monthStart = (month: string) => copenhagenInstant(`${month}-01`, "00:00");

/** The month after "2026-12": "2027-01". */
function nextMonth(month: string) {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
}

/**
 * The addresses confirmed in each of the last 12 months (Copenhagen months, `growthByMonth`), oldest first. One
 * query: each month counted between its bounds, worked out here, so the database needs no time zone of its own.
 */
export async function subscriberGrowth(db: Database, now = new Date()) {
  const months = growthByMonth(new Map(), now).map((entry) => entry.month);
  const bounds = [...months.map(monthStart), monthStart(nextMonth(months.at(-1)!))];
  const confirmedAt = newsletterSubscribers.confirmedAt;
  const [row] = await db
    .select(
      Object.fromEntries(
        months.map((month, index) => [
          month,
          sql<number>`(count(*) filter (where ${confirmedAt} >= ${bounds[index]!.toISOString()}::timestamptz and ${confirmedAt} < ${bounds[index + 1]!.toISOString()}::timestamptz))::int`,
        ]),
      ),
    )
    .from(newsletterSubscribers)
    .where(and(gte(confirmedAt, bounds[0]!), lt(confirmedAt, bounds.at(-1)!)));
  const joined = new Map(months.map((month) => [month, Number(row?.[month] ?? 0)]));
  return growthByMonth(joined, now);
}

/** The search's pattern: what was typed, anywhere in the address or the name, its wildcards taken literally. */
const patternOf = (query: string) => `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A page of the subscribers, newest first, searched by a part of the address or the name. */
export async function listSubscribers(db: Database, { query = "", page = 1 }: { query?: string; page?: number }) {
  const where = query
    ? or(ilike(newsletterSubscribers.email, patternOf(query)), ilike(newsletterSubscribers.name, patternOf(query)))
    : undefined;
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(newsletterSubscribers).where(where),
    db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        name: newsletterSubscribers.name,
        status: newsletterSubscribers.status,
        source: newsletterSubscribers.source,
        requestedAt: newsletterSubscribers.requestedAt,
        confirmedAt: newsletterSubscribers.confirmedAt,
      })
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.requestedAt), desc(newsletterSubscribers.id))
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE),
  ]);
  return { subscribers: rows, total: total?.count ?? 0 };
}

/** "2026-12-04 20:00", Copenhagen time: what a spreadsheet reads as a date and time. */
function csvTime(instant: Date | null) {
  if (!instant) return "";
  const { date, time } = copenhagenDateTime(instant);
  return `${date} ${time}`;
}

/**
 * Every address with its state, times and consent, as CSV the Danish way (`csvDocument`, which also defuses a
 * cell a spreadsheet would read as a formula).
 */
export async function subscribersCsv(db: Database) {
  const rows = await db
    .select({
      email: newsletterSubscribers.email,
      name: newsletterSubscribers.name,
      status: newsletterSubscribers.status,
      requestedAt: newsletterSubscribers.requestedAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      source: newsletterSubscribers.source,
      consentWording: newsletterSubscribers.consentWording,
    })
    .from(newsletterSubscribers)
    .orderBy(newsletterSubscribers.requestedAt, newsletterSubscribers.email);
  return csvDocument(
    ["E-mail", "Navn", "Status", "Tilmeldt", "Bekræftet", "Kilde", "Samtykketekst"],
    rows.map((row) => [
      row.email,
      row.name ?? "",
      subscriberStatusNames[row.status],
      csvTime(row.requestedAt),
      csvTime(row.confirmedAt),
      sourceName(row.source),
      row.consentWording,
    ]),
  );
}
