import { z } from "zod";
import { setHoldSeconds } from "~/features/rental/admin.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/test-hold-time";
import { readFormData } from "~/lib/request-body.server";

const secondsSchema = z.coerce.number().int().min(1).max(86_400);

/**
 * Lets the end-to-end tests shorten the hold time to seconds, so a hold can run out while they watch
 * (`POST /_test/hold-tid` with `sekunder`). Loopback only, with ENABLE_TEST_ROUTES (features/accounts/access.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const { db, freshness } = collaborators();
  const seconds = secondsSchema.safeParse((await readFormData(request)).get("sekunder"));
  if (!seconds.success) return Response.json({ error: "sekunder skal være 1–86400" }, { status: 400 });
  await setHoldSeconds({ db, freshness }, seconds.data);
  return Response.json({ holdSeconds: seconds.data });
}
