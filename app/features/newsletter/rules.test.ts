import { describe, expect, it } from "vitest";
import {
  digestHasNews,
  digestMonthDue,
  growthByMonth,
  MAX_SEND_ATTEMPTS,
  outcomeOfFailure,
  ticketStatusOf,
  type ConcertForLetter,
} from "./rules";
import type { SaleState } from "~/features/tickets/rules";
import type { TicketOffer } from "~/features/tickets/sale.server";

const own = (state: SaleState, left = 190): TicketOffer => ({
  kind: "own",
  state,
  opensAt: new Date("2026-11-25T12:00:00Z"),
  left,
  prices: { feeOere: 1500, typePricesOere: [17500] },
});
const concert = (overrides: Partial<ConcertForLetter>): ConcertForLetter => ({
  status: "planlagt",
  ticketSale: "own",
  offer: own("open"),
  ...overrides,
});

describe("ticketStatusOf", () => {
  it.each([
    { case: "an own sale with plenty left", concert: concert({}), label: "Køb billet", target: "buy" },
    { case: "an own sale with few left", concert: concert({ offer: own("open", 10) }), label: "Få billetter tilbage" },
    {
      case: "an own sale sold out: the concert's page, with its waitlist",
      concert: concert({ offer: own("sold-out", 0) }),
      label: "Udsolgt – skriv dig på ventelisten",
      target: "page",
    },
    {
      case: "a sale that has not opened",
      concert: concert({ offer: own("not-open") }),
      label: "Billetsalget åbner snart",
      target: "page",
    },
    {
      case: "a sale that has closed",
      concert: concert({ offer: own("closed") }),
      label: "Billetsalget er lukket",
      target: "page",
    },
    { case: "cancelled, whatever the sale", concert: concert({ status: "aflyst" }), label: "Aflyst", target: "page" },
    { case: "marked sold out by the admin", concert: concert({ status: "udsolgt" }), label: "Udsolgt", target: "page" },
    {
      case: "another company's ticket page",
      concert: concert({ ticketSale: "link", offer: { kind: "link", url: "https://billetto.dk/x" } }),
      label: "Køb billet",
      target: "link",
    },
    {
      case: "a ticket link without an address",
      concert: concert({ ticketSale: "link", offer: { kind: "none" } }),
      label: "Se koncerten",
      target: "page",
    },
    {
      case: "an own sale not set up",
      concert: concert({ offer: { kind: "none" } }),
      label: "Se koncerten",
      target: "page",
    },
    {
      case: "no ticket sale: free or at the door",
      concert: concert({ ticketSale: "none", offer: { kind: "none" } }),
      label: "Ingen billetsalg – mød op",
      target: "page",
    },
  ])("$case", ({ concert: given, label, target = "buy" }) => {
    expect(ticketStatusOf(given)).toEqual({ label, target });
  });
});

describe("the send queue's tries", () => {
  it.each([
    {
      case: "no such mailbox (550 to RCPT TO): the address bounces",
      error: { responseCode: 550, command: "RCPT TO" },
      attempts: 1,
      outcome: "bouncing",
    },
    {
      case: "refused for good at RCPT TO (554)",
      error: { responseCode: 554, command: "RCPT TO" },
      attempts: 1,
      outcome: "bouncing",
    },
    {
      case: "mailbox busy (450 to RCPT TO): tried again",
      error: { responseCode: 450, command: "RCPT TO" },
      attempts: 1,
      outcome: "retry",
    },
    {
      case: "the site's password refused (535 to AUTH): tried again, nobody bounces",
      error: { responseCode: 535, command: "AUTH PLAIN" },
      attempts: 1,
      outcome: "retry",
    },
    {
      case: "the content refused (554 to DATA): tried again, nobody bounces",
      error: { responseCode: 554, command: "DATA" },
      attempts: 2,
      outcome: "retry",
    },
    { case: "a lost connection: tried again", error: new Error("ECONNRESET"), attempts: 3, outcome: "retry" },
    {
      case: "a temporary failure on the last try: given up",
      error: { responseCode: 421, command: "MAIL FROM" },
      attempts: MAX_SEND_ATTEMPTS,
      outcome: "failed",
    },
    {
      case: "a refused recipient on the last try still bounces",
      error: { responseCode: 550, command: "RCPT TO" },
      attempts: MAX_SEND_ATTEMPTS,
      outcome: "bouncing",
    },
    { case: "nothing known of the error", error: null, attempts: 1, outcome: "retry" },
  ])("$case", ({ error, attempts, outcome }) => {
    expect(outcomeOfFailure(error, attempts)).toBe(outcome);
  });
});

describe("digestMonthDue", () => {
  it.each([
    { case: "the 1st at 10.00 in Copenhagen (winter, UTC+1)", at: "2026-12-01T09:00:00Z", month: "2026-12" },
    { case: "the 1st just before 10.00", at: "2026-12-01T08:59:59Z", month: null },
    { case: "the 1st in the evening", at: "2026-12-01T21:30:00Z", month: "2026-12" },
    { case: "the 1st at 10.00 in summer time (UTC+2)", at: "2026-07-01T08:00:00Z", month: "2026-07" },
    { case: "summer time, 9.59 Copenhagen time", at: "2026-07-01T07:59:00Z", month: null },
    { case: "the 2nd", at: "2026-12-02T09:00:00Z", month: null },
    { case: "the last day of the month, late: already the 1st in Copenhagen", at: "2026-12-31T23:30:00Z", month: null },
  ])("$case", ({ at, month }) => {
    expect(digestMonthDue(new Date(at))).toBe(month);
  });
});

describe("digestHasNews", () => {
  it.each([
    { case: "no concerts at all", concerts: [], last: ["a"], news: false },
    { case: "all of them in the last digest", concerts: ["a", "b"], last: ["a", "b", "c"], news: false },
    { case: "one new", concerts: ["a", "d"], last: ["a", "b"], news: true },
    { case: "the first digest ever", concerts: ["a"], last: [], news: true },
  ])("$case", ({ concerts, last, news }) => {
    expect(digestHasNews(concerts, last)).toBe(news);
  });
});

describe("growthByMonth", () => {
  it("gives the last twelve months in Copenhagen, oldest first, with none where nobody joined", () => {
    const growth = growthByMonth(
      new Map([
        ["2026-01", 4],
        ["2026-11", 7],
        ["2025-11", 99],
      ]),
      new Date("2026-11-30T23:30:00Z"),
    );
    expect(growth).toHaveLength(12);
    // 23.30 UTC on the 30th is 00.30 on 1 December in Copenhagen: December is the twelfth month.
    expect(growth.map((entry) => entry.month)).toEqual([
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
    ]);
    expect(growth.map((entry) => entry.joined)).toEqual([4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0]);
  });
});
