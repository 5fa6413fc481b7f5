import { data } from "react-router";
import { z } from "zod";
import { getConfig } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { reservationSettings } from "~/db/schema";
import type { Route } from "./+types/test-hold-time";

/**
 * Lets the end-to-end tests shorten the hold time to seconds, so a hold can run out while they watch
 * (`POST /_test/hold-tid` with `sekunder`). Answers 404 unless ENABLE_TEST_ROUTES is set.
 */
export async function action({ request }: Route.ActionArgs) {
  if (!getConfig().ENABLE_TEST_ROUTES) throw data(null, { status: 404 });
  const seconds = z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .parse((await request.formData()).get("sekunder"));
  await getDb().update(reservationSettings).set({ holdSeconds: seconds });
  return Response.json({ holdSeconds: seconds });
}
