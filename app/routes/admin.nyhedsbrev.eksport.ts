import { requireAdmin } from "~/features/accounts/session.server";
import { subscribersCsv } from "~/features/newsletter/subscribers.server";
import { collaborators } from "~/lib/collaborators.server";
import { CSV_TYPE } from "~/lib/csv";
import { privateFile } from "~/lib/private-page";
import { copenhagenDateKey } from "~/lib/format";
import type { Route } from "./+types/admin.nyhedsbrev.eksport";

/** Every subscriber with state, times, source and consent wording, as CSV. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  return privateFile(await subscribersCsv(db), CSV_TYPE, `nyhedsbrev-abonnenter-${copenhagenDateKey(new Date())}.csv`);
}
