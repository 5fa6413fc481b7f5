import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderPayments, orders } from "~/db/schema";
import type { MailMessage } from "~/features/email/mailer.server";
import { stripeProvider } from "~/features/payment/stripe.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { holdDay } from "~/features/rental/holds.server";
import { createOrder } from "~/features/rental/orders.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as webhook } from "~/routes/api.stripe-webhook";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createUser } from "../support/factories";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const secretKey = "sk_test_scene";
const webhookSecret = "whsec_scenetestsecret";
const stripe = new Stripe(secretKey);

describe.each(databaseKinds)("Stripe webhook on %s", (kind) => {
  let database: TestDatabase;
  let sent: MailMessage[];
  let orderId: string;

  const post = (payload: string, signature: string) =>
    webhook(
      routeArgs("/api/stripe/webhook", {
        method: "POST",
        body: payload,
        headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
      }),
    ) as Promise<Response>;
  let total = 0;
  const completed = (eventId: string, amount = total) =>
    JSON.stringify({
      id: eventId,
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_test_1",
          object: "checkout.session",
          client_reference_id: orderId,
          payment_status: "paid",
          payment_intent: "pi_test_1",
          amount_total: amount,
          currency: "dkk",
        },
      },
    });
  const signed = (payload: string) => stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const payments = stripeProvider(database.db, { secretKey, webhookSecret });
    const collaborators = testCollaborators(database, {
      env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret },
      payments,
    });
    setCollaborators(collaborators);
    sent = collaborators.mailer.sent;
    const now = new Date();
    await createUser(database.db, {
      id: "payer",
      name: "Pia Payer",
      email: "pia@example.dk",
      profile: { address: "Strandvejen 1, 8000 Aarhus C", lastLoginAt: now },
    });
    const day = addDays(todayInCopenhagen(now), 30);
    await holdDay(database.db, "payer", day, now);
    const order = await createOrder(database.db, "payer", payments, now);
    if (!order.ok) throw new Error(order.reason);
    orderId = order.orderId;
    // What starting the checkout would have stored, without asking Stripe.
    const [payment] = await database.db
      .update(orderPayments)
      .set({ providerReference: "cs_test_1" })
      .where(eq(orderPayments.orderId, orderId))
      .returning();
    total = payment!.amountOere;
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const payload = completed("evt_forged");
    const response = await post(
      payload,
      stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someoneelse" }),
    );
    expect(response.status).toBe(400);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("pending");
  });

  it("leaves the order alone when the paid session does not match it (another amount)", async () => {
    const payload = completed("evt_wrong_amount", 100);
    const response = await post(payload, signed(payload));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, handled: "ignored" });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("pending");
  });

  it("confirms the order once for a valid event, and a replay changes nothing", async () => {
    const payload = completed("evt_paid_1");
    const first = await post(payload, signed(payload));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, handled: "confirmed" });
    const [paid] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid).toMatchObject({ status: "paid" });
    expect(paid?.receiptNumber).toBeGreaterThan(0);
    expect(sent.filter((mail) => mail.subject.startsWith("Kvittering nr."))).toHaveLength(1);

    const replay = await post(payload, signed(payload));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, handled: "duplicate" });
    const [after] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after?.receiptNumber).toBe(paid?.receiptNumber);
    expect(sent.filter((mail) => mail.subject.startsWith("Kvittering nr."))).toHaveLength(1);
  });

  it("treats a second event for an order already paid as harmless", async () => {
    const payload = completed("evt_paid_again");
    const response = await post(payload, signed(payload));
    expect(response.status).toBe(200);
    expect(sent.filter((mail) => mail.subject.startsWith("Kvittering nr."))).toHaveLength(1);
  });
});
