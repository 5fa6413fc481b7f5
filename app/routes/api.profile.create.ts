import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { profiles } from "~/db/schema";
import { profilePayloadSchema } from "~/features/accounts/profile-api";
import { profileResponse, readJsonBody, requireProfileAccess } from "~/features/accounts/profile-api.server";
import type { Route } from "./+types/api.profile.create";

/** Spec §7: POST /api/prisma/create-profile/ creates the caller's profile, or refreshes it when it exists. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ error: "Kun POST." }, { status: 405 });
  const payload = await readJsonBody(request, profilePayloadSchema);
  await requireProfileAccess(request, payload.userId);
  const values = {
    userId: payload.userId,
    name: payload.name,
    email: payload.email,
    lastLoginAt: new Date(payload.last_login_at),
    avatarUrl: payload.avatar_url ?? null,
  };
  await getDb()
    .insert(profiles)
    .values(values)
    .onConflictDoUpdate({
      target: profiles.userId,
      set: { name: values.name, email: values.email, lastLoginAt: values.lastLoginAt, avatarUrl: values.avatarUrl },
    });
  return data(await profileResponse(getDb(), payload.userId), { status: 201 });
}
