import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events, orders, tickets, ticketSales, ticketTypes } from "~/db/schema";
import { formValue } from "~/features/content/admin/records.server";
import { kronerForInput } from "~/lib/format";
import type { EventStatus, TicketSaleMode } from "~/db/schema/values/content";
import { effectiveStart } from "~/features/program/program";
import type { SalePrices } from "./concert-price";
import { concertTicketsLeft, fewTicketsLeft, saleState, ticketsLeft, type SaleState } from "./rules";
import { concertColumns } from "./sale-columns.server";
import { saleColumns, saleSettings, type SaleColumn, type SaleSettings, type SaleSetupValues } from "./sale-settings";

/**
 * A concert's own sale with its ticket types in the admin's order, or null when none is set up; `locked`, with the
 * sale's row locked for the rest of the caller's transaction.
 */
export async function ticketSaleOf(db: Database, eventId: string, { locked = false } = {}) {
  const query = db
    .select({ ...getTableColumns(ticketSales), concertStatus: events.status })
    .from(ticketSales)
    .innerJoin(events, eq(events.id, ticketSales.eventId))
    .where(eq(ticketSales.eventId, eventId))
    .$dynamic();
  const [sale] = await (locked ? query.for("update", { of: ticketSales }) : query);
  if (!sale) return null;
  const types = await db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.createdAt));
  return { sale, types };
}

/**
 * A sale's settings as its form shows them. A setting not given is the table's default, the one place defaults
 * are set (a new sale starts from them), or empty.
 */
export function saleSettingValues(settings: Partial<SaleSettings>) {
  return Object.fromEntries(
    saleColumns.map((column) => {
      const value = column in settings ? settings[column] : ticketSales[column].default;
      const { kind } = saleSettings[column];
      return [column, kind === "yesno" ? (value ? "ja" : "") : formValue(kind, value)];
    }),
  ) as Record<SaleColumn, string>;
}

/** The setup form's values of a concert's sale (`ticketSaleOf`), or of a new one open from now until the concert. */
export function saleSetupValues(
  own: Awaited<ReturnType<typeof ticketSaleOf>>,
  concert: { startsAt: Date; movedTo: Date | null },
  now = new Date(),
): SaleSetupValues {
  return {
    ...saleSettingValues(own?.sale ?? { opensAt: now, closesAt: effectiveStart(concert) }),
    types: (own?.types ?? []).map((type) => ({
      id: type.id,
      name: type.name,
      price: kronerForInput(type.priceOere),
      capacity: String(type.capacity),
      taken: type.taken,
    })),
  };
}

/**
 * Tickets an e-mail address holds or has bought for a concert (the limit per e-mail): its orders for the concert
 * first, by their index, then their tickets. (PGlite keeps no statistics, so the query says the way round.)
 */
export async function ticketsForEmail(db: Database, eventId: string, email: string) {
  const ordersOfEmail = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.eventId, eventId), eq(orders.bookerEmail, email.toLowerCase())));
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(inArray(tickets.orderId, ordersOfEmail), inArray(tickets.status, ["held", "sold"])));
  return row?.count ?? 0;
}

/**
 * What a concert's pages, letters and structured data say of its tickets, read in one go for a whole list: its own
 * sale (how it stands, how many are left, its prices), a link to another company's, or nothing.
 */
export type TicketOffer =
  | { kind: "own"; state: SaleState; opensAt: Date; left: number; prices: SalePrices }
  | { kind: "link"; url: string }
  | { kind: "none" };

export async function ticketOffersOf(
  db: Database,
  concerts: { id: string; status: EventStatus; ticketSale: TicketSaleMode; ticketUrl: string | null }[],
  now = new Date(),
) {
  const own = concerts.filter((concert) => concert.ticketSale === "own").map((concert) => concert.id);
  const [sales, types] =
    own.length === 0
      ? [[], []]
      : await Promise.all([
          db.select().from(ticketSales).where(inArray(ticketSales.eventId, own)),
          db.select().from(ticketTypes).where(inArray(ticketTypes.eventId, own)),
        ]);
  const offers = new Map<string, TicketOffer>();
  for (const concert of concerts) {
    const sale = sales.find((candidate) => candidate.eventId === concert.id);
    if (concert.ticketSale === "own" && sale) {
      const own = types.filter((type) => type.eventId === concert.id);
      const state = saleState({ ...sale, concertStatus: concert.status }, own, now);
      const left = concertTicketsLeft(sale, own);
      const prices = { feeOere: sale.feeOere, typePricesOere: own.map((type) => type.priceOere) };
      offers.set(concert.id, { kind: "own", state, opensAt: sale.opensAt, left, prices });
    } else if (concert.ticketSale === "link" && concert.ticketUrl) {
      offers.set(concert.id, { kind: "link", url: concert.ticketUrl });
    } else offers.set(concert.id, { kind: "none" });
  }
  return offers;
}

/** The buying page's facts: the concert, its sale and what each type has left now (few or not, `fewTicketsLeft`). */
export async function ticketShop(db: Database, eventId: string, now = new Date()) {
  const [concert] = await db
    .select({ ...concertColumns, published: events.published, ticketSale: events.ticketSale })
    .from(events)
    .where(eq(events.id, eventId));
  if (!concert || !concert.published || concert.ticketSale !== "own") return null;
  const own = await ticketSaleOf(db, eventId);
  if (!own) return null;
  return {
    concert,
    sale: own.sale,
    state: saleState(own.sale, own.types, now),
    types: own.types.map((type) => {
      const left = ticketsLeft(own.sale, type);
      return { id: type.id, name: type.name, priceOere: type.priceOere, left, few: fewTicketsLeft(left) };
    }),
  };
}
