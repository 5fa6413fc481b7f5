import { Form } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { customerTypeLabels } from "~/features/rental/customer-types";
import { RequestCard } from "~/features/rental/components/request-card";
import {
  linePriceField,
  offerChangesOf,
  PROPOSED_DAY_FIELDS,
  proposedDaysOf,
  requestAnswerSchema,
} from "~/features/rental/request-answers";
import { approveRequest, declineRequest, openRequests } from "~/features/rental/requests.server";
import { daysSummary, formatDay } from "~/lib/days";
import { errorToast, successToast } from "~/features/toast/toast";
import { answer, parseSubmission, withErrorToast } from "~/lib/form";
import { formatDateTime, formatMoney, kronerForInput } from "~/lib/format";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/admin.forespoergsler";

export const meta = () => privatePageMeta("Forespørgsler");

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const open = await openRequests(db);
  return {
    requests: open.map((order) => ({
      id: order.id,
      status: order.status === "offered" ? ("offered" as const) : ("requested" as const),
      booker: order.bookerOrganisation ?? order.bookerName,
      contact: [order.bookerName, order.bookerEmail, order.bookerPhone].filter(Boolean).join(" · "),
      customerType: customerTypeLabels[order.customerType],
      ids: [order.bookerCvr && `CVR ${order.bookerCvr}`, order.bookerEan && `EAN ${order.bookerEan}`]
        .filter(Boolean)
        .join(" · "),
      days: order.days.map(formatDay),
      summary: daysSummary(order.days),
      guests: order.guests,
      purpose: order.purpose ?? "",
      message: order.message ?? "",
      note: order.answer,
      answerBy: order.answerBy ? formatDateTime(order.answerBy) : "",
      total: formatMoney(order.totalOere),
      lines: order.lines.map((line) => ({
        id: line.id,
        field: linePriceField(line.id),
        label: line.day ? formatDay(line.day) : line.description,
        quantity: line.quantity,
        unitPrice: kronerForInput(line.unitPriceOere),
        total: formatMoney(line.totalOere),
      })),
    })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, mailer, config } = collaborators();
  await requireAdmin(auth, request, url);
  const formData = await readFormData(request);
  const submission = parseSubmission(formData, requestAnswerSchema);
  if (!submission.ok) return answer(withErrorToast(submission.answer), 400);
  const form = submission.value;
  const deps = { db, mailer, publicUrl: config.PUBLIC_URL };
  if (form.intent === "decline") {
    const declined = await declineRequest(deps, form.ordre, form.begrundelse, new Date(), proposedDaysOf(form));
    if (!declined.ok && declined.reason === "day-not-free") {
      return answer({ toast: errorToast(`${formatDay(declined.day)} er ikke ledig`, "Foreslå en ledig dag.") }, 409);
    }
    if (!declined.ok) return answer({ toast: errorToast("Forespørgslen er allerede besvaret") }, 409);
    return answer({ toast: successToast("Forespørgslen er afslået", "Lejeren har fået besked, og dagene er ledige.") });
  }
  const [open] = (await openRequests(db)).filter((order) => order.id === form.ordre);
  if (!open || open.status !== "requested") {
    return answer({ toast: errorToast("Forespørgslen er allerede besvaret") }, 409);
  }
  const changes = offerChangesOf(
    formData,
    open.lines.map((line) => line.id),
    form,
  );
  if (!changes.ok) {
    return answer({ ...withErrorToast({ fieldErrors: changes.fieldErrors }), fieldErrors: changes.fieldErrors }, 400);
  }
  const approved = await approveRequest(deps, form.ordre, { ...changes, note: form.note });
  if (!approved.ok) return answer({ toast: errorToast("Forespørgslen er allerede besvaret") }, 409);
  return answer({ toast: successToast("Tilbuddet er sendt", "Lejeren har fået det på e-mail.") });
}

export default function AdminRequests({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { requests } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Forespørgsler</h1>
      <p className="mt-3 text-muted">
        Kundetyper, der booker ved forespørgsel, sender dage og ønsker hertil. Svar med et tilbud, eller afslå med en
        begrundelse; ubesvarede forespørgsler udløber af sig selv, og dagene bliver ledige.
      </p>
      {requests.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-border p-8 text-center text-muted">
          Ingen forespørgsler venter.
        </p>
      ) : (
        <ul className="mt-8 grid gap-6">
          {requests.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} errors={actionData?.fieldErrors}>
                <Form method="post" className="mt-4 grid gap-3 border-t border-border pt-4">
                  <input type="hidden" name="ordre" value={request.id} />
                  <label className="grid gap-1.5 text-sm font-semibold">
                    Begrundelse til lejeren
                    <textarea
                      name="begrundelse"
                      rows={2}
                      maxLength={1000}
                      placeholder="Fx: Salen er desværre lukket den weekend."
                      className="rounded-xl border border-control-border bg-surface-raised px-4 py-2.5 text-base font-normal text-ink"
                    />
                  </label>
                  {request.status === "requested" && (
                    <fieldset className="grid gap-2">
                      <legend className="text-sm font-semibold">Foreslå andre dage (valgfrit)</legend>
                      <div className="flex flex-wrap gap-2">
                        {PROPOSED_DAY_FIELDS.map((name, index) => (
                          <input
                            key={name}
                            type="date"
                            name={name}
                            aria-label={`Foreslået dag ${index + 1}`}
                            className="rounded-xl border border-control-border bg-surface-raised px-3 py-2 text-base text-ink"
                          />
                        ))}
                      </div>
                    </fieldset>
                  )}
                  <button
                    type="submit"
                    name="intent"
                    value="decline"
                    className="justify-self-start rounded-full border border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950"
                  >
                    {request.status === "offered" ? "Træk tilbuddet tilbage" : "Afslå eller foreslå andre dage"}
                  </button>
                </Form>
              </RequestCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
