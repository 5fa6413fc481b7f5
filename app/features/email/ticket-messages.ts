import { message } from "./messages";

/** A ticket order as its mails name it. */
export interface TicketMailView {
  siteName: string;
  name: string;
  concert: string;
  when: string;
  tickets: { label: string; url: string }[];
  total: string;
  vat: string;
  receiptNumber: number | null;
}

/** To the buyer: the tickets, each with its own link, and the order's receipt; the PDF is attached by the caller. */
export function ticketsMessage(to: string, view: TicketMailView, orderUrl: string, again = false) {
  const count = view.tickets.length;
  return message(
    view.siteName,
    to,
    `${again ? "Dine billetter igen" : "Dine billetter"}: ${view.concert}`,
    [
      `Hej ${view.name}`,
      again
        ? `Her er dine billetter til ${view.concert}, ${view.when}, igen.`
        : `Tak for dit køb. Her er ${count === 1 ? "din billet" : `dine ${count} billetter`} til ${view.concert}, ${view.when}.`,
      "Vis billetten på telefonen ved indgangen, eller print den vedhæftede PDF. Hver billet har sin egen QR-kode og kan kun bruges én gang.",
      ...(view.receiptNumber
        ? [`Kvittering nr. ${view.receiptNumber}: ${view.total} i alt, heraf moms ${view.vat}.`]
        : []),
    ],
    [
      ...view.tickets.map((ticket) => ({ url: ticket.url, label: ticket.label })),
      { url: orderUrl, label: "Din ordre" },
    ],
  );
}

/** To a buyer of a cancelled concert: the money is on its way back. */
export function concertRefundMessage(
  to: string,
  view: { siteName: string; name: string; concert: string; amount: string },
) {
  return message(view.siteName, to, `Aflyst: ${view.concert}. Du får pengene tilbage`, [
    `Hej ${view.name}`,
    `${view.concert} er desværre aflyst. Vi har refunderet ${view.amount} til det kort eller den konto, du betalte med. Der kan gå nogle bankdage, før beløbet står på din konto.`,
    "Dine billetter er ikke længere gyldige. Vi beklager.",
  ]);
}

/** To a buyer whose order the venue refunded on its own. */
export function ticketRefundMessage(
  to: string,
  view: { siteName: string; name: string; concert: string; amount: string },
) {
  return message(view.siteName, to, `Refusion af dine billetter: ${view.concert}`, [
    `Hej ${view.name}`,
    `Vi har refunderet ${view.amount} for dine billetter til ${view.concert}. Der kan gå nogle bankdage, før beløbet står på din konto.`,
    "Billetterne er ikke længere gyldige.",
  ]);
}
