import { and, eq, notInArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events, tickets, ticketSales, ticketTypes } from "~/db/schema";
import { typeFieldNames, type TicketSaleSetup } from "./sale-settings";

/** Which field of the setup form a refusal is about, and what it says. */
export interface SetupRefusal {
  field: string;
  message: string;
}

class Refused extends Error {
  constructor(readonly refusal: SetupRefusal) {
    super(refusal.message);
  }
}

/**
 * Writes a concert's own sale and its ticket types as the admin set them, in one transaction, with the sale's row
 * locked so no hold moves the counts meanwhile. A capacity below what is already sold or held is refused with the
 * number, as is removing a type that has tickets. Answers null, or the refusal for the form.
 */
export async function saveTicketSale(
  db: Database,
  eventId: string,
  { types, ...sale }: TicketSaleSetup,
): Promise<SetupRefusal | null> {
  try {
    await db.transaction(async (tx) => {
      const [concert] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
      if (!concert) throw new Refused({ field: "capacity", message: "Koncerten findes ikke." });
      const [current] = await tx.select().from(ticketSales).where(eq(ticketSales.eventId, eventId)).for("update");
      if (current && sale.capacity < current.taken) {
        throw new Refused({
          field: "capacity",
          message: `Der er allerede solgt eller reserveret ${current.taken} billetter; kapaciteten kan ikke være mindre.`,
        });
      }
      if (current) await tx.update(ticketSales).set(sale).where(eq(ticketSales.eventId, eventId));
      else await tx.insert(ticketSales).values({ eventId, ...sale });
      const existing = await tx.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
      const kept = types.flatMap((type) => (type.id && existing.some((row) => row.id === type.id) ? [type.id] : []));
      const removed = existing.filter((row) => !kept.includes(row.id));
      for (const row of removed) {
        const [used] = await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(eq(tickets.ticketTypeId, row.id))
          .limit(1);
        if (used) {
          throw new Refused({
            field: typeFieldNames(0).name,
            message: `${row.name} har solgte eller reserverede billetter og kan ikke fjernes. Sæt antallet ned i stedet.`,
          });
        }
      }
      if (removed.length > 0) {
        await tx
          .delete(ticketTypes)
          .where(and(eq(ticketTypes.eventId, eventId), kept.length > 0 ? notInArray(ticketTypes.id, kept) : undefined));
      }
      for (const [position, type] of types.entries()) {
        const row = type.id ? existing.find((candidate) => candidate.id === type.id) : undefined;
        if (row && type.capacity < row.taken) {
          throw new Refused({
            field: typeFieldNames(position).capacity,
            message: `${row.name}: ${row.taken} er allerede solgt eller reserveret; antallet kan ikke være mindre.`,
          });
        }
        const values = { name: type.name, priceOere: type.priceOere, capacity: type.capacity, position };
        if (row) await tx.update(ticketTypes).set(values).where(eq(ticketTypes.id, row.id));
        else await tx.insert(ticketTypes).values({ eventId, ...values });
      }
      await tx.update(events).set({ ticketSale: "own" }).where(eq(events.id, eventId));
    });
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}
