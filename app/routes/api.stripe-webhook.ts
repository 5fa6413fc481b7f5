import { data } from "react-router";
import { getConfig } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { handleStripeWebhook, stripeSettingsOf } from "~/features/payment/stripe.server";
import { readText } from "~/lib/request-body.server";
import type { Route } from "./+types/api.stripe-webhook";

/** Stripe's webhook: POST only, signed; 404 when Stripe is not configured. */
export async function action({ request }: Route.ActionArgs) {
  const settings = stripeSettingsOf(getConfig());
  if (!settings) throw data(null, { status: 404 });
  const outcome = await handleStripeWebhook(
    getDb(),
    settings,
    await readText(request),
    request.headers.get("Stripe-Signature"),
  );
  return Response.json(
    outcome.status === 200 ? { received: true, handled: outcome.handled } : { error: outcome.reason },
    { status: outcome.status },
  );
}
