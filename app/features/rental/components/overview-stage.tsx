import type { ReactNode } from "react";
import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { ConfirmButton } from "~/components/ui/confirm-step";
import { Field } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form";

/** A booking as the overview lists it: who, which days, what it comes to, where it stands, and its history. */
export interface OverviewBookingView {
  id: string;
  booker: string;
  email: string;
  days: string;
  total: string;
  /** Where it stands now, in words ("Svar senest …", "Faktura udstedt"). */
  state: string;
  history: { when: string; label: string }[];
}

/** One stage of the admin's overview: its heading, how many, and its bookings, or a line saying there are none. */
export function OverviewStage({
  id,
  title,
  empty,
  bookings,
  action,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  bookings: OverviewBookingView[];
  /** A link or a form under each booking (answer the request, settle the deposit). */
  action?: (booking: OverviewBookingView) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8 rounded-2xl border border-border p-5">
      <h2 id={id} className="font-display text-2xl font-bold">
        {title} <span className="text-base font-normal text-muted">({bookings.length})</span>
      </h2>
      {children}
      {bookings.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {bookings.map((booking) => (
            <li key={booking.id} className="py-3">
              <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
                <p className="min-w-0 flex-1 font-semibold wrap-anywhere">
                  {booking.booker}
                  <span className="block text-sm font-normal text-muted">
                    {booking.days} · <a href={`mailto:${booking.email}`}>{booking.email}</a>
                  </span>
                </p>
                <span className="whitespace-nowrap tabular-nums">{booking.total}</span>
                <span className="text-sm text-muted">{booking.state}</span>
              </div>
              <details className="mt-1">
                <summary className="cursor-pointer text-sm font-semibold text-accent">Historik</summary>
                <ol className="mt-2 grid gap-1 border-l-2 border-border pl-4 text-sm">
                  {booking.history.map((step, index) => (
                    <li key={index}>
                      <span className="text-muted">{step.when}</span> · {step.label}
                    </li>
                  ))}
                </ol>
              </details>
              {action?.(booking)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The settlement form of a past booking's security deposit: return it whole, or keep part with a reason. */
export function DepositSettlementForm({
  orderId,
  deposit,
  errors,
}: {
  orderId: string;
  deposit: string;
  errors?: FieldErrors;
}) {
  return (
    <Form method="post" className="mt-3 grid items-start gap-3 rounded-xl bg-surface-raised p-4 sm:grid-cols-2">
      <input type="hidden" name="ordre" value={orderId} />
      <p className="text-sm sm:col-span-2">
        Sikkerhedsdepositum: <strong className="tabular-nums">{deposit}</strong> Det, I ikke beholder, betales tilbage
        til lejeren.
      </p>
      <Field
        label="Beholdes (kr.)"
        name="beholdes"
        inputMode="decimal"
        hint="Tomt: alt betales tilbage."
        errors={errors?.beholdes}
      />
      <Field
        label="Begrundelse (sendes til lejeren)"
        name="begrundelse"
        maxLength={1000}
        errors={errors?.begrundelse}
      />
      <button type="submit" className={`${buttonStyles.primary} justify-self-start`}>
        Afregn sikkerhedsdepositum
      </button>
    </Form>
  );
}

/** The admin cancels a booking by the tiers (an overdue balance, say): what it comes to, and the reason to send. */
export function AdminCancellationForm({
  orderId,
  words,
  errors,
}: {
  orderId: string;
  words: string[];
  errors?: FieldErrors;
}) {
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm font-semibold text-red-700 dark:text-red-300">
        Aflys efter vilkårene
      </summary>
      <Form method="post" className="mt-2 grid gap-3 rounded-xl bg-surface-raised p-4">
        <input type="hidden" name="intent" value="aflys" />
        <input type="hidden" name="ordre" value={orderId} />
        <p className="text-sm">{words.join(" ")}</p>
        <Field
          label="Begrundelse (sendes til lejeren)"
          name="begrundelse"
          maxLength={1000}
          errors={errors?.begrundelse}
        />
        <ConfirmButton className="justify-self-start">Aflys bookingen</ConfirmButton>
      </Form>
    </details>
  );
}
