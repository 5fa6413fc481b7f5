import { data } from "react-router";
import { requireAdmin } from "~/features/accounts/session.server";
import { buyersCsv } from "~/features/tickets/sales.server";
import { collaborators } from "~/lib/collaborators.server";
import { CSV_TYPE } from "~/lib/csv";
import { privateFile } from "~/lib/private-page";
import type { Route } from "./+types/admin.billetsalg.eksport";

/** A concert's buyers as CSV. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  if (!/^[0-9a-f-]{36}$/.test(params.eventId)) throw data(null, { status: 404 });
  return privateFile(await buyersCsv(db, params.eventId), CSV_TYPE, `koebere-${params.eventId.slice(0, 8)}.csv`);
}
