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
import type { Route } from "./+types/api.profile.create";

/** Nothing to read here: a GET is told which method the address takes. */
export const loader = () => methodNotAllowed("POST");

/**
 * Spec §7: POST /api/prisma/create-profile/ makes the caller's profile from their account when it is missing
 * (the sign-in normally has), then applies the name, address or phone the body gives.
 */
export async function action({ request }: Route.ActionArgs) {
  const { db, auth } = collaborators();
  if (request.method !== "POST") throw methodNotAllowed("POST");
  const { changes, sent } = await readProfileBody(request);
  await requireProfileAccess(auth, request, changes.userId);
  refuseServerOwnedChanges(await storedProfile(db, changes.userId), sent);
  await changeProfile(db, changes.userId, changes, { createMissing: true });
  return data(await profileResponse(db, changes.userId), { status: 201 });
}
