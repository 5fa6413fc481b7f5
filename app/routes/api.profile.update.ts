import { data } from "react-router";
import {
  methodNotAllowed,
  profileResponse,
  readProfileBody,
  refuseServerOwnedChanges,
  requireProfileAccess,
  storedProfile,
} from "~/features/accounts/profile-api.server";
import { changeProfile } from "~/features/accounts/profile.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/api.profile.update";

/** Nothing to read here: a GET is told which method the address takes. */
export const loader = () => methodNotAllowed("PATCH");

/** Spec §7: PATCH /api/prisma/update-profile/{id} changes the name, address or phone of an existing profile. */
export async function action({ request, params }: Route.ActionArgs) {
  const { db, auth } = collaborators();
  if (request.method !== "PATCH") throw methodNotAllowed("PATCH");
  await requireProfileAccess(auth, request, params.id);
  const { changes, sent } = await readProfileBody(request);
  if (changes.userId !== params.id) {
    throw data({ error: "Ugyldige data.", fieldErrors: { userId: ["Skal være profilens id"] } }, { status: 400 });
  }
  const stored = await storedProfile(db, params.id);
  if (!stored.profile) throw data({ error: "Profilen findes ikke." }, { status: 404 });
  refuseServerOwnedChanges(stored, sent);
  await changeProfile(db, params.id, changes);
  return profileResponse(db, params.id);
}
