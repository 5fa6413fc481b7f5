import { describe, expect, it } from "vitest";
import { erasedBuyerEmail, erasureOf, erasureRefusal, erasureRefusalMessage } from "./buyer-data";

// Noon in Copenhagen on 1 December 2026.
const now = new Date("2026-12-01T11:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const order = (overrides: Partial<Parameters<typeof erasureRefusal>[0]> = {}) => ({
  status: "paid" as const,
  provider: "stripe",
  createdAt: minutesAgo(60 * 24 * 30),
  ...overrides,
});
const concertAt = (startsAt: string, movedTo: string | null = null) => ({
  startsAt: new Date(startsAt),
  movedTo: movedTo ? new Date(movedTo) : null,
});
const stripe = { name: "stripe", checkoutSessionSeconds: 32 * 60 };
const sold = [{ status: "sold" }];

describe("erasureOf", () => {
  it.each([
    ["pending", "delete"],
    ["failed", "delete"],
    ["expired", "delete"],
    ["paid", "anonymize"],
    ["cancelled", "anonymize"],
  ] as const)("a %s order is %sd", (status, erasure) => {
    expect(erasureOf(status)).toBe(erasure);
  });
});

describe("erasureRefusal", () => {
  it.each([
    ["valid tickets to a concert later today", order(), concertAt("2026-12-01T19:00:00Z"), sold, "valid-tickets"],
    // A concert that started this morning has not left the programme: its tickets may still open the door tonight.
    ["valid tickets to a concert earlier today", order(), concertAt("2026-12-01T00:30:00Z"), sold, "valid-tickets"],
    [
      "valid tickets to a concert moved to next week",
      order(),
      concertAt("2026-11-20T19:00:00Z", "2026-12-08T19:00:00Z"),
      sold,
      "valid-tickets",
    ],
    ["valid tickets to yesterday's concert", order(), concertAt("2026-11-30T19:00:00Z"), sold, null],
    [
      "refunded tickets to a coming concert",
      order(),
      concertAt("2026-12-08T19:00:00Z"),
      [{ status: "refunded" }],
      null,
    ],
    [
      "an order whose Stripe checkout is still open",
      order({ status: "pending", createdAt: minutesAgo(20) }),
      concertAt("2026-12-08T19:00:00Z"),
      [{ status: "held" }],
      "payment-open",
    ],
    [
      "an order whose Stripe checkout has closed",
      order({ status: "pending", createdAt: minutesAgo(33) }),
      concertAt("2026-12-08T19:00:00Z"),
      [{ status: "released" }],
      null,
    ],
    [
      "an order of the demo, whose button pays at once or never",
      order({ status: "pending", provider: "demo", createdAt: minutesAgo(1) }),
      concertAt("2026-12-08T19:00:00Z"),
      [{ status: "held" }],
      null,
    ],
  ])("%s: %s", (_, facts, concert, tickets, reason) => {
    expect(erasureRefusal(facts, concert, tickets, stripe, now)?.reason ?? null).toBe(reason);
  });

  it("says in Danish when to try again, and where to write", () => {
    const pending = order({ status: "pending", createdAt: minutesAgo(20) });
    const refusal = erasureRefusal(pending, concertAt("2026-12-08T19:00:00Z"), [], stripe, now)!;
    expect(erasureRefusalMessage(refusal, "")).toBe(
      "Betalingen af ordren er ikke afsluttet endnu. Prøv igen efter kl. 12.12.",
    );
    expect(erasureRefusalMessage({ reason: "valid-tickets" }, "booking@havnescenen.dk")).toMatch(
      /Vent til efter koncerten, eller skriv til os på booking@havnescenen\.dk\.$/,
    );
    expect(erasureRefusalMessage({ reason: "valid-tickets" }, "")).toMatch(/eller skriv til os\.$/);
  });
});

it("gives each anonymized order its own address, which no mail server delivers", () => {
  expect(erasedBuyerEmail("0b6f…1")).not.toBe(erasedBuyerEmail("0b6f…2"));
  expect(erasedBuyerEmail("abc")).toMatch(/\.invalid$/);
});
