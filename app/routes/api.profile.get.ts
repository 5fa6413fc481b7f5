import { profileResponse, requireProfileAccess } from "~/features/accounts/profile-api.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/api.profile.get";

/** Spec §7: GET /api/prisma/get-profile/{userId} → { data: profile, authenticated: true }. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireProfileAccess(auth, request, params.userId);
  return Response.json(await profileResponse(db, params.userId), {
    headers: { "Cache-Control": "private, no-store" },
  });
}
