import { describe, expect, it } from "vitest";
import { settlementRefusal, settlementSchema, type DepositToSettle } from "./security-deposit";

const paid: DepositToSettle = { depositOere: 200000, depositPaid: true, lastDay: "2026-06-06", settled: false };

describe("settlementRefusal", () => {
  it.each<[string, DepositToSettle, number, string, ReturnType<typeof settlementRefusal>]>([
    ["the day after the event, returned whole", paid, 0, "2026-06-07", null],
    ["keeping part of it", paid, 50000, "2026-06-07", null],
    ["keeping all of it", paid, 200000, "2026-06-07", null],
    ["keeping more than it", paid, 200001, "2026-06-07", "too-much"],
    ["on the last day of the event", paid, 0, "2026-06-06", "not-over"],
    ["before the balance carrying it is paid", { ...paid, depositPaid: false }, 0, "2026-06-07", "not-paid"],
    ["a second time", { ...paid, settled: true }, 0, "2026-06-07", "settled"],
    ["a booking without one", { ...paid, depositOere: 0 }, 0, "2026-06-07", "no-deposit"],
  ])("%s", (_name, deposit, keptOere, today, refusal) => {
    expect(settlementRefusal(deposit, keptOere, today)).toBe(refusal);
  });
});

describe("settlementSchema", () => {
  const ordre = "6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5";
  it.each([
    [{ ordre, beholdes: "", begrundelse: "" }, { beholdes: 0 }],
    [{ ordre, beholdes: "500", begrundelse: "Ekstra rengøring" }, { beholdes: 50000 }],
    [{ ordre, beholdes: "1.250,50 kr.", begrundelse: "Ødelagt stol" }, { beholdes: 125050 }],
  ])("takes %j", (form, expected) => {
    expect(settlementSchema.parse(form)).toMatchObject(expected);
  });

  it.each([
    [{ ordre, beholdes: "500", begrundelse: " " }, "Skriv, hvorfor en del af sikkerhedsdepositummet beholdes"],
    [{ ordre, beholdes: "-5", begrundelse: "x" }, undefined],
    [{ ordre: "1", beholdes: "", begrundelse: "" }, undefined],
  ])("refuses %j", (form, message) => {
    const result = settlementSchema.safeParse(form);
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });
});
