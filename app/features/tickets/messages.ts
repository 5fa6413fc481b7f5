import { vatInWords, type VatRow } from "~/features/orders/vat-words";
import { message } from "~/features/email/messages";

/** A ticket order as its mails name it. */
export interface TicketMailView {
  siteName: string;
  name: string;
  concert: string;
  when: string;
  tickets: { label: string; url: string }[];
  total: string;
  vat: VatRow[];
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
        ? [`Kvittering nr. ${view.receiptNumber}: ${view.total} i alt. ${vatInWords(view.vat)}`]
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

/** To a fan who wrote themselves on a sold-out concert's waitlist: their place, and how to leave it. */
export function waitlistJoinedMessage(
  to: string,
  view: { siteName: string; name: string; concert: string; when: string; wanted: number; leaveUrl: string },
) {
  const tickets = view.wanted === 1 ? "1 billet" : `${view.wanted} billetter`;
  return message(
    view.siteName,
    to,
    `Du er på ventelisten: ${view.concert}`,
    [
      `Hej ${view.name}`,
      `Du står nu på ventelisten til ${view.concert}, ${view.when}, og ønsker ${tickets}.`,
      "Kommer der billetter fri, får de første på listen dem i den rækkefølge, de skrev sig op. Så skriver vi til dig, og billetterne er reserveret til dig i 24 timer.",
    ],
    [{ url: view.leaveUrl, label: "Fjern mig fra ventelisten" }],
  );
}

/** To the next fan on a waitlist: tickets are held for them for a day, to be paid from the order's page. */
export function waitlistOfferMessage(
  to: string,
  view: { siteName: string; name: string; concert: string; when: string; until: string; orderUrl: string },
) {
  return message(
    view.siteName,
    to,
    `Der er billetter til dig: ${view.concert}`,
    [
      `Hej ${view.name}`,
      `Der er kommet billetter fri til ${view.concert}, ${view.when}, og du var den næste på ventelisten.`,
      `Billetterne er reserveret til dig til ${view.until}. Betal dem fra linket herunder. Vil du ikke have dem, skal du ikke gøre noget: så går de videre til den næste på listen.`,
    ],
    [{ url: view.orderUrl, label: "Se og betal dine billetter" }],
  );
}
