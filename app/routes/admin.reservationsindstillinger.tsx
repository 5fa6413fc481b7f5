import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { Field } from "~/components/ui/field";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { updateReservationSettings } from "~/features/reservation/admin.server";
import { getReservationSettings } from "~/features/reservation/settings.server";
import { holdMinutes } from "~/features/reservation/rules";
import { settingsOf, settingsSchema } from "~/features/reservation/schemas";
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
  const settings = await getReservationSettings(db);
  return {
    values: {
      ...settings,
      weekdayPrice: kronerForInput(settings.weekdayPriceOere),
      weekendPrice: kronerForInput(settings.weekendPriceOere),
      holdMinutes: holdMinutes(settings),
    },
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, freshness } = collaborators();
  await requireAdmin(auth, request, url);
  const submission = parseSubmission(await readFormData(request), settingsSchema);
  if (!submission.ok) return answer(withErrorToast(submission.answer), 400);
  await updateReservationSettings({ db, freshness }, settingsOf(submission.value));
  return answer({ toast: successToast("Priser og regler er gemt") });
}

const ruleFields = [
  ["holdMinutes", "Tid i kurven (minutter)"],
  ["horizonDays", "Kan reserveres dage frem"],
  ["maxDaysPerOrder", "Flest dage pr. bestilling"],
  ["cancellationDays", "Afbestilling senest (dage før)"],
] as const;

export default function ReservationSettings({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { values } = loaderData;
  const field = (name: (typeof ruleFields)[number][0] | "weekdayPrice" | "weekendPrice") => ({
    name,
    defaultValue: values[name],
    errors: actionData?.fieldErrors?.[name],
  });
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Priser og regler</h1>
      <Form method="post" className="mt-8 grid gap-5" noValidate>
        <fieldset className="grid gap-5 rounded-2xl border border-border p-5">
          <legend className="px-1 font-display text-xl font-bold">Priser pr. dag, inkl. moms</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label="Hverdage (kr.)"
              inputMode="decimal"
              hint="Mandag–torsdag og søndag."
              {...field("weekdayPrice")}
            />
            <Field label="Fredag og lørdag (kr.)" inputMode="decimal" {...field("weekendPrice")} />
          </div>
          <label className="flex items-center gap-3">
            <input
              type="checkbox"
              name="holidaysAtWeekendPrice"
              defaultChecked={values.holidaysAtWeekendPrice}
              className="size-5 accent-accent"
            />
            Helligdage koster som fredag og lørdag
          </label>
        </fieldset>
        <fieldset className="grid gap-5 rounded-2xl border border-border p-5 sm:grid-cols-2">
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
