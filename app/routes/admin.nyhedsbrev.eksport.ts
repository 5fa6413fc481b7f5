import { requireAdmin } from "~/features/accounts/session.server";
import { subscribersCsv } from "~/features/newsletter/subscribers.server";
import { collaborators } from "~/lib/collaborators.server";
import { copenhagenDateKey } from "~/lib/format";
import type { Route } from "./+types/admin.nyhedsbrev.eksport";

/** Every subscriber with state, times, source and consent wording, as CSV. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  return new Response(await subscribersCsv(db), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="nyhedsbrev-abonnenter-${copenhagenDateKey(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
