import { z } from "zod";
import { openTestSession } from "~/features/accounts/test-session.server";
import { readJson } from "~/lib/request-body.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/test-session";

const testSessionSchema = z.object({
  email: z.email().toLowerCase(),
  name: z.string().trim().min(1).max(100),
  role: z.enum(["user", "admin", "door"]).default("user"),
});

/**
 * A real, signed-in session for the end-to-end tests that are not about signing in (`POST /_test/sessie` with
 * JSON `{ email, name, role }`; tests/support/test.ts plants it): the account, verified, with that role, and
 * the signed session cookie. Loopback only, with ENABLE_TEST_ROUTES (features/accounts/access.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const { auth } = collaborators();
  const parsed = testSessionSchema.safeParse(await readJson(request));
  if (!parsed.success) return Response.json({ error: z.prettifyError(parsed.error) }, { status: 400 });
  return Response.json(await openTestSession(auth, parsed.data));
}
