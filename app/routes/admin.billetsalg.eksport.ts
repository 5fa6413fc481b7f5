import { data } from "react-router";
import { requireAdmin } from "~/features/accounts/session.server";
import { buyersCsv } from "~/features/tickets/sales.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/admin.billetsalg.eksport";

/** A concert's buyers as CSV. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  if (!/^[0-9a-f-]{36}$/.test(params.eventId)) throw data(null, { status: 404 });
  return new Response(await buyersCsv(db, params.eventId), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="koebere-${params.eventId.slice(0, 8)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
