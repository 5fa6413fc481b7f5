import { z } from "zod";
import { moveBookingBack } from "~/features/rental/admin.server";
import { collaborators } from "~/lib/collaborators.server";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/test-move-booking-back";

/** Three years of whole weeks: a booking's weekdays stay theirs. */
const THREE_YEARS_OF_WEEKS = 156 * 7;

/**
 * Lets the end-to-end tests end a booking's event (`POST /_test/forbi` with `ordre`): its days move three years
 * back, so the admin can settle its security deposit. Loopback only, with ENABLE_TEST_ROUTES
 * (features/accounts/access.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const { db } = collaborators();
  const orderId = z.uuid().safeParse((await readFormData(request)).get("ordre"));
  if (!orderId.success) return Response.json({ error: "ordre skal være en ordres id" }, { status: 400 });
  await moveBookingBack(db, orderId.data, THREE_YEARS_OF_WEEKS);
  return Response.json({ moved: THREE_YEARS_OF_WEEKS });
}
