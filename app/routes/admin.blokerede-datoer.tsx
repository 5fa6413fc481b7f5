import { Form } from "react-router";
import { z } from "zod";
import { buttonStyles } from "~/components/ui/button-link";
import { answeredField } from "~/components/ui/answered-field";
import { Field } from "~/components/ui/field";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { todayInCopenhagen } from "~/lib/days";
import { blockDays, getBlockedDates, unblockDay } from "~/features/rental/admin.server";
import { blockSchema } from "~/features/rental/schemas";
import { successToast } from "~/features/toast/toast";
import { answer, parseSubmission, withErrorToast } from "~/lib/form";
import { dayBounds, formatDateLong } from "~/lib/format";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/admin.blokerede-datoer";
import { readFormData } from "~/lib/request-body.server";

export const meta = () => privatePageMeta("Blokerede datoer");

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const blocked = await getBlockedDates(db, todayInCopenhagen());
  return { blocked: blocked.map(({ day, title }) => ({ day, title, label: formatDateLong(dayBounds(day).start) })) };
}

const blockedDatesForms = z.discriminatedUnion("intent", [
  blockSchema.safeExtend({ intent: z.literal("block") }),
  z.object({ intent: z.literal("unblock"), day: z.iso.date() }),
]);

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const submission = parseSubmission(await readFormData(request), blockedDatesForms);
  if (!submission.ok) return answer(withErrorToast(submission.answer), 400);
  const form = submission.value;
  if (form.intent === "unblock") {
    await unblockDay(db, form.day);
    return answer({ toast: successToast("Datoen er åbnet igen") });
  }
  const added = await blockDays(db, { from: form.from, to: form.to || form.from }, form.title);
  return answer({ toast: successToast(added === 1 ? "1 dato er blokeret" : `${added} datoer er blokeret`) });
}

export default function BlockedDates({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  return (
    <section className="mx-auto max-w-3xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Blokerede datoer</h1>
      <p className="mt-3 text-muted">
        Blokerede dage kan ikke reserveres. Titlen vises i kalenderen, fx “Lukket for ferie”.
      </p>
      <Form method="post" className="mt-8 grid gap-5 rounded-2xl border border-border p-5" noValidate>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Fra og med" type="date" required {...answeredField(actionData, "from")} />
          <Field label="Til og med" type="date" {...answeredField(actionData, "to")} hint="Tom for en enkelt dag." />
        </div>
        <Field label="Titel" required {...answeredField(actionData, "title")} />
        <button type="submit" name="intent" value="block" className={`${buttonStyles.primary} justify-self-start`}>
          Bloker
        </button>
      </Form>
      <h2 className="mt-10 font-display text-2xl font-bold">Kommende blokerede datoer</h2>
      {loaderData.blocked.length === 0 ? (
        <p className="mt-3 text-muted">Ingen.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-2xl border border-border bg-surface-raised">
          {loaderData.blocked.map((entry) => (
            <li key={entry.day} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <span className="flex-1">
                <span className="block font-semibold first-letter:uppercase">{entry.label}</span>
                <span className="block text-sm text-muted">{entry.title}</span>
              </span>
              <Form method="post">
                <input type="hidden" name="day" value={entry.day} />
                <button
                  type="submit"
                  name="intent"
                  value="unblock"
                  className="rounded-full border border-control-border px-3 py-1 text-sm font-medium hover:border-accent"
                  aria-label={`Åbn ${entry.label} igen`}
                >
                  Åbn igen
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
