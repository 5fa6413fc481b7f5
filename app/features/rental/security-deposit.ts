import { z } from "zod";
import { moneyRule } from "~/features/content/schemas";

/**
 * Settling a booking's security deposit (sikkerhedsdepositum) after the event: the admin returns it whole, or keeps
 * part of it for damage, cleaning or waste, saying why. Days are "YYYY-MM-DD" keys in Copenhagen.
 */
export interface DepositToSettle {
  /** The deposit the booking paid, in øre (0: none was asked). */
  depositOere: number;
  /** Whether the payment that carries the deposit (the balance, or everything) has been paid. */
  depositPaid: boolean;
  lastDay: string;
  settled: boolean;
}

export type SettlementRefusal = "no-deposit" | "not-paid" | "not-over" | "settled" | "too-much";

/** Why a deposit cannot be settled `today` keeping `keptOere`, or null when it can. */
export function settlementRefusal(deposit: DepositToSettle, keptOere: number, today: string): SettlementRefusal | null {
  if (deposit.depositOere === 0) return "no-deposit";
  if (deposit.settled) return "settled";
  if (!deposit.depositPaid) return "not-paid";
  if (today <= deposit.lastDay) return "not-over";
  if (keptOere > deposit.depositOere) return "too-much";
  return null;
}

/** The admin's settlement form: what is kept (kr, empty for nothing) and the reason, which a kept amount needs. */
export const settlementSchema = z
  .object({
    ordre: z.uuid(),
    beholdes: z
      .string()
      .trim()
      .max(20)
      .default("")
      .transform((value) => value || "0")
      .pipe(moneyRule()),
    begrundelse: z.string().trim().max(1000, "Højst 1000 tegn").default(""),
  })
  .refine((form) => form.beholdes === 0 || form.begrundelse.length > 0, {
    path: ["begrundelse"],
    message: "Skriv, hvorfor en del af sikkerhedsdepositummet beholdes",
  });

/** The Danish words for a refusal, as the admin reads them. */
export const settlementRefusalMessages: Record<SettlementRefusal, string> = {
  "no-deposit": "Bookingen har intet sikkerhedsdepositum",
  settled: "Sikkerhedsdepositummet er allerede afregnet",
  "not-paid": "Sikkerhedsdepositummet er ikke betalt endnu",
  "not-over": "Sikkerhedsdepositummet afregnes, når lejen er forbi",
  "too-much": "Der kan ikke beholdes mere end sikkerhedsdepositummet",
};
