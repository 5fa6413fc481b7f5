import type { Database } from "~/db/client.server";
import { profiles, users } from "~/db/schema";
import { offeredAddOns } from "~/features/rental/add-ons.server";
import { chooseCustomerType } from "~/features/rental/basket.server";
import { shiftMonth, todayInCopenhagen } from "~/lib/days";
import { holdDay } from "~/features/rental/holds.server";
import { createOrder } from "~/features/rental/orders.server";

/** Two associations whose requests wait for the demo admin's answer, next month (issue 35's demo). */
const demoRequests = [
  {
    id: "demo-jazzklub",
    name: "Mette Holm",
    email: "mette.holm@example.dk",
    address: "Vesterbrogade 40, 8000 Aarhus C",
    organisation: "Vesterbro Jazzklub",
    days: [15, 16],
    technicianHours: 5,
    request: { guests: 120, purpose: "Jubilæumskoncert", message: "Vi vil gerne have adgang fra kl. 12 til lydprøve." },
  },
  {
    id: "demo-kammerkor",
    name: "Jonas Bak",
    email: "jonas.bak@example.dk",
    address: "Nørregade 8, 8000 Aarhus C",
    organisation: "Aarhus Kammerkor",
    days: [22],
    technicianHours: 0,
    request: { guests: 60, purpose: "Forårskoncert", message: "" },
  },
];

/**
 * Sends the demo associations' requests the way the basket does (holds, then a request order), so the admin
 * finds two requests to answer under Forespørgsler. Days of next month, which no end-to-end test books.
 */
export async function seedDemoRequests(db: Database, now: Date) {
  const month = shiftMonth(todayInCopenhagen(now).slice(0, 7), 1);
  const technician = (await offeredAddOns(db)).find((addOn) => addOn.unit === "hour");
  for (const booker of demoRequests) {
    await db.insert(users).values({ id: booker.id, name: booker.name, email: booker.email, emailVerified: true });
    const { id: userId, name, email, address } = booker;
    await db.insert(profiles).values({ userId, name, email, address, phone: "+4586000000", lastLoginAt: now });
    await chooseCustomerType(db, booker.id, "forening");
    for (const day of booker.days) await holdDay(db, booker.id, `${month}-${String(day).padStart(2, "0")}`, now);
    const hours = booker.technicianHours && technician ? { [technician.id]: booker.technicianHours } : {};
    await createOrder(db, booker.id, { name: "demo", checkoutSessionSeconds: 0 }, now, {
      details: { customerType: "forening", organisation: booker.organisation },
      addOns: { ids: Object.keys(hours), hours, guests: booker.request.guests },
      request: booker.request,
    });
  }
}
