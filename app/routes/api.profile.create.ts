import { data } from "react-router";
import { changeProfileByApi, methodNotAllowed } from "~/features/accounts/profile-api.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/api.profile.create";

/** Nothing to read here: a GET is told which method the address takes. */
export const loader = () => methodNotAllowed("POST");

/** Spec §7: POST /api/prisma/create-profile/ makes (if missing) and changes the caller's profile; 201. */
export async function action({ request }: Route.ActionArgs) {
  const { db, auth } = collaborators();
  return data(await changeProfileByApi(db, auth, request), { status: 201 });
}
