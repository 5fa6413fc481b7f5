import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { profileUpdateSchema } from "~/features/accounts/profile-api";
import {
  profileResponse,
  readJsonBody,
  requireProfileAccess,
  updateProfileFields,
} from "~/features/accounts/profile-api.server";
import type { Route } from "./+types/api.profile.update";

/** Spec §7: PATCH /api/prisma/update-profile/{id}. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PATCH") throw data({ error: "Kun PATCH." }, { status: 405 });
  await requireProfileAccess(request, params.id);
  const payload = await readJsonBody(request, profileUpdateSchema);
  if (payload.userId !== params.id) {
    throw data({ error: "Ugyldige data.", fieldErrors: { userId: ["Skal være profilens id"] } }, { status: 400 });
  }
  await updateProfileFields(getDb(), params.id, {
    name: payload.name,
    email: payload.email,
    lastLoginAt: payload.last_login_at ? new Date(payload.last_login_at) : undefined,
    avatarUrl: payload.avatar_url,
  });
  return profileResponse(getDb(), params.id);
}
