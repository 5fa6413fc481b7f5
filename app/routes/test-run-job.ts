import { z } from "zod";
import { MailOutbox } from "~/features/email/outbox.server";
import { sendBalanceReminders } from "~/features/rental/reminders.server";
import { expireRequests } from "~/features/rental/requests.server";
import { collaborators } from "~/lib/collaborators.server";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/test-run-job";

const jobForm = z.object({ navn: z.enum(["balance-reminders", "request-expiry"]), tidspunkt: z.iso.datetime() });

/**
 * Lets the end-to-end tests run a time-bound job as if it were another time (`POST /_test/job` with `navn` and
 * `tidspunkt`): a balance's reminder a week before its due day, a request that ran out. Loopback only, with
 * ENABLE_TEST_ROUTES (features/accounts/access.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const { db, mailer, config } = collaborators();
  const form = jobForm.safeParse(Object.fromEntries(await readFormData(request)));
  if (!form.success) return Response.json({ error: "navn og tidspunkt (ISO) skal angives" }, { status: 400 });
  if (!(mailer instanceof MailOutbox)) return Response.json({ error: "ingen udbakke" }, { status: 500 });
  const deps = { db, outbox: mailer, publicUrl: config.PUBLIC_URL };
  const now = new Date(form.data.tidspunkt);
  const done =
    form.data.navn === "balance-reminders" ? await sendBalanceReminders(deps, now) : await expireRequests(deps, now);
  await mailer.deliverDue();
  return Response.json({ done });
}
