import { Form } from "react-router";
import { z } from "zod";
import { buttonStyles } from "~/components/ui/button-link";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { markInvoicePaid, openInvoices, recentCreditNotes } from "~/features/invoices/invoices.server";
import { isOverdue } from "~/features/rental/payment-plan";
import { addDays, formatDay, todayInCopenhagen } from "~/lib/days";
import { errorToast, successToast } from "~/features/toast/toast";
import { answer, parseSubmission, withErrorToast } from "~/lib/form";
import { formatMoney } from "~/lib/format";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/admin.fakturaer";
import { CreditNotes } from "~/features/invoices/components/credit-notes";

export const meta = () => privatePageMeta("Fakturaer");

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const today = todayInCopenhagen();
  return {
    period: { from: `${today.slice(0, 7)}-01`, to: today },
    invoices: (await openInvoices(db)).map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      buyer: invoice.buyer,
      days: invoice.days,
      ean: invoice.ean,
      total: formatMoney(invoice.totalOere),
      due: formatDay(invoice.dueOn),
      overdue: isOverdue({ dueDay: invoice.dueOn }, today),
    })),
    creditNotes: (await recentCreditNotes(db, addDays(today, -90))).map((note) => ({
      id: note.id,
      number: note.number,
      buyer: note.buyer,
      ean: note.ean,
      issued: formatDay(note.issuedOn),
      total: formatMoney(note.totalOere),
      credits: note.credits,
      payBack: note.creditedPaid,
    })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const submission = parseSubmission(await readFormData(request), z.object({ faktura: z.uuid() }));
  if (!submission.ok) return answer(withErrorToast(submission.answer), 400);
  const paid = await markInvoicePaid(db, submission.value.faktura);
  if (!paid.ok) {
    const message = paid.reason === "already-paid" ? "Fakturaen er allerede betalt" : "Fakturaen findes ikke";
    return answer({ toast: errorToast(message) }, paid.reason === "already-paid" ? 409 : 404);
  }
  return answer({ toast: successToast("Fakturaen er markeret som betalt", `Kvittering nr. ${paid.receiptNumber}.`) });
}

export default function AdminInvoices({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { invoices } = loaderData;
  const overdue = invoices.filter((invoice) => invoice.overdue).length;
  return (
    <section className="mx-auto max-w-4xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Fakturaer</h1>
      <p className="mt-3 text-muted">
        Ubetalte fakturaer for bookinger på faktura{overdue > 0 ? `, heraf ${overdue} forfaldne` : ""}. Offentlige
        institutioner får fakturaen som OIOUBL-fil, som I sender gennem jeres NemHandel-adgang.
      </p>
      <form
        method="get"
        action="/fakturaer/bogfoering"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-2xl border border-border p-4"
      >
        <label className="grid gap-1.5 text-sm font-semibold">
          Fra
          <input
            type="date"
            name="fra"
            defaultValue={loaderData.period.from}
            className="rounded-xl border border-control-border bg-surface-raised px-3 py-2 text-base font-normal text-ink"
          />
        </label>
        <label className="grid gap-1.5 text-sm font-semibold">
          Til
          <input
            type="date"
            name="til"
            defaultValue={loaderData.period.to}
            className="rounded-xl border border-control-border bg-surface-raised px-3 py-2 text-base font-normal text-ink"
          />
        </label>
        <button type="submit" className={buttonStyles.secondary}>
          Hent bogføringsfil (CSV)
        </button>
        <p className="basis-full text-sm text-muted">
          Betalinger, fakturaer og kreditnotaer i perioden, med moms, til jeres revisor.
        </p>
      </form>
      {invoices.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-border p-8 text-center text-muted">
          Ingen ubetalte fakturaer.
        </p>
      ) : (
        <ul className="mt-8 divide-y divide-border rounded-2xl border border-border bg-surface-raised">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-0 basis-full sm:basis-0 sm:grow">
                <p className="font-semibold">
                  Faktura nr. {invoice.number} · {invoice.buyer}
                </p>
                <p className="text-sm text-muted">
                  {invoice.days} ·{" "}
                  <span className={invoice.overdue ? "font-semibold text-red-700 dark:text-red-300" : ""}>
                    {invoice.overdue ? `forfalden ${invoice.due}` : `forfalder ${invoice.due}`}
                  </span>
                </p>
              </div>
              <span className="font-semibold whitespace-nowrap tabular-nums">{invoice.total}</span>
              <a
                href={`/faktura/${invoice.id}`}
                className="text-sm font-semibold text-accent underline-offset-4 hover:underline"
              >
                PDF
              </a>
              {invoice.ean && (
                <a
                  href={`/faktura/${invoice.id}/oioubl`}
                  className="text-sm font-semibold text-accent underline-offset-4 hover:underline"
                >
                  OIOUBL (EAN {invoice.ean})
                </a>
              )}
              <Form method="post">
                <input type="hidden" name="faktura" value={invoice.id} />
                <button type="submit" className={buttonStyles.secondary}>
                  Markér som betalt
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <CreditNotes creditNotes={loaderData.creditNotes} />
    </section>
  );
}
