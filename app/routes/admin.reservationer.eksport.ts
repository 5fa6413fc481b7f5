import { z } from "zod";
import { requireAdmin } from "~/features/accounts/session.server";
import { bookingsCsv, listBookings } from "~/features/reservation/admin.server";
import { monthGrid, todayInCopenhagen } from "~/features/reservation/days";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/admin.reservationer.eksport";

/** The month's bookings as CSV, for bookkeeping. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const month =
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .safeParse(url.searchParams.get("maaned")).data ?? todayInCopenhagen().slice(0, 7);
  const days = monthGrid(month)
    .weeks.flat()
    .filter((day) => day.startsWith(month));
  const csv = bookingsCsv(await listBookings(db, { from: days[0]!, to: days.at(-1)! }));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="reservationer-${month}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
