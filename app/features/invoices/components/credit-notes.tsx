export interface CreditNoteView {
  id: string;
  number: number;
  buyer: string;
  ean: string | null;
  issued: string;
  total: string;
  credits: number;
  /** The invoice it credits was paid: the credited amount is paid back by bank transfer. */
  payBack: boolean;
}

/**
 * The credit notes of the last 90 days (cancellations after invoicing, decision 036): each with its PDF, the OIOUBL
 * to send a public institution through NemHandel, and what to pay back where the invoice was paid.
 */
export function CreditNotes({ creditNotes }: { creditNotes: CreditNoteView[] }) {
  if (creditNotes.length === 0) return null;
  return (
    <section aria-labelledby="kreditnotaer" className="mt-10">
      <h2 id="kreditnotaer" className="font-display text-2xl font-bold">
        Kreditnotaer
      </h2>
      <p className="mt-1 text-sm text-muted">De sidste 90 dage, fra afbestillinger af bookinger på faktura.</p>
      <ul className="mt-4 divide-y divide-border rounded-2xl border border-border">
        {creditNotes.map((note) => (
          <li key={note.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
            <div className="min-w-0 basis-full sm:basis-0 sm:grow">
              <p className="font-semibold">
                Kreditnota nr. {note.number} · {note.buyer}
              </p>
              <p className="text-sm text-muted">
                {note.issued} · krediterer faktura nr. {note.credits}
                {note.payBack ? ` · fakturaen er betalt: betal ${note.total} tilbage` : ""}
              </p>
            </div>
            <span className="font-semibold whitespace-nowrap tabular-nums">{note.total}</span>
            <a
              href={`/faktura/${note.id}`}
              className="text-sm font-semibold text-accent underline-offset-4 hover:underline"
            >
              PDF
            </a>
            {note.ean && (
              <a
                href={`/faktura/${note.id}/oioubl`}
                className="text-sm font-semibold text-accent underline-offset-4 hover:underline"
              >
                OIOUBL (EAN {note.ean})
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
