import { useCallback, useEffect, useState } from "react";
import { Form, Link, redirect, useRevalidator } from "react-router";
import { z } from "zod";
import { buttonStyles } from "~/components/ui/button-link";
import { useToastFrom } from "~/components/ui/toaster";
import { requireUser } from "~/features/accounts/session.server";
import { Amounts } from "~/features/rental/components/amounts";
import { getBasket, releaseHold, type ClosedDay } from "~/features/rental/holds.server";
import { createOrder, getOrder, type OrderResult } from "~/features/rental/orders.server";
import { readBookingChoice } from "~/features/rental/booking-choice.server";
import { sendRequest } from "~/features/rental/requests.server";
import { startNextPayment } from "~/features/rental/checkout.server";
import { vatRows } from "~/features/orders/vat-words";
import { rentVatCategory, rentVatLines } from "~/features/rental/vat";
import { redirectWithToast, withFlashToast } from "~/features/toast/flash.server";
import { errorToast, infoToast, successToast, type Toast } from "~/features/toast/toast";
import { answer, parseSubmission, withErrorToast } from "~/lib/form";
import { formatMoney } from "~/lib/format";
import { formatDay } from "~/lib/days";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/kurv";
import { readFormData } from "~/lib/request-body.server";
import {
  basketCustomerType,
  chooseCustomerType,
  keepAddOnChoice,
  keptAddOnChoice,
} from "~/features/rental/basket.server";
import { keptAddOnValues } from "~/features/rental/add-on-choice";
import { BookerDetailsFields } from "~/features/rental/components/booker-details-fields";
import { CustomerTypeChooser } from "~/features/rental/components/customer-type-chooser";
import { AddOnFields } from "~/features/rental/components/add-on-fields";
import { RequestFields } from "~/features/rental/components/request-fields";
import { ContractField } from "~/features/rental/components/contract-field";
import { CONTRACT_FIELD } from "~/features/rental/contract";
import { PaymentMethodField } from "~/features/invoices/components/payment-method-field";
import { mayPayOnInvoice } from "~/features/invoices/invoices";
import { sendInvoice } from "~/features/invoices/invoice-mail.server";
import { addOnUnitLabels, noAddOns } from "~/features/rental/add-ons";
import { offeredAddOns } from "~/features/rental/add-ons.server";
import { bookerFieldLabel, bookerFieldsOf } from "~/features/rental/booker-details";
import { CUSTOMER_TYPES, customerTypeLabels } from "~/features/rental/customer-types";
import { getReservationSettings } from "~/features/rental/settings.server";

export const meta = () => privatePageMeta("Kurv");

/** What the user is told of days taken out of the basket because the admin has closed them. */
function closedDaysToast(closed: ClosedDay[]) {
  const titles = [...new Set(closed.map((day) => day.blockedTitle))];
  return infoToast(
    `Lukket: ${titles[0]}${titles.length > 1 ? " m.fl." : ""}`,
    `Vi har taget ${closed.length === 1 ? formatDay(closed[0]!.day) : `${closed.length} dage`} ud af din kurv.`,
  );
}

/** Checkout without an address: the details form first, then back to the basket. */
const addressFirst = () =>
  redirectWithToast(
    "/bruger/update?redirectTo=%2Fkurv",
    infoToast("Tilføj din adresse og dit telefonnummer før betaling"),
  );

/** What the user is told when the basket could not become an order or a request. */
function orderRefusal(refused: Extract<OrderResult, { ok: false }>): Toast {
  switch (refused.reason) {
    case "not-bookable": {
      const type = customerTypeLabels[refused.customerType];
      if (refused.mode === "request") return errorToast(`${type} booker ved forespørgsel`, "Send en forespørgsel.");
      if (refused.mode === "direct") return errorToast(`${type} booker direkte`, "Gå til betaling i stedet.");
      return errorToast(`${type} kan ikke booke salen her`, "Kontakt os, så finder vi en løsning.");
    }
    case "customer-type-changed":
      return errorToast("Kundetypen er ændret", "Se priserne igen, og prøv så igen.");
    case "not-verified":
      return errorToast(
        "Bekræft din e-mailadresse, før du betaler",
        "Vi har sendt dig et link. Du kan få et nyt under Mine oplysninger.",
      );
    case "no-address":
      return infoToast("Tilføj din adresse og dit telefonnummer før betaling");
    case "empty":
      return refused.closed.length > 0 ? closedDaysToast(refused.closed) : errorToast("Kurven er tom");
    case "invoice-not-allowed":
      return errorToast("Betaling på faktura er ikke muligt", "Betal med kort i stedet.");
  }
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const user = await requireUser(auth, request, url);
  const [basket, settings, offered, kept] = await Promise.all([
    getBasket(db, user.id),
    getReservationSettings(db),
    offeredAddOns(db),
    keptAddOnChoice(db, user.id),
  ]);
  const { customerType } = basket;
  return {
    customerType,
    addOns: offered.map((addOn) => ({
      id: addOn.id,
      name: addOn.name,
      description: addOn.description,
      unit: addOn.unit,
      price: `${formatMoney(addOn.priceOere)} ${addOnUnitLabels[addOn.unit]}`,
      required: addOn.requiredFor.includes(customerType),
    })),
    // The add-ons last sent to checkout for these days, ticked again after a detour (to the details first, say).
    addOnValues: keptAddOnValues(
      kept,
      basket.items.map((item) => item.claimId),
    ),
    mode: settings.customerTerms[customerType].bookingMode,
    invoice: mayPayOnInvoice(settings, customerType),
    requestDays: settings.requestDays,
    bookerFields: bookerFieldsOf(customerType).map((name) => ({
      name,
      label: bookerFieldLabel(name, customerType),
    })),
    closed: basket.closed.map((day) => ({ day: day.day, label: formatDay(day.day), blockedTitle: day.blockedTitle })),
    items: basket.items.map((item) => ({
      claimId: item.claimId,
      label: formatDay(item.day),
      price: formatMoney(item.priceOere),
      expiresAt: item.expiresAt.toISOString(),
    })),
    total: formatMoney(basket.totalOere),
    vat: vatRows(
      rentVatLines(
        basket.items.map((item) => item.priceOere),
        rentVatCategory(settings, customerType),
      ),
    ),
    serverNow: new Date().toISOString(),
  };
}

const basketForms = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove"), claimId: z.uuid() }),
  z.object({ intent: z.literal("checkout") }),
  z.object({ intent: z.literal("request") }),
  z.object({
    intent: z.literal("customer-type"),
    customerType: z.enum(CUSTOMER_TYPES, { error: "Vælg en kundetype" }),
  }),
]);

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, config, mailer, logger, payments: provider } = collaborators();
  const user = await requireUser(auth, request, url);
  const formData = await readFormData(request);
  const submission = parseSubmission(formData, basketForms);
  if (!submission.ok) return answer(withErrorToast(submission.answer), 400);
  const form = submission.value;
  if (form.intent === "remove") {
    await releaseHold(db, user.id, form.claimId);
    return answer({ toast: successToast("Dagen er fjernet fra kurven") });
  }
  if (form.intent === "customer-type") {
    await chooseCustomerType(db, user.id, form.customerType);
    return answer({ toast: successToast(`Du lejer nu som ${customerTypeLabels[form.customerType].toLowerCase()}`) });
  }
  const customerType = await basketCustomerType(db, user.id);
  const read = await readBookingChoice(db, formData, customerType, { request: form.intent === "request" });
  if (!read.ok) {
    const { fieldErrors, values } = read;
    return answer({ ...withErrorToast({ fieldErrors }), intent: "checkout", fieldErrors, values }, 400);
  }
  await keepAddOnChoice(db, user.id, read.choice.addOns ?? noAddOns);
  if (form.intent === "request") {
    const deps = { db, mailer, publicUrl: config.PUBLIC_URL, provider };
    const sent = await sendRequest(deps, user.id, read.choice);
    if (sent.ok) throw redirectWithToast("/alle-reservationer", successToast("Din forespørgsel er sendt"));
    if (sent.reason === "no-address") throw addressFirst();
    return answer({ toast: orderRefusal(sent) }, 409);
  }
  if (!provider) {
    return answer({ toast: errorToast("Betaling er ikke sat op endnu", "Kontakt os for at reservere dagene.") }, 503);
  }
  const order = await createOrder(db, user.id, provider, new Date(), read.choice);
  if (!order.ok && order.reason === "no-address") throw addressFirst();
  if (!order.ok) return answer({ toast: orderRefusal(order) }, 409);
  if (read.choice.onInvoice) {
    await sendInvoice({ db, mailer, config, logger }, order.orderId);
    throw redirectWithToast(`/success?ordre=${order.orderId}`, successToast("Bookingen er bekræftet"));
  }
  const created = (await getOrder(db, order.orderId))!;
  const redirectTo = await startNextPayment({ db, provider, publicUrl: config.PUBLIC_URL }, created, "/kurv");
  throw redirect(
    redirectTo!,
    order.closed.length > 0 ? { headers: withFlashToast(closedDaysToast(order.closed)) } : undefined,
  );
}

/** Minutes and seconds left of a hold, counting down in the browser (the server's clock decides). */
function TimeLeft({ expiresAt, serverNow, onExpired }: { expiresAt: string; serverNow: string; onExpired(): void }) {
  const [offset] = useState(() => Date.parse(serverNow) - Date.now());
  const [now, setNow] = useState(() => Date.parse(serverNow));
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() + offset), 1000);
    return () => window.clearInterval(timer);
  }, [offset]);
  const seconds = Math.max(0, Math.round((Date.parse(expiresAt) - now) / 1000));
  const expired = seconds === 0;
  useEffect(() => {
    // The server drops an expired hold; asking again makes the day leave the basket in front of the user.
    if (expired) onExpired();
  }, [expired, onExpired]);
  const text =
    seconds === 0 ? "Tiden er gået" : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")} tilbage`;
  return (
    <span
      className={`text-sm tabular-nums ${seconds < 120 ? "font-semibold text-red-700 dark:text-red-300" : "text-muted"}`}
    >
      {text}
    </span>
  );
}

export default function Basket({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { revalidate } = useRevalidator();
  const refresh = useCallback(() => void revalidate(), [revalidate]);
  const { items, total, vat, serverNow, closed, customerType, mode, bookerFields, addOns } = loaderData;
  const bookable = mode !== "closed";
  const checkoutErrors = actionData?.intent === "checkout" ? actionData.fieldErrors : undefined;
  return (
    <section className="mx-auto max-w-3xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Kurv</h1>
      {closed.length > 0 && (
        <ul role="status" className="mt-6 grid gap-2 rounded-2xl border border-border bg-surface-raised px-4 py-3">
          {closed.map((day) => (
            <li key={day.day}>
              <span className="font-semibold">Lukket: {day.blockedTitle}.</span> Vi har taget {day.label} ud af din
              kurv.
            </li>
          ))}
        </ul>
      )}
      {items.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-border p-8 text-center">
          <p className="text-muted">Din kurv er tom.</p>
          <Link to="/reservation" className={`${buttonStyles.primary} mt-4`}>
            Find en ledig dag
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-3 text-muted">
            {mode === "request"
              ? "Dagene er holdt til dig i et kort stykke tid. Send forespørgslen, før tiden løber ud, så holder vi dem til dig, til vi har svaret."
              : "Dagene er holdt til dig i et kort stykke tid. Betal, før tiden løber ud, så er de dine."}
          </p>
          <ul
            aria-label="Dage i kurven"
            className="mt-8 divide-y divide-border rounded-2xl border border-border bg-surface-raised"
          >
            {items.map((item) => (
              <li key={item.claimId} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold first-letter:uppercase">{item.label}</p>
                  <TimeLeft expiresAt={item.expiresAt} serverNow={serverNow} onExpired={refresh} />
                </div>
                <span className="font-semibold tabular-nums">{item.price}</span>
                <Form method="post">
                  <input type="hidden" name="claimId" value={item.claimId} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    className="rounded-full border border-control-border px-3 py-1 text-sm font-medium hover:border-accent"
                    aria-label={`Fjern ${item.label}`}
                  >
                    Fjern
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Amounts vat={vat} total={total} totalLabel="I alt" className="mt-6" />
          <div className="mt-8 rounded-2xl border border-border bg-surface-raised p-5">
            <CustomerTypeChooser current={customerType} />
            {mode === "request" && (
              <p className="mt-3">
                {customerTypeLabels[customerType]} booker ved forespørgsel: du sender dagene og jeres ønsker, og vi
                svarer med et tilbud inden for {loaderData.requestDays} dage.
              </p>
            )}
            {!bookable && (
              <p role="status" className="mt-3 font-semibold">
                {customerTypeLabels[customerType]} kan ikke booke salen her. Kontakt os, så finder vi en løsning.
              </p>
            )}
          </div>
          <Form method="post" className="mt-8 grid gap-5" noValidate>
            {bookable && addOns.length > 0 && (
              <AddOnFields
                addOns={addOns}
                errors={checkoutErrors}
                values={actionData?.values ?? loaderData.addOnValues}
              />
            )}
            {mode === "request" && <RequestFields errors={checkoutErrors} values={actionData?.values} />}
            {bookable && bookerFields.length > 0 && (
              <BookerDetailsFields fields={bookerFields} errors={checkoutErrors} values={actionData?.values} />
            )}
            {mode === "direct" && loaderData.invoice && <PaymentMethodField values={actionData?.values} />}
            {mode === "direct" && <ContractField errors={checkoutErrors?.[CONTRACT_FIELD]} />}
            <div className="flex flex-wrap justify-end gap-3">
              <Link to="/reservation" className={buttonStyles.secondary}>
                Vælg flere dage
              </Link>
              <button
                type="submit"
                name="intent"
                value={mode === "request" ? "request" : "checkout"}
                className={buttonStyles.primary}
                disabled={!bookable}
              >
                {mode === "request" ? "Send forespørgsel" : "Gå til betaling"}
              </button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
