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
import type { Route } from "./+types/api.profile.create";

/**
 * Spec §7: POST /api/prisma/create-profile/ makes the caller's profile from their account when it is missing
 * (the sign-in normally has), then applies the name, address or phone the body gives.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ error: "Kun POST." }, { status: 405 });
  const { changes, sent } = await readProfileBody(request);
  await requireProfileAccess(request, changes.userId);
  refuseServerOwnedChanges(await storedProfile(getDb(), changes.userId), sent);
  await changeProfile(getDb(), changes.userId, changes, { createMissing: true });
  return data(await profileResponse(getDb(), changes.userId), { status: 201 });
}
