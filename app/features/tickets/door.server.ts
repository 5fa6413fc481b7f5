import { and, asc, count, eq, gte, ilike, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events, orders, tickets, ticketTypes } from "~/db/schema";
import { programBoundary } from "~/features/program/program";
import { effectiveStartSql } from "~/features/program/program.server";
import { normalizeDoorCode, ticketTokenIn } from "./door-code";
import type { CheckInOutcome } from "./rules";
import { concertColumns } from "./sale-columns.server";

/** The concerts the door may check in for: with tickets, from today on, the first being today's (or the next). */
export function doorConcerts(db: Database, now = new Date()) {
  return db
    .select(concertColumns)
    .from(events)
    .where(
      and(
        gte(effectiveStartSql, programBoundary(now)),
        sql`exists (select 1 from ${tickets} where ${tickets.eventId} = ${events.id})`,
      ),
    )
    .orderBy(asc(effectiveStartSql))
    .limit(20);
}

/**
 * Checks a ticket in at the door, once: the one statement that marks it checked in does so only for a sold ticket
 * of this concert that is not checked in yet, so the same ticket at two doors at once gives one "Godkendt" and one
 * "Allerede", decided by the database. Anything else is read afterwards to say why not.
 */
export async function checkIn(
  db: Database,
  { eventId, scanned, staffId }: { eventId: string; scanned: string; staffId: string },
  now = new Date(),
): Promise<CheckInOutcome> {
  const token = ticketTokenIn(scanned);
  const code = token ? null : normalizeDoorCode(scanned);
  if (!token && !code) return { kind: "unknown" };
  const which = token ? eq(tickets.token, token) : and(eq(tickets.eventId, eventId), eq(tickets.doorCode, code!));
  const [admitted] = await db
    .update(tickets)
    .set({ checkedInAt: now, checkedInBy: staffId })
    .where(and(which, eq(tickets.eventId, eventId), eq(tickets.status, "sold"), sql`${tickets.checkedInAt} is null`))
    .returning({ id: tickets.id, orderId: tickets.orderId });
  if (admitted) {
    if (!admitted.orderId) return { kind: "admitted", position: 1, ofOrder: 1 };
    const [counts] = await db
      .select({
        sold: count(),
        checkedIn: sql<number>`count(${tickets.checkedInAt})::int`,
      })
      .from(tickets)
      .where(and(eq(tickets.orderId, admitted.orderId), eq(tickets.status, "sold")));
    return { kind: "admitted", position: counts!.checkedIn, ofOrder: counts!.sold };
  }
  const [ticket] = await db
    .select({
      eventId: tickets.eventId,
      status: tickets.status,
      checkedInAt: tickets.checkedInAt,
      concertTitle: events.title,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(which);
  if (!ticket) return code ? otherConcertsCode(db, eventId, code) : { kind: "unknown" };
  if (ticket.eventId !== eventId) return { kind: "other-concert", concertTitle: ticket.concertTitle };
  if (ticket.checkedInAt) return { kind: "already", at: ticket.checkedInAt };
  return { kind: "not-valid" };
}

/** The door's live count: tickets sold (guests included) and checked in. */
export async function doorCount(db: Database, eventId: string) {
  const [row] = await db
    .select({ sold: count(), checkedIn: count(tickets.checkedInAt) })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), eq(tickets.status, "sold")));
  return { sold: row?.sold ?? 0, checkedIn: row?.checkedIn ?? 0 };
}

/** A concert's sold tickets by the buyer's or holder's name, or by the order's receipt number. */
export function searchDoor(db: Database, eventId: string, query: string) {
  const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const number = /^\d{1,9}$/.test(query) ? Number(query) : null;
  return db
    .select({
      token: tickets.token,
      holderName: tickets.holderName,
      bookerName: orders.bookerName,
      receiptNumber: orders.receiptNumber,
      typeName: ticketTypes.name,
      checkedInAt: tickets.checkedInAt,
    })
    .from(tickets)
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(
      and(
        eq(tickets.eventId, eventId),
        eq(tickets.status, "sold"),
        or(
          ilike(tickets.holderName, pattern),
          ilike(orders.bookerName, pattern),
          number === null ? undefined : eq(orders.receiptNumber, number),
        ),
      ),
    )
    .orderBy(asc(tickets.holderName), asc(tickets.createdAt))
    .limit(30);
}

/** A typed code not of this concert: another concert's ticket when exactly one has it (codes are unique per concert). */
async function otherConcertsCode(db: Database, eventId: string, code: string): Promise<CheckInOutcome> {
  const found = await db
    .select({ concertTitle: events.title })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(and(eq(tickets.doorCode, code), sql`${tickets.eventId} <> ${eventId}`))
    .limit(2);
  return found.length === 1 ? { kind: "other-concert", concertTitle: found[0]!.concertTitle } : { kind: "unknown" };
}
