import { z } from "zod";
import { daysBetween } from "~/lib/days";
import { percentOf } from "~/features/orders/money";
import type { CancellationTier } from "~/db/schema/values/rental";

export const cancellationTiersSchema = z
  .array(
    z.object({
      minDaysBefore: z.coerce
        .number({ error: "Skriv et antal dage" })
        .int("Skriv et helt antal dage")
        .min(0, "Antallet af dage kan ikke være negativt")
        .max(365, "Højst 365 dage"),
      chargePercent: z.coerce
        .number({ error: "Skriv en procentsats" })
        .int("Skriv en hel procentsats")
        .min(0, "Procentsatsen skal være mellem 0 og 100")
        .max(100, "Procentsatsen skal være mellem 0 og 100"),
    }),
  )
  .max(10, "Højst 10 trin")
  .refine(
    (tiers) => new Set(tiers.map((tier) => tier.minDaysBefore)).size === tiers.length,
    "To trin kan ikke begynde samme antal dage før",
  );

/** The admin's reason, which the booker reads in their mail: a refusal of a request, a cancellation. */
export const reasonToBooker = z
  .string({ error: "Skriv en begrundelse til lejeren" })
  .trim()
  .min(1, "Skriv en begrundelse til lejeren")
  .max(1000, "Højst 1000 tegn");

/** The admin cancels a booking by the tiers (Udlejning). */
export const adminCancellationSchema = z.object({ ordre: z.uuid(), begrundelse: reasonToBooker });

/** The share of the rent charged this many days before the first day; before every tier, all of it. */
export function chargePercentAt(tiers: CancellationTier[], daysBefore: number): number {
  const applying = tiers
    .filter((tier) => daysBefore >= tier.minDaysBefore)
    .sort((a, b) => b.minDaysBefore - a.minDaysBefore)[0];
  return applying?.chargePercent ?? 100;
}

export interface PaidBooking {
  rentOere: number;
  depositumOere: number;
  /** What the booker has paid of the rent so far. */
  rentPaidOere: number;
  securityDepositPaidOere: number;
  firstDay: string;
}

/**
 * What a cancellation `today` comes to: the charge (the tier's share of the rent, at least the depositum), what is
 * paid back (the rent paid beyond the charge, and the security deposit), and what is still owed (a charge beyond
 * what was paid). The booker sees it before confirming.
 */
export function cancellationSettlement(booking: PaidBooking, tiers: CancellationTier[], today: string) {
  const daysBefore = daysBetween(today, booking.firstDay);
  const chargePercent = chargePercentAt(tiers, daysBefore);
  const chargeOere = Math.max(booking.depositumOere, percentOf(booking.rentOere, chargePercent));
  return {
    daysBefore,
    chargePercent,
    chargeOere,
    refundOere: Math.max(0, booking.rentPaidOere - chargeOere) + booking.securityDepositPaidOere,
    owedOere: Math.max(0, chargeOere - booking.rentPaidOere),
  };
}

/**
 * The tiers in words, from the earliest: "30 dage eller mere før: intet ud over depositum", "14–29 dage før: 50 % af
 * lejen", "Under 14 dage før: 100 % af lejen". For the contract, Priser and Mine reservationer.
 */
export function tierDescriptions(tiers: CancellationTier[]): string[] {
  const sorted = [...tiers].sort((a, b) => b.minDaysBefore - a.minDaysBefore);
  const charge = (percent: number) => (percent === 0 ? "intet ud over depositum" : `${percent} % af lejen`);
  const lines = sorted.map((tier, index) => {
    const until = sorted[index - 1]?.minDaysBefore;
    const span =
      until === undefined
        ? tier.minDaysBefore === 0
          ? "Indtil dagen"
          : `${tier.minDaysBefore} dage eller mere før`
        : tier.minDaysBefore === 0
          ? `Under ${until} dage før`
          : `${tier.minDaysBefore}–${until - 1} dage før`;
    return `${span}: ${charge(tier.chargePercent)}`;
  });
  const last = sorted.at(-1);
  if (!last || last.minDaysBefore > 0) lines.push(`Under ${last?.minDaysBefore ?? 0} dage før: 100 % af lejen`);
  return lines.filter((line) => !line.startsWith("Under 0 dage"));
}
