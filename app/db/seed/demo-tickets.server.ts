import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events } from "~/db/schema";
import { holdTickets } from "~/features/tickets/holds.server";
import { confirmTicketOrder } from "~/features/tickets/orders.server";
import { saleSettingValues } from "~/features/tickets/sale.server";
import { ticketSaleSetupSchema } from "~/features/tickets/sale-settings";
import { saveTicketSale } from "~/features/tickets/setup.server";

/** The demo's own ticket sales (issue 36): by the concert's title, its types, its fee and what is sold already. */
const demoSales = [
  {
    title: "Havnens Julekoncert",
    capacity: 300,
    feeOere: 1500,
    types: [
      { name: "Ordinær", price: "175", capacity: 260 },
      { name: "Studerende", price: "125", capacity: 40 },
    ],
    sold: 24,
  },
  {
    // Nearly sold out: a few left, to show "Kun … tilbage" and, once they go, "Udsolgt".
    title: "Singer-songwriter-aften",
    capacity: 80,
    feeOere: 1000,
    types: [{ name: "Ordinær", price: "120", capacity: 80 }],
    sold: 76,
  },
];

/**
 * Sets up the demo's own sales with the admin's setup, and sells some tickets the way a fan buys them (a hold, then
 * the demo payment), to demo buyers four at a time.
 */
export async function seedDemoTicketSales(db: Database, now: Date) {
  const concerts = await db
    .select({ id: events.id, title: events.title, startsAt: events.startsAt })
    .from(events)
    .where(
      inArray(
        events.title,
        demoSales.map((sale) => sale.title),
      ),
    );
  for (const demo of demoSales) {
    const concert = concerts.find((candidate) => candidate.title === demo.title);
    if (!concert) continue;
    const setup = ticketSaleSetupSchema.parse({
      ...saleSettingValues({
        capacity: demo.capacity,
        opensAt: new Date(now.getTime() - 7 * 24 * 3_600_000),
        closesAt: concert.startsAt,
        feeOere: demo.feeOere,
      }),
      ...Object.fromEntries(
        demo.types.flatMap((type, index) => [
          [`type_navn_${index}`, type.name],
          [`type_pris_${index}`, type.price],
          [`type_antal_${index}`, String(type.capacity)],
        ]),
      ),
    });
    await saveTicketSale(db, concert.id, setup);
    const [ordinary] = (await db.query.ticketTypes.findMany({ where: (types) => eq(types.eventId, concert.id) })).sort(
      (one, other) => one.position - other.position,
    );
    for (let sold = 0, buyer = 1; sold < demo.sold; buyer++) {
      const count = Math.min(4, demo.sold - sold);
      const held = await holdTickets(
        db,
        "demo",
        concert.id,
        { [ordinary!.id]: count },
        {
          name: `Demokøber ${buyer}`,
          email: `demokoeber${buyer}@example.dk`,
          userId: null,
        },
        now,
      );
      if (!held.ok) break;
      await confirmTicketOrder(db, held.orderId, now);
      sold += count;
    }
  }
}
