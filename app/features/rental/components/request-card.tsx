import type { ReactNode } from "react";
import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { FieldMessages } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form";

export interface RequestView {
  id: string;
  status: "requested" | "offered";
  booker: string;
  contact: string;
  customerType: string;
  ids: string;
  summary: string;
  guests: number | null;
  purpose: string;
  message: string;
  note: string | null;
  answerBy: string;
  total: string;
  lines: { id: string; field: string; label: string; quantity: number; unitPrice: string; total: string }[];
}

const inputClass =
  "w-full min-w-0 rounded-xl border border-control-border bg-surface-raised px-3 py-2 text-base text-ink aria-invalid:border-red-600 dark:aria-invalid:border-red-400";

/**
 * One request in the admin's list: who asks for what, and the offer form (each line's price, an extra line, a
 * note) while it is open; an offer sent shows what it holds. `children` is the refusal's form.
 */
export function RequestCard({
  request,
  errors,
  children,
}: {
  request: RequestView;
  errors?: FieldErrors;
  children: ReactNode;
}) {
  const offered = request.status === "offered";
  const headingId = `forespoergsel-${request.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-border bg-surface-raised p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-display text-2xl font-bold">
          {request.booker}
        </h2>
        <span
          className={`rounded-full px-3 py-0.5 text-sm font-semibold ${offered ? "bg-sky-100 text-sky-950 dark:bg-sky-950 dark:text-sky-100" : "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100"}`}
        >
          {offered ? `Tilbud sendt · gælder til ${request.answerBy}` : `Svar senest ${request.answerBy}`}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Dage</dt>
        <dd>{request.summary}</dd>
        <dt className="font-semibold">Kundetype</dt>
        <dd>
          {request.customerType}
          {request.ids ? ` · ${request.ids}` : ""}
        </dd>
        <dt className="font-semibold">Kontakt</dt>
        <dd className="break-words">{request.contact}</dd>
        <dt className="font-semibold">Gæster og formål</dt>
        <dd>
          {request.guests ?? "–"} · {request.purpose}
        </dd>
        {request.message && (
          <>
            <dt className="font-semibold">Besked</dt>
            <dd className="whitespace-pre-line">{request.message}</dd>
          </>
        )}
        {request.note && (
          <>
            <dt className="font-semibold">Jeres note</dt>
            <dd className="whitespace-pre-line">{request.note}</dd>
          </>
        )}
      </dl>
      {offered ? (
        <p className="mt-4 font-semibold">Tilbud i alt {request.total}</p>
      ) : (
        <Form method="post" className="mt-4 grid gap-4" noValidate>
          <input type="hidden" name="ordre" value={request.id} />
          <fieldset className="grid min-w-0 gap-2">
            <legend className="text-sm font-semibold">
              Linjer (pris pr. stk. inkl. moms, kan rettes) · i alt nu {request.total}
            </legend>
            {request.lines.map((line) => (
              <div key={line.id} className="grid grid-cols-[1fr_8rem] items-center gap-3">
                <label htmlFor={line.field} className="min-w-0 first-letter:uppercase">
                  {line.label}
                  {line.quantity > 1 ? ` (${line.quantity} stk.)` : ""}
                </label>
                <input
                  id={line.field}
                  name={line.field}
                  defaultValue={line.unitPrice}
                  inputMode="decimal"
                  aria-invalid={errors?.[line.field]?.length ? true : undefined}
                  className={inputClass}
                />
                <div className="col-span-2">
                  <FieldMessages errors={errors?.[line.field]} errorId={`${line.field}-error`} hintId="" />
                </div>
              </div>
            ))}
          </fieldset>
          <fieldset className="grid min-w-0 gap-2 sm:grid-cols-[1fr_8rem]">
            <legend className="text-sm font-semibold">Ekstra linje (valgfri)</legend>
            <input
              name="ekstra_tekst"
              aria-label="Ekstra linjes tekst"
              placeholder="Fx Ekstra opstilling af scene"
              maxLength={200}
              aria-invalid={errors?.ekstra_tekst?.length ? true : undefined}
              className={inputClass}
            />
            <input
              name="ekstra_beloeb"
              aria-label="Ekstra linjes beløb (kr.)"
              placeholder="kr."
              inputMode="decimal"
              aria-invalid={errors?.ekstra_beloeb?.length ? true : undefined}
              className={inputClass}
            />
            <div className="sm:col-span-2">
              <FieldMessages
                errors={[...(errors?.ekstra_tekst ?? []), ...(errors?.ekstra_beloeb ?? [])]}
                errorId={`${request.id}-extra-error`}
                hintId=""
              />
            </div>
          </fieldset>
          <label className="grid gap-1.5 text-sm font-semibold">
            Note til lejeren (valgfri)
            <textarea
              name="note"
              rows={2}
              maxLength={1000}
              className="rounded-xl border border-control-border bg-surface-raised px-4 py-2.5 text-base font-normal text-ink"
            />
          </label>
          <button type="submit" name="intent" value="approve" className={`${buttonStyles.primary} justify-self-start`}>
            Send tilbud
          </button>
        </Form>
      )}
      {children}
    </article>
  );
}
