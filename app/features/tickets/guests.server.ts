import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { tickets, ticketSales } from "~/db/schema";
import { newDoorCode, newTicketToken } from "./tokens.server";

/**
 * Guests on the guest list: free tickets the admin issues to a name, with no order. They take places as sold
 * tickets do, within the concert's capacity; the door finds them by the name.
 */
export async function addGuests(db: Database, eventId: string, name: string, count: number) {
  return db.transaction(async (tx) => {
    const [sale] = await tx
      .update(ticketSales)
      .set({ taken: sql`${ticketSales.taken} + ${count}` })
      .where(and(eq(ticketSales.eventId, eventId), sql`${ticketSales.taken} + ${count} <= ${ticketSales.capacity}`))
      .returning({ eventId: ticketSales.eventId });
    if (!sale) return false;
    await tx.insert(tickets).values(
      Array.from({ length: count }, () => ({
        eventId,
        status: "sold" as const,
        token: newTicketToken(),
        doorCode: newDoorCode(),
        holderName: name,
      })),
    );
    return true;
  });
}
