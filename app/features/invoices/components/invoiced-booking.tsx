import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import type { ReceiptView } from "~/features/orders/receipt";
import { OrderLines } from "~/features/orders/components/order-lines";

/** The confirmation of a booking on invoice: booked, the invoice sent, to be paid by its due day. */
export function InvoicedBooking({
  receipt,
  email,
  invoice,
}: {
  receipt: ReceiptView;
  email: string;
  invoice: { id: string; number: number; due: string };
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Bookingen er bekræftet</h1>
      <p className="mt-3 text-lg text-muted">
        Dagene er jeres. Faktura nr. {invoice.number} på {receipt.total} er sendt til {email} og betales senest{" "}
        {invoice.due}.
      </p>
      <OrderLines lines={receipt.lines} label="Det har I bestilt" />
      <div className="mt-8 flex flex-wrap gap-3">
        <a href={`/faktura/${invoice.id}`} className={buttonStyles.primary}>
          Hent fakturaen (PDF)
        </a>
        <Link to="/alle-reservationer" className={buttonStyles.secondary}>
          Mine reservationer
        </Link>
      </div>
    </section>
  );
}
