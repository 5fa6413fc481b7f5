import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { buttonStyles } from "~/components/ui/button-link";
import { useToastFrom } from "~/components/ui/toaster";
import { requireUser } from "~/features/accounts/session.server";
import { paymentLabels } from "~/features/orders/payments.server";
import { orderPaymentPlan } from "~/features/rental/order-payment-plan.server";
import { acceptOffer, declineOffer } from "~/features/rental/requests.server";
import { ContractField } from "~/features/rental/components/contract-field";
import { CONTRACT_FIELD, CONTRACT_REQUIRED, contractText } from "~/features/rental/contract";
import { contractOf } from "~/features/rental/contract.server";
import { receiptOf, startNextPayment } from "~/features/rental/checkout.server";
import { Amounts } from "~/features/rental/components/amounts";
import { OrderLines } from "~/features/orders/components/order-lines";
import { formatDay } from "~/lib/days";
import { getOrder, requireOwnOrder } from "~/features/rental/orders.server";
import { getReservationSettings } from "~/features/rental/settings.server";
import { redirectWithToast } from "~/features/toast/flash.server";
import { errorToast, successToast } from "~/features/toast/toast";
import { answer, parseSubmission, withErrorToast } from "~/lib/form";
import { formatDateTime, formatMoney } from "~/lib/format";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/tilbud";

export const meta = () => privatePageMeta("Tilbud");

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const user = await requireUser(auth, request, url);
  const order = await requireOwnOrder(db, user.id, params.ordre);
  if (order.status === "pending" || order.status === "paid") throw redirect(`/betaling?ordre=${order.id}`);
  const [receipt, settings] = await Promise.all([receiptOf(db, order), getReservationSettings(db)]);
  const open = order.status === "offered" && order.answerBy !== null && order.answerBy > new Date();
  // The plan its acceptance would write now: the one /betaling then charges.
  const plan = await orderPaymentPlan(db, order.id, settings, new Date());
  return {
    orderId: order.id,
    open,
    status: order.status,
    note: order.answer,
    answerBy: order.answerBy ? formatDateTime(order.answerBy) : "",
    lines: receipt.lines,
    total: receipt.total,
    vat: receipt.vat,
    contract: open ? contractText(await contractOf(db, order.id)) : null,
    plan: plan.map((payment) => ({
      label: paymentLabels[payment.kind],
      amount: formatMoney(payment.amountOere),
      due: formatDay(payment.dueDay),
    })),
  };
}

const offerAnswers = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), [CONTRACT_FIELD]: z.literal("ja", { error: CONTRACT_REQUIRED }) }),
  z.object({ intent: z.literal("decline") }),
]);

export async function action({ request, url, params }: Route.ActionArgs) {
  const { db, auth, config, payments: provider } = collaborators();
  const user = await requireUser(auth, request, url);
  const submission = parseSubmission(await readFormData(request), offerAnswers);
  if (!submission.ok) return answer({ ...withErrorToast(submission.answer), intent: "accept" }, 400);
  const orderId = z.uuid().safeParse(params.ordre);
  if (!orderId.success) throw data(null, { status: 404 });
  if (submission.value.intent === "decline") {
    const declined = await declineOffer(db, user.id, orderId.data);
    if (!declined.ok) return refused(declined.reason);
    throw redirectWithToast("/alle-reservationer", successToast("Du har afslået tilbuddet", "Dagene er ledige igen."));
  }
  if (!provider) {
    return answer({ toast: errorToast("Betaling er ikke sat op endnu", "Kontakt os for at betale.") }, 503);
  }
  const accepted = await acceptOffer(db, user.id, orderId.data, provider);
  if (!accepted.ok) return refused(accepted.reason);
  const order = (await getOrder(db, orderId.data))!;
  const redirectTo = await startNextPayment(
    { db, provider, publicUrl: config.PUBLIC_URL },
    order,
    `/tilbud/${order.id}`,
  );
  throw redirect(redirectTo ?? `/success?ordre=${order.id}`);
}

/** An answer to an offer that is not the user's to give (404), or no longer open (409), in Danish. */
function refused(reason: "not-found" | "expired" | "not-offered") {
  if (reason === "not-found") throw data(null, { status: 404 });
  const toast =
    reason === "expired"
      ? errorToast("Tilbuddet er udløbet", "Dagene er ledige igen; send gerne en ny forespørgsel.")
      : errorToast("Tilbuddet er allerede besvaret");
  return answer({ toast }, 409);
}

export default function Offer({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { open, status } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Tilbud på leje af salen</h1>
      {open ? (
        <p className="mt-3 text-lg text-muted">Tilbuddet gælder til {loaderData.answerBy}.</p>
      ) : (
        <p role="status" className="mt-3 text-lg font-semibold">
          {status === "requested"
            ? "Vi har ikke svaret på din forespørgsel endnu."
            : status === "declined"
              ? "Tilbuddet er afslået."
              : "Tilbuddet er udløbet, og dagene er ledige igen."}
        </p>
      )}
      {loaderData.note && (
        <blockquote className="mt-6 rounded-2xl border-l-4 border-accent bg-surface-raised px-4 py-3 whitespace-pre-line">
          {loaderData.note}
        </blockquote>
      )}
      <OrderLines lines={loaderData.lines} label="Tilbuddets linjer" className="mt-6" />
      <Amounts vat={loaderData.vat} total={loaderData.total} totalLabel="I alt" />
      {open && (
        <>
          <section aria-label="Sådan betaler du" className="mt-6">
            <h2 className="text-sm font-semibold text-muted">Sådan betaler du, hvis du accepterer i dag</h2>
            <ul className="mt-2 divide-y divide-border">
              {loaderData.plan.map((payment) => (
                <li key={payment.label} className="flex justify-between gap-4 py-2">
                  <span>
                    {payment.label} <span className="text-sm text-muted">· forfalder {payment.due}</span>
                  </span>
                  <span className="whitespace-nowrap tabular-nums">{payment.amount}</span>
                </li>
              ))}
            </ul>
          </section>
          <Form method="post" className="mt-8 grid gap-5">
            <ContractField text={loaderData.contract ?? undefined} errors={actionData?.fieldErrors?.[CONTRACT_FIELD]} />
            <div className="flex flex-wrap gap-3">
              <button type="submit" name="intent" value="accept" className={buttonStyles.primary}>
                Accepter og betal
              </button>
            </div>
          </Form>
          <Form method="post" className="mt-3">
            <button type="submit" name="intent" value="decline" className={buttonStyles.secondary}>
              Afslå tilbuddet
            </button>
          </Form>
        </>
      )}
      <Link
        to="/alle-reservationer"
        className="mt-8 inline-block font-semibold text-accent underline-offset-4 hover:underline"
      >
        Til Mine reservationer
      </Link>
    </section>
  );
}
