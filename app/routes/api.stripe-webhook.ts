import { data } from "react-router";
import { handleStripeWebhook, stripeSettingsOf } from "~/features/payment/stripe.server";
import { readText } from "~/lib/request-body.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/api.stripe-webhook";

/** Stripe's webhook: POST only, signed; 404 when Stripe is not configured. */
export async function action({ request }: Route.ActionArgs) {
  const deps = collaborators();
  const settings = stripeSettingsOf(deps.config);
  if (!settings) throw data(null, { status: 404 });
  const body = await readText(request);
  const outcome = await handleStripeWebhook(deps, settings, body, request.headers.get("Stripe-Signature"));
  return Response.json(
    outcome.status === 200 ? { received: true, handled: outcome.handled } : { error: outcome.reason },
    { status: outcome.status },
  );
}
