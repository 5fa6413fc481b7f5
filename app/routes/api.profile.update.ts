import { data } from "react-router";
import { getDb } from "~/db/db.server";
import {
  profileResponse,
  readProfileBody,
  refuseServerOwnedChanges,
  requireProfileAccess,
  storedProfile,
} from "~/features/accounts/profile-api.server";
import { changeProfile } from "~/features/accounts/profile.server";
import type { Route } from "./+types/api.profile.update";

/** Spec §7: PATCH /api/prisma/update-profile/{id} changes the name, address or phone of an existing profile. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PATCH") throw data({ error: "Kun PATCH." }, { status: 405 });
  await requireProfileAccess(request, params.id);
  const { changes, sent } = await readProfileBody(request);
  if (changes.userId !== params.id) {
    throw data({ error: "Ugyldige data.", fieldErrors: { userId: ["Skal være profilens id"] } }, { status: 400 });
  }
  const stored = await storedProfile(getDb(), params.id);
  if (!stored.profile) throw data({ error: "Profilen findes ikke." }, { status: 404 });
  refuseServerOwnedChanges(stored, sent);
  await changeProfile(getDb(), params.id, changes);
  return profileResponse(getDb(), params.id);
}
