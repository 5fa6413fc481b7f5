import { changeProfileByApi, methodNotAllowed } from "~/features/accounts/profile-api.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/api.profile.update";

/** Nothing to read here: a GET is told which method the address takes. */
export const loader = () => methodNotAllowed("PATCH");

/** Spec §7: PATCH /api/prisma/update-profile/{id} changes the name, address or phone of an existing profile. */
export async function action({ request, params }: Route.ActionArgs) {
  const { db, auth } = collaborators();
  return changeProfileByApi(db, auth, request, params.id);
}
