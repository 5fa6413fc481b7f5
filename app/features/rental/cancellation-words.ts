import { formatMoney } from "~/lib/format";

/**
 * What cancelling a booking comes to now (`quoteCancellation`): the booker sees it before confirming, and it is
 * what is done.
 */
export interface CancellationQuote {
  daysBefore: number;
  chargePercent: number;
  /** What the venue keeps of the rent: the tier's share, at least the depositum. */
  chargeOere: number;
  /** What goes back: the rent paid beyond the charge, and the security deposit paid. */
  refundOere: number;
  /** A charge beyond what was paid. */
  owedOere: number;
  securityDepositOere: number;
  /** An order on invoice: the rent not charged is a credit note. */
  creditOere: number | null;
}

/**
 * What a cancellation comes to, in Danish sentences: what is kept, what comes back, and how. A sentence that ends
 * in an amount ends with its "kr.".
 */
export function cancellationWords(quote: CancellationQuote): string[] {
  const when = quote.daysBefore === 1 ? "1 dag før" : `${quote.daysBefore} dage før`;
  const kept =
    quote.chargeOere === 0
      ? "Afbestillingen er gratis."
      : quote.chargePercent === 0
        ? `Vi beholder depositummet på ${formatMoney(quote.chargeOere)}`
        : `Vi beholder ${formatMoney(quote.chargeOere)}, ${quote.chargePercent} % af lejen.`;
  const lines = [`Afbestilling ${when} den første dag.`, kept];
  if (quote.creditOere !== null) {
    if (quote.creditOere > 0) lines.push(`I får en kreditnota på ${formatMoney(quote.creditOere)}`);
    if (quote.owedOere > 0) lines.push(`Der skal betales ${formatMoney(quote.owedOere)} af fakturaen.`);
    else if (quote.refundOere > 0) lines.push(`Vi betaler ${formatMoney(quote.refundOere)} tilbage til jeres konto.`);
    return lines;
  }
  if (quote.refundOere > 0) {
    const deposit =
      quote.securityDepositOere > 0 ? `, heraf sikkerhedsdepositum ${formatMoney(quote.securityDepositOere)}` : "";
    lines.push(`Du får ${formatMoney(quote.refundOere)} tilbage${deposit}, på den måde, du betalte.`);
  }
  if (quote.owedOere > 0) lines.push(`Du mangler at betale ${formatMoney(quote.owedOere)}`);
  return lines;
}
