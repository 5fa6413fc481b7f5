import type { CustomerType } from "../customer-types";
import type { PriceList } from "../price-list";

/** The day prices of every customer type, as a table that reads well on a phone; `highlight` marks the viewer's. */
export function PriceTable({ list, highlight }: { list: PriceList; highlight?: CustomerType }) {
  return (
    <div className="grid gap-2 overflow-x-auto">
      <table className="w-full text-left">
        <caption className="sr-only">Priser for en hel dag pr. kundetype</caption>
        <thead>
          <tr className="border-b border-border text-sm text-muted">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Kundetype
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-semibold">
              Hverdage
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Fredag og lørdag
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {list.rows.map((row) => (
            <tr key={row.customerType} aria-current={row.customerType === highlight ? "true" : undefined}>
              <th scope="row" className="py-2.5 pr-4 font-semibold">
                {row.label}
                {row.customerType === highlight && <span className="font-normal text-muted"> (dig)</span>}
                {row.note && <span className="block text-sm font-normal text-muted">{row.note}</span>}
              </th>
              <td className="py-2.5 pr-4 text-right whitespace-nowrap tabular-nums">{row.weekday}</td>
              <td className="py-2.5 text-right whitespace-nowrap tabular-nums">{row.weekend}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-muted">
        Hverdage er mandag–torsdag og søndag.
        {list.holidaysAtWeekendPrice ? " Helligdage koster som fredag og lørdag." : ""}
      </p>
    </div>
  );
}

/** `/priser`'s box above the admin's own text: the prices the calendar charges, read from the settings. */
export function CurrentPrices({ list }: { list: PriceList }) {
  return (
    <section aria-labelledby="aktuelle-priser" className="rounded-2xl border border-border bg-surface-raised p-5">
      <h2 id="aktuelle-priser" className="font-display text-2xl font-bold">
        Aktuelle priser for en hel dag
      </h2>
      <div className="mt-4">
        <PriceTable list={list} />
      </div>
      {list.addOns.length > 0 && (
        <>
          <h3 className="mt-6 font-display text-xl font-bold">Tilvalg</h3>
          <ul className="mt-2 divide-y divide-border">
            {list.addOns.map((addOn) => (
              <li key={addOn.id} className="flex flex-wrap justify-between gap-x-4 py-2.5">
                <span className="min-w-0 flex-1">
                  <span className="font-semibold">{addOn.name}</span>
                  {addOn.description && <span className="block text-sm text-muted">{addOn.description}</span>}
                  {addOn.partOfTheRent && (
                    <span className="block text-sm text-muted">En del af lejen, med lejens moms.</span>
                  )}
                  {addOn.requiredFor.length > 0 && (
                    <span className="block text-sm text-muted">
                      Følger altid med for {addOn.requiredFor.join(" og ")}.
                    </span>
                  )}
                </span>
                <span className="whitespace-nowrap tabular-nums">{addOn.price}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-muted">Tilvalg vælger du i kurven, når du har valgt dine dage.</p>
        </>
      )}
      <p className="mt-3 text-sm text-muted">{list.vatNote} Se de ledige dage under Reservation.</p>
    </section>
  );
}
