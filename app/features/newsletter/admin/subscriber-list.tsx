import { Form, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { CardTable } from "~/components/ui/card-table";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm-step";
import { Field } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { addressesText } from "./words";

export interface SubscriberRow {
  id: string;
  email: string;
  name: string | null;
  /** In Danish. */
  status: string;
  signedUp: string;
  confirmed: string | null;
  source: string;
}

export interface SubscriberCountsView {
  subscribed: number;
  pending: number;
  bouncing: number;
}

export const EXPORT_PATH = "/admin/nyhedsbrev/abonnenter.csv";

/** The three numbers over the list: on it, waiting for their confirmation, refused by their mail server. */
export function SubscriberCounts({ counts }: { counts: SubscriberCountsView }) {
  const items = [
    { label: "På listen", value: counts.subscribed, hint: "Får de næste breve" },
    { label: "Venter på bekræftelse", value: counts.pending, hint: "Glemmes efter 30 dage uden bekræftelse" },
    { label: "Afvises", value: counts.bouncing, hint: "Modtagerens mailserver siger nej; de springes over" },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {items.map((item) => (
        <div key={item.label} className="rounded-2xl border border-border bg-surface-raised p-4">
          <dt className="text-sm font-semibold text-muted">{item.label}</dt>
          <dd className="mt-1 font-display text-3xl font-bold tabular-nums">{item.value.toLocaleString("da-DK")}</dd>
          <dd className="mt-1 text-sm text-muted">{item.hint}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The search, the list a page at a time, "Fjern" behind a question, and the CSV of them all. */
export function SubscriberList({
  subscribers,
  total,
  page,
  pages,
  query,
}: {
  subscribers: SubscriberRow[];
  total: number;
  page: number;
  pages: number;
  query: string;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" role="search" className="flex flex-wrap items-end gap-3" preventScrollReset>
          <Field
            label="Søg efter e-mail eller navn"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={100}
            className="w-72 max-w-full"
          />
          <button type="submit" className={buttonStyles.secondary}>
            Søg
          </button>
        </Form>
        <a href={EXPORT_PATH} download className={buttonStyles.secondary}>
          Hent alle som CSV
        </a>
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {query ? `${addressesText(total)} fundet for ”${query}”` : addressesText(total)}
      </p>
      {subscribers.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-6 text-center text-muted">
          {query ? "Ingen adresser passer til søgningen." : "Ingen har tilmeldt sig endnu."}
        </p>
      ) : (
        <CardTable
          aria-busy={busy}
          tableClassName="md:min-w-[52rem]"
          columns={[
            "E-mail",
            "Navn",
            "Status",
            "Tilmeldt",
            "Bekræftet",
            "Kilde",
            <span key="x" className="sr-only">
              Handlinger
            </span>,
          ]}
        >
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id} className="border-b border-border align-middle">
              <th scope="row" className="py-3 pr-4 font-medium wrap-anywhere max-md:basis-full max-md:text-base">
                {subscriber.email}
              </th>
              <td className="py-3 pr-4 max-md:basis-full">
                {subscriber.name ?? <span className="text-muted max-md:hidden">–</span>}
              </td>
              <td className="py-3 pr-4 max-md:basis-full md:whitespace-nowrap">{subscriber.status}</td>
              <td className="py-3 pr-4 whitespace-nowrap" data-label="Tilmeldt">
                {subscriber.signedUp}
              </td>
              <td className="py-3 pr-4 whitespace-nowrap" data-label="Bekræftet">
                {subscriber.confirmed ?? "–"}
              </td>
              <td className="py-3 pr-4 max-md:basis-full" data-label="Kilde">
                {subscriber.source}
              </td>
              <td className="py-3 text-right max-md:basis-full max-md:text-left">
                <ConfirmStep
                  summary={
                    <>
                      Fjern<span className="sr-only"> {subscriber.email}</span>
                    </>
                  }
                  summaryClassName="inline-block rounded-full border border-control-border px-3 py-1 text-sm font-medium hover:border-accent"
                  label={`Bekræft at ${subscriber.email} fjernes`}
                  question={`Fjern ${subscriber.email}? Adressen, samtykket og dens breve slettes med det samme.`}
                >
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="id" value={subscriber.id} />
                    <ConfirmButton name="intent" value="remove">
                      Ja, fjern
                    </ConfirmButton>
                  </Form>
                </ConfirmStep>
              </td>
            </tr>
          ))}
        </CardTable>
      )}
      <Pagination page={page} pageCount={pages} label="Abonnenternes sider" className="" keepScroll />
    </div>
  );
}
