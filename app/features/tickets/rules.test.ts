import { describe, expect, it } from "vitest";
import type { EventStatus } from "~/db/schema/values/content";
import { normalizeDoorCode, ticketTokenIn } from "./door-code";
import {
  buyerMayCancel,
  checkInAnswer,
  concertTicketsLeft,
  fewTicketsLeft,
  saleState,
  ticketLines,
  ticketOrderRefusal,
  ticketRefusalMessage,
  ticketRefusalStatus,
  ticketsLeft,
  type TicketSaleTerms,
  type TicketTypeStock,
} from "./rules";

const now = new Date("2026-12-01T12:00:00Z");
const sale = (overrides: Partial<TicketSaleTerms> = {}): TicketSaleTerms => ({
  concertStatus: "planlagt",
  capacity: 100,
  taken: 0,
  opensAt: new Date("2026-11-01T09:00:00Z"),
  closesAt: new Date("2026-12-24T18:00:00Z"),
  maxPerOrder: 6,
  maxPerEmail: 10,
  feeOere: 0,
  ...overrides,
});
const ordinary: TicketTypeStock = { id: "a", name: "Ordinær", priceOere: 19500, capacity: 80, taken: 0 };
const student: TicketTypeStock = { id: "b", name: "Studerende", priceOere: 12500, capacity: 20, taken: 0 };

describe("saleState", () => {
  it.each([
    ["before it opens", sale({ opensAt: new Date("2026-12-02T00:00:00Z") }), [ordinary], "not-open"],
    ["at the closing instant", sale({ closesAt: now }), [ordinary], "closed"],
    ["open with tickets left", sale(), [ordinary], "open"],
    ["the concert full (held tickets count)", sale({ taken: 100 }), [ordinary], "sold-out"],
    [
      "every type full though the hall is not",
      sale({ taken: 30 }),
      [
        { ...ordinary, taken: 80 },
        { ...student, taken: 20 },
      ],
      "sold-out",
    ],
    ["one type full, another not", sale({ taken: 80 }), [{ ...ordinary, taken: 80 }, student], "open"],
    ["a moved concert's, as any", sale({ concertStatus: "flyttet" }), [ordinary], "open"],
    ["a cancelled concert's, though tickets are left", sale({ concertStatus: "aflyst" }), [ordinary], "closed"],
    [
      "one the admin marked sold out, though tickets are left",
      sale({ concertStatus: "udsolgt" }),
      [ordinary],
      "sold-out",
    ],
    ["without ticket types", sale(), [], "closed"],
  ])("%s", (_, terms, types, expected) => {
    expect(saleState(terms, types, now)).toBe(expected);
  });
});

describe("concertTicketsLeft", () => {
  it.each([
    ["the hall's left when fewer", sale({ taken: 90 }), [ordinary, student], 10],
    [
      "the types' left together when fewer",
      sale(),
      [
        { ...ordinary, taken: 80 },
        { ...student, taken: 15 },
      ],
      5,
    ],
    ["a type over its capacity counts none, not less", sale(), [{ ...ordinary, taken: 81 }, student], 20],
    ["none without types", sale(), [], 0],
  ])("%s", (_, terms, types, expected) => {
    expect(concertTicketsLeft(terms, types)).toBe(expected);
  });
});

describe("fewTicketsLeft", () => {
  it.each([
    [0, false],
    [1, true],
    [10, true],
    [11, false],
    [500, false],
  ])("%i left: %s", (left, few) => {
    expect(fewTicketsLeft(left)).toBe(few);
  });
});

describe("ticketsLeft", () => {
  it.each([
    ["the type's own left", sale(), { capacity: 20, taken: 5 }, 15],
    ["the concert's left when fewer", sale({ taken: 95 }), { capacity: 20, taken: 5 }, 5],
    ["never below zero", sale({ taken: 100 }), { capacity: 20, taken: 20 }, 0],
  ])("%s", (_, terms, type, expected) => {
    expect(ticketsLeft(terms, type)).toBe(expected);
  });
});

describe("ticketOrderRefusal", () => {
  it.each([
    ["nothing chosen", sale(), { a: 0 }, 0, { reason: "none-chosen" }],
    ["before the sale opens", sale({ opensAt: new Date("2026-12-02T00:00:00Z") }), { a: 1 }, 0, { reason: "not-open" }],
    ["after it closes", sale({ closesAt: now }), { a: 1 }, 0, { reason: "closed" }],
    ["sold out", sale({ taken: 100 }), { a: 1 }, 0, { reason: "sold-out" }],
    ["more than the order's limit", sale(), { a: 4, b: 3 }, 0, { reason: "over-order-limit", limit: 6 }],
    [
      "more than the e-mail's limit with earlier orders",
      sale(),
      { a: 3 },
      8,
      { reason: "over-email-limit", already: 8 },
    ],
    ["a type with enough left", sale(), { b: 3 }, 0, null],
    ["a type that is not the concert's", sale(), { x: 1 }, 0, { reason: "unknown-type" }],
    ["exactly the order's limit", sale(), { a: 6 }, 0, null],
    ["exactly the e-mail's limit", sale(), { a: 2 }, 8, null],
  ])("%s", (_, terms, quantities, already, expected) => {
    const refusal = ticketOrderRefusal(terms, [ordinary, student], quantities, already, now);
    if (expected === null) expect(refusal).toBeNull();
    else expect(refusal).toMatchObject(expected);
  });

  it("names the type and what is left when one type has too few", () => {
    const few = { ...student, taken: 18 };
    expect(ticketOrderRefusal(sale({ taken: 18 }), [ordinary, few], { b: 3 }, 0, now)).toEqual({
      reason: "not-enough",
      typeName: "Studerende",
      left: 2,
    });
  });
});

describe("ticketRefusalMessage and status", () => {
  const format = () => "1. december kl. 10.00";
  it.each([
    [{ reason: "none-chosen" } as const, "Vælg mindst én billet.", 400],
    [{ reason: "not-open", opensAt: now } as const, "Billetsalget åbner 1. december kl. 10.00.", 409],
    [{ reason: "closed" } as const, "Billetsalget er lukket.", 409],
    [{ reason: "over-order-limit", limit: 6 } as const, "Du kan højst købe 6 billetter på én ordre.", 400],
    [{ reason: "not-enough", typeName: "Studerende", left: 2 } as const, "Der er kun 2 studerende tilbage.", 409],
    [{ reason: "not-enough", typeName: "Studerende", left: 0 } as const, "Studerende er udsolgt.", 409],
  ])("%j", (refusal, message, status) => {
    expect(ticketRefusalMessage(refusal, format)).toBe(message);
    expect(ticketRefusalStatus(refusal)).toBe(status);
  });

  it("tells the sold-out fan about the waitlist", () => {
    expect(ticketRefusalMessage({ reason: "sold-out" }, format)).toMatch(/^Udsolgt\./);
  });
});

describe("ticketLines", () => {
  it.each([
    [
      "one type, no fee",
      { a: 2 },
      0,
      [
        {
          kind: "ticket",
          description: "Billet: Ordinær",
          quantity: 2,
          unitPriceOere: 19500,
          totalOere: 39000,
          vatOere: 7800,
        },
      ],
    ],
    [
      "two types and a fee per ticket, all with 25 % moms",
      { a: 1, b: 2 },
      1500,
      [
        { kind: "ticket", quantity: 1, totalOere: 19500, vatOere: 3900 },
        { kind: "ticket", description: "Billet: Studerende", quantity: 2, totalOere: 25000, vatOere: 5000 },
        { kind: "ticket-fee", description: "Gebyr", quantity: 3, unitPriceOere: 1500, totalOere: 4500, vatOere: 900 },
      ],
    ],
    ["a type chosen zero times is no line", { a: 0, b: 1 }, 0, [{ description: "Billet: Studerende", quantity: 1 }]],
  ])("%s", (_, quantities, fee, expected) => {
    const lines = ticketLines([ordinary, student], quantities, fee);
    expect(lines).toHaveLength(expected.length);
    expected.forEach((line, index) => expect(lines[index]).toMatchObject(line));
  });

  it("rounds each line's moms to whole øre: a fee of 12,99 kr. on three tickets", () => {
    const [, fee] = ticketLines([ordinary], { a: 3 }, 1299);
    expect(fee).toMatchObject({ totalOere: 3897, vatOere: 779 });
  });
});

describe("checkInAnswer", () => {
  const time = () => "20.14";
  it.each([
    [{ kind: "admitted", position: 2, ofOrder: 3 } as const, "green", "Godkendt – 2 af 3 billetter på ordren"],
    [{ kind: "admitted", position: 1, ofOrder: 1 } as const, "green", "Godkendt"],
    [{ kind: "already", at: now } as const, "amber", "Allerede tjekket ind kl. 20.14"],
    [{ kind: "unknown" } as const, "red", "Ukendt billet"],
    [
      { kind: "other-concert", concertTitle: "Jul i Havnen" } as const,
      "red",
      "Billet til en anden koncert (Jul i Havnen)",
    ],
  ])("%j", (outcome, colour, text) => {
    expect(checkInAnswer(outcome, time)).toEqual({ colour, text });
  });
});

describe("door codes and ticket addresses", () => {
  it.each([
    ["7k3m-q9xd", "7K3MQ9XD"],
    [" 7K3M Q9XD ", "7K3MQ9XD"],
    ["OIL0ABCD", "0110ABCD"],
    ["7K3MQ9X", null],
    ["7K3MQ9XU", null],
  ])("normalizeDoorCode(%j) = %j", (typed, expected) => {
    expect(normalizeDoorCode(typed)).toBe(expected);
  });

  const token = "AbCdEfGhIjKlMnOpQrStUv";
  it.each([
    [`https://havnescenen.dk/billet/${token}`, token],
    [`http://127.0.0.1:3000/billet/${token}?x=1`, token],
    [token, token],
    [`https://havnescenen.dk/billet/${token}x`, null],
    ["7K3M-Q9XD", null],
  ])("ticketTokenIn(%j) = %j", (scanned, expected) => {
    expect(ticketTokenIn(scanned)).toBe(expected);
  });
});

describe("buyerMayCancel", () => {
  const concert = {
    buyersMayCancel: true,
    startsAt: new Date("2026-12-04T19:00:00Z"),
    movedTo: null,
    status: "planlagt" as EventStatus,
  };
  const order = { paid: true, anyCheckedIn: false };
  it.each([
    ["allowed, paid, before the concert", order, concert, true],
    ["the admin does not allow it", order, { ...concert, buyersMayCancel: false }, false],
    ["not paid", { ...order, paid: false }, concert, false],
    ["a ticket checked in", { ...order, anyCheckedIn: true }, concert, false],
    ["a cancelled concert (refunded anyway)", order, { ...concert, status: "aflyst" as const }, false],
    ["the concert has started", order, { ...concert, startsAt: now }, false],
    ["a moved concert before its new start", order, { ...concert, startsAt: now, movedTo: concert.startsAt }, true],
  ])("%s", (_, orderFacts, concertFacts, expected) => {
    expect(buyerMayCancel(orderFacts, concertFacts, now)).toBe(expected);
  });
});
