import { exportUserData } from "~/features/accounts/data-export.server";
import { requireUser } from "~/features/accounts/session.server";
import { collaborators } from "~/lib/collaborators.server";
import { privateFile } from "~/lib/private-page";
import type { Route } from "./+types/bruger.data";

/** GDPR art. 15 and 20: everything we hold about the signed-in user, as a JSON download. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth, config, accountParts } = collaborators();
  const user = await requireUser(auth, request, url);
  const body = await exportUserData(db, user.id, config.PUBLIC_URL, accountParts);
  return privateFile(JSON.stringify(body, null, 2), "application/json; charset=utf-8", "mine-data.json");
}
