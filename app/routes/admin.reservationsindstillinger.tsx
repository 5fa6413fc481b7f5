import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { Field } from "~/components/ui/field";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { updateReservationSettings } from "~/features/rental/admin.server";
import { getReservationSettings } from "~/features/rental/settings.server";
import { holdMinutes } from "~/features/rental/rules";
import { settingsOf, settingsSchema, termsFieldNames, tierFieldNames } from "~/features/rental/schemas";
import { CancellationTierFields } from "~/features/rental/components/cancellation-tier-fields";
import { VatSettingsFields } from "~/features/rental/components/vat-settings-fields";
import { addOnVatLabels } from "~/features/rental/add-ons";
import { offeredAddOns } from "~/features/rental/add-ons.server";
import { bookingModeLabels, CUSTOMER_TYPES, customerTypeLabels, BOOKING_MODES } from "~/features/rental/customer-types";
import { successToast } from "~/features/toast/toast";
import { answer, parseSubmission, withErrorToast } from "~/lib/form";
import { collaborators } from "~/lib/collaborators.server";
import { kronerForInput } from "~/lib/format";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/admin.reservationsindstillinger";
import { readFormData } from "~/lib/request-body.server";

export const meta = () => privatePageMeta("Priser og regler");

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const [settings, addOns] = await Promise.all([getReservationSettings(db), offeredAddOns(db)]);
  const terms = CUSTOMER_TYPES.flatMap((type) => {
    const names = termsFieldNames(type);
    const term = settings.customerTerms[type];
    return [
      [names.weekday, kronerForInput(term.weekdayPriceOere)],
      [names.weekend, kronerForInput(term.weekendPriceOere)],
      [names.mode, term.bookingMode],
    ];
  });
  const values: Record<string, string> = {
    ...Object.fromEntries(terms),
    holdMinutes: String(holdMinutes(settings)),
    horizonDays: String(settings.horizonDays),
    maxDaysPerOrder: String(settings.maxDaysPerOrder),
    cancellationDays: String(settings.cancellationDays),
    bufferDays: String(settings.bufferDays),
    depositumKind:
      settings.depositumPercent !== null ? "percent" : settings.depositumFixedOere !== null ? "fixed" : "none",
    depositumValue:
      settings.depositumPercent !== null
        ? String(settings.depositumPercent)
        : settings.depositumFixedOere !== null
          ? kronerForInput(settings.depositumFixedOere)
          : "",
    balanceDaysBefore: String(settings.balanceDaysBefore),
    securityDeposit: settings.securityDepositOere ? kronerForInput(settings.securityDepositOere) : "",
    requestDays: String(settings.requestDays),
    offerDays: String(settings.offerDays),
    invoiceDays: String(settings.invoiceDays),
    bankRegNumber: settings.bankRegNumber,
    bankAccountNumber: settings.bankAccountNumber,
    ...Object.fromEntries(
      [...settings.cancellationTiers]
        .sort((a, b) => b.minDaysBefore - a.minDaysBefore)
        .flatMap((tier, row) => [
          [tierFieldNames(row).days, String(tier.minDaysBefore)],
          [tierFieldNames(row).percent, String(tier.chargePercent)],
        ]),
    ),
  };
  return {
    values,
    holidaysAtWeekendPrice: settings.holidaysAtWeekendPrice,
    invoiceAllowed: settings.invoiceAllowed,
    rentVoluntarilyRegistered: settings.rentVoluntarilyRegistered,
    addOns: addOns.map((addOn) => ({ id: addOn.id, name: addOn.name, vat: addOnVatLabels[addOn.vat] })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, freshness } = collaborators();
  await requireAdmin(auth, request, url);
  const submission = parseSubmission(await readFormData(request), settingsSchema);
  if (!submission.ok) return answer(withErrorToast(submission.answer), 400);
  const { rules, terms } = settingsOf(submission.value);
  await updateReservationSettings({ db, freshness }, rules, terms);
  return answer({ toast: successToast("Priser og regler er gemt") });
}

const ruleFields = [
  ["holdMinutes", "Tid i kurven (minutter)"],
  ["horizonDays", "Kan reserveres dage frem"],
  ["maxDaysPerOrder", "Flest dage pr. bestilling"],
  ["cancellationDays", "Afbestilling senest (dage før)"],
  ["bufferDays", "Dage fri før og efter en booking"],
] as const;

export default function ReservationSettings({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { values } = loaderData;
  const field = (name: string) => ({
    name,
    defaultValue: values[name],
    errors: actionData?.fieldErrors?.[name],
  });
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Priser og regler</h1>
      <Form method="post" className="mt-8 grid gap-5" noValidate>
        <fieldset className="grid min-w-0 gap-5 rounded-2xl border border-border p-5">
          <legend className="px-1 font-display text-xl font-bold">Priser pr. dag</legend>
          <p className="text-sm text-muted">Hverdage er mandag–torsdag og søndag.</p>
          {CUSTOMER_TYPES.map((type) => (
            <CustomerTermsFields key={type} type={type} field={field} />
          ))}
          <label className="flex items-center gap-3">
            <input
              type="checkbox"
              name="holidaysAtWeekendPrice"
              defaultChecked={loaderData.holidaysAtWeekendPrice}
              className="size-5 accent-accent"
            />
            Helligdage koster som fredag og lørdag
          </label>
        </fieldset>
        <fieldset className="grid min-w-0 gap-5 rounded-2xl border border-border p-5 sm:grid-cols-2">
          <legend className="px-1 font-display text-xl font-bold">Betaling</legend>
          <label className="grid gap-1.5 text-sm font-semibold sm:col-span-2">
            Depositum ved booking
            <select
              name="depositumKind"
              defaultValue={values.depositumKind}
              className="w-full min-w-0 rounded-xl border border-control-border bg-surface-raised px-4 py-2.5 text-base font-normal text-ink"
            >
              <option value="none">Intet depositum: alt betales ved booking</option>
              <option value="percent">En procentdel af lejen</option>
              <option value="fixed">Et fast beløb</option>
            </select>
          </label>
          <Field
            label="Depositum (procent eller kr.)"
            inputMode="decimal"
            hint="Fx 25 (procent) eller 2.000 (kr.). Tomt uden depositum."
            {...field("depositumValue")}
          />
          <Field
            label="Restbeløbet forfalder (dage før)"
            inputMode="numeric"
            hint="Bookes der senere, betales alt med det samme."
            {...field("balanceDaysBefore")}
          />
          <Field
            label="Sikkerhedsdepositum (kr.)"
            inputMode="decimal"
            hint="Betales med restbeløbet og betales tilbage efter lejen, evt. med fradrag. Tomt: intet."
            {...field("securityDeposit")}
          />
          <Field
            label="Forespørgsler holder dagene (dage)"
            inputMode="numeric"
            hint="Så længe har I til at svare, før dagene bliver ledige igen."
            {...field("requestDays")}
          />
          <Field
            label="Et tilbud gælder (dage)"
            inputMode="numeric"
            hint="Så længe har lejeren til at acceptere og betale."
            {...field("offerDays")}
          />
        </fieldset>
        <CancellationTierFields field={field} />
        <VatSettingsFields
          rentVoluntarilyRegistered={loaderData.rentVoluntarilyRegistered}
          addOns={loaderData.addOns}
        />
        <fieldset className="grid min-w-0 gap-5 rounded-2xl border border-border p-5 sm:grid-cols-2">
          <legend className="px-1 font-display text-xl font-bold">Faktura</legend>
          <label className="flex items-center gap-3 sm:col-span-2">
            <input
              type="checkbox"
              name="invoiceAllowed"
              defaultChecked={loaderData.invoiceAllowed}
              className="size-5 accent-accent"
            />
            Erhverv og offentlige institutioner må betale på faktura
          </label>
          <Field label="Betalingsfrist (dage)" inputMode="numeric" {...field("invoiceDays")} />
          <Field label="Reg.nr." inputMode="numeric" autoComplete="off" {...field("bankRegNumber")} />
          <Field
            label="Kontonummer"
            inputMode="numeric"
            autoComplete="off"
            hint="Står på fakturaen som betalingsoplysning."
            {...field("bankAccountNumber")}
          />
        </fieldset>
        <fieldset className="grid min-w-0 gap-5 rounded-2xl border border-border p-5 sm:grid-cols-2">
          <legend className="px-1 font-display text-xl font-bold">Regler</legend>
          {ruleFields.map(([name, label]) => (
            <Field key={name} label={label} inputMode="numeric" {...field(name)} />
          ))}
        </fieldset>
        <button type="submit" className={`${buttonStyles.primary} justify-self-start`}>
          Gem
        </button>
      </Form>
    </section>
  );
}

/** One customer type's day prices and how it may book. */
function CustomerTermsFields({
  type,
  field,
}: {
  type: (typeof CUSTOMER_TYPES)[number];
  field: (name: string) => { name: string; defaultValue: string | undefined; errors?: string[] };
}) {
  const names = termsFieldNames(type);
  const mode = field(names.mode);
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-xl border border-border p-4 sm:grid-cols-3">
      <legend className="px-1 font-semibold">{customerTypeLabels[type]}</legend>
      <Field label="Hverdage (kr.)" inputMode="decimal" {...field(names.weekday)} />
      <Field label="Fredag og lørdag (kr.)" inputMode="decimal" {...field(names.weekend)} />
      <label className="grid gap-1.5 text-sm font-semibold">
        Booking
        <select
          name={mode.name}
          defaultValue={mode.defaultValue}
          className="w-full min-w-0 rounded-xl border border-control-border bg-surface-raised px-4 py-2.5 text-base font-normal text-ink"
        >
          {BOOKING_MODES.map((value) => (
            <option key={value} value={value}>
              {bookingModeLabels[value]}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
