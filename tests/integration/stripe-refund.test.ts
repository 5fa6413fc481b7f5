import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeProvider } from "~/features/payment/stripe.server";
import type { Database } from "~/db/client.server";

/** What the stand-in of Stripe's API was asked: method, path, idempotency key and form body. */
interface Asked {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: string;
}

describe("a refund through Stripe (decisions 035 and 036)", () => {
  let server: Server;
  const asked: Asked[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
        asked.push({ method: request.method!, path: request.url!, idempotencyKey, body });
        response.setHeader("Content-Type", "application/json");
        if (request.url === "/v1/checkout/sessions/cs_test_paid") {
          response.end(JSON.stringify({ id: "cs_test_paid", object: "checkout.session", payment_intent: "pi_test_1" }));
        } else if (request.url === "/v1/refunds" && request.method === "POST") {
          response.end(JSON.stringify({ id: "re_test_1", object: "refund", amount: 150000 }));
        } else {
          response.statusCode = 404;
          response.end(JSON.stringify({ error: { type: "invalid_request_error", message: "No such thing" } }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = () =>
    stripeProvider({} as Database, {
      secretKey: "sk_test_scene",
      webhookSecret: "whsec_scene",
      api: { host: "127.0.0.1", port: (server.address() as AddressInfo).port, protocol: "http" },
    });

  it("refunds part of the payment intent of the paid Checkout session, with the idempotency key", async () => {
    const reference = await provider().refund({
      providerReference: "cs_test_paid",
      amountOere: 150_000,
      idempotencyKey: "security-deposit-order-1",
    });
    expect(reference).toBe("re_test_1");
    expect(asked.map(({ method, path }) => `${method} ${path}`)).toEqual([
      "GET /v1/checkout/sessions/cs_test_paid",
      "POST /v1/refunds",
    ]);
    const refund = asked[1]!;
    expect(new URLSearchParams(refund.body).get("payment_intent")).toBe("pi_test_1");
    expect(new URLSearchParams(refund.body).get("amount")).toBe("150000");
    expect(refund.idempotencyKey).toBe("security-deposit-order-1");
  });

  it("only marks a payment that never went through Stripe, or nothing to pay back, asking Stripe nothing", async () => {
    asked.length = 0;
    expect(await provider().refund({ providerReference: null, amountOere: 150_000, idempotencyKey: "a" })).toBeNull();
    expect(
      await provider().refund({ providerReference: "cs_test_paid", amountOere: 0, idempotencyKey: "b" }),
    ).toBeNull();
    expect(asked).toEqual([]);
  });

  it("throws when Stripe refuses, so the cancellation or settlement is undone", async () => {
    await expect(
      provider().refund({ providerReference: "cs_test_unknown", amountOere: 100, idempotencyKey: "c" }),
    ).rejects.toThrow();
  });
});
