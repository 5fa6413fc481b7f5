import { requireAdmin } from "~/features/accounts/session.server";
import { bookingsCsv, listBookings } from "~/features/rental/admin.server";
import { askedMonth } from "~/features/rental/admin-month";
import { collaborators } from "~/lib/collaborators.server";
import { CSV_TYPE } from "~/lib/csv";
import { privateFile } from "~/lib/private-page";
import type { Route } from "./+types/admin.reservationer.eksport";

/** The month's bookings as CSV, for bookkeeping. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const { month, from, to } = askedMonth(url);
  const csv = bookingsCsv(await listBookings(db, { from, to }));
  return privateFile(csv, CSV_TYPE, `reservationer-${month}.csv`);
}
