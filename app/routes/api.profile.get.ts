import { getDb } from "~/db/db.server";
import { profileResponse, requireProfileAccess } from "~/features/accounts/profile-api.server";
import type { Route } from "./+types/api.profile.get";

/** Spec §7: GET /api/prisma/get-profile/{userId} → { data: profile, authenticated: true }. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireProfileAccess(request, params.userId);
  return Response.json(await profileResponse(getDb(), params.userId), {
    headers: { "Cache-Control": "private, no-store" },
  });
}
