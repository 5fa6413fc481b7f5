import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { buttonStyles } from "~/components/ui/button-link";
import { useToastFrom } from "~/components/ui/toaster";
import { requireUser } from "~/features/accounts/session.server";
import { receiptOf } from "~/features/rental/checkout.server";
import { completePayment } from "~/features/orders/sales.server";
import { nextDuePayment, paymentLabels } from "~/features/orders/payments.server";
import { PaymentPlan } from "~/features/orders/components/payment-plan";
import { formatMoney } from "~/lib/format";
import { Amounts } from "~/features/rental/components/amounts";
import { requireOwnOrder } from "~/features/rental/orders.server";
import { redirectWithToast } from "~/features/toast/flash.server";
import { errorToast, successToast } from "~/features/toast/toast";
import { answer, parseSubmission } from "~/lib/form";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/betaling";
import { readFormData } from "~/lib/request-body.server";
import { OrderLines } from "~/features/orders/components/order-lines";

export const meta = () => privatePageMeta("Betaling");

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const user = await requireUser(auth, request, url);
  const order = await requireOwnOrder(db, user.id, url.searchParams.get("ordre"));
  const next = await nextDuePayment(db, order.id);
  // Booked and nothing to pay here: paid, or on invoice (paid by bank transfer).
  if ((order.status === "paid" && !next) || order.status === "invoiced") throw redirect(`/success?ordre=${order.id}`);
  const receipt = await receiptOf(db, order);
  return {
    orderId: order.id,
    // A booked order with a payment still due (the balance) is paid here too.
    status: order.status === "paid" ? "pending" : order.status,
    failureReason: order.failureReason,
    lines: receipt.lines,
    total: receipt.total,
    vat: receipt.vat,
    payments: receipt.payments,
    now: next && { label: paymentLabels[next.kind], amount: formatMoney(next.amountOere) },
    provider: order.provider,
  };
}

/** The demo provider's "Betal": confirms the order as if a payment had come through. */
export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, mailer, config, metrics, logger, sales } = collaborators();
  const user = await requireUser(auth, request, url);
  const submission = parseSubmission(await readFormData(request), z.object({ ordre: z.string() }));
  const order = await requireOwnOrder(db, user.id, submission.ok ? submission.value.ordre : null);
  if (order.provider !== "demo") throw data(null, { status: 400 });
  const next = await nextDuePayment(db, order.id);
  if (!next) throw redirect(`/success?ordre=${order.id}`);
  const result = await completePayment({ db, mailer, config, metrics, logger, sales }, next);
  if (result.status === "confirmed" || result.status === "already-paid") {
    throw redirectWithToast(`/success?ordre=${order.id}`, successToast("Betalingen er gennemført"));
  }
  const why =
    result.status === "failed" && result.reason === "day-closed"
      ? `${result.failureReason} Der er ikke trukket penge.`
      : "En af dagene blev optaget, før betalingen kom igennem. Der er ikke trukket penge.";
  return answer({ toast: errorToast("Reservationen kunne ikke gennemføres", why) }, 409);
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const failed = loaderData.status !== "pending" || actionData !== undefined;
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Betaling</h1>
      <OrderLines lines={loaderData.lines} />
      <Amounts
        vat={loaderData.vat}
        total={loaderData.total}
        totalLabel={loaderData.payments.length > 1 ? "I alt" : "At betale"}
      />
      <PaymentPlan payments={loaderData.payments} className="mt-6" />
      {loaderData.now && loaderData.payments.length > 1 && (
        <p className="mt-4 flex justify-between gap-4 rounded-2xl bg-surface-raised px-4 py-3 text-lg font-semibold">
          <span>At betale nu: {loaderData.now.label.toLowerCase()}</span>
          <span className="tabular-nums">{loaderData.now.amount}</span>
        </p>
      )}
      {loaderData.provider === "stripe" && !failed ? (
        <div role="status" className="mt-8 rounded-2xl border border-border bg-surface-raised p-5">
          <p className="font-semibold">Vi venter på bekræftelsen af din betaling.</p>
          <p className="mt-1 text-muted">Det tager som regel få sekunder. Du får en e-mail, så snart dagene er dine.</p>
          <Link to={`/betaling?ordre=${loaderData.orderId}`} className={`${buttonStyles.secondary} mt-4`}>
            Opdater
          </Link>
        </div>
      ) : failed ? (
        <div
          role="alert"
          className="mt-8 rounded-2xl border border-red-600/40 bg-red-50 p-5 text-red-950 dark:bg-red-950 dark:text-red-50"
        >
          <p className="font-semibold">Reservationen kunne ikke gennemføres.</p>
          <p className="mt-1">
            {loaderData.failureReason ??
              "En af dagene blev optaget, før betalingen kom igennem. Der er ikke trukket penge."}
          </p>
          <Link to="/reservation" className={`${buttonStyles.secondary} mt-4`}>
            Tilbage til kalenderen
          </Link>
        </div>
      ) : (
        <div className="mt-8 rounded-2xl border-2 border-dashed border-amber-500 bg-amber-50 p-5 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          <p className="font-semibold">Testbetaling</p>
          <p className="mt-1">
            Denne side er en demonstration af betalingen: der trækkes ingen penge. Tryk på “Betal” for at gennemføre
            reservationen, som om betalingen var gået igennem.
          </p>
          <Form method="post" className="mt-4 flex flex-wrap gap-3">
            <input type="hidden" name="ordre" value={loaderData.orderId} />
            <button type="submit" className={buttonStyles.primary}>
              Betal
            </button>
            <Link to="/kurv" className={buttonStyles.secondary}>
              Tilbage til kurven
            </Link>
          </Form>
        </div>
      )}
    </section>
  );
}
