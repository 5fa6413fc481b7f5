import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { CardTable } from "~/components/ui/card-table";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm-step";
import { Field } from "~/components/ui/field";
import { Section } from "~/components/ui/section";

const smallButton = "rounded-full border border-control-border px-3 py-1 text-sm font-medium hover:border-accent";

export interface SalesViewData {
  types: { id: string; name: string; capacity: number; sold: number; held: number; checkedIn: number }[];
  guests: { name: string; count: number; checkedIn: number }[];
  money: { tickets: string; ticketsNet: string; fees: string; feesNet: string; total: string; vat: string };
  buyers: {
    id: string;
    name: string;
    email: string;
    tickets: number;
    total: string;
    receiptNumber: number | null;
    refunded: boolean;
  }[];
}

/** One concert's sale for the admin: by type, the money, the buyers (refund, send again) and the guest list. */
export function SalesView({ data, eventId }: { data: SalesViewData; eventId: string }) {
  return (
    <div className="grid gap-10">
      <Section title="Solgt pr. billettype">
        <CardTable className="mt-4" columns={["Type", "Solgt", "Reserveret nu", "Tjekket ind", "Antal"]}>
          {data.types.map((type) => (
            <tr key={type.id} className="border-b border-border">
              <th scope="row" className="py-3 pr-4 font-medium max-md:basis-full">
                {type.name}
              </th>
              <td className="py-3 pr-4 tabular-nums" data-label="Solgt">
                {type.sold}
              </td>
              <td className="py-3 pr-4 tabular-nums" data-label="Reserveret nu">
                {type.held}
              </td>
              <td className="py-3 pr-4 tabular-nums" data-label="Tjekket ind">
                {type.checkedIn}
              </td>
              <td className="py-3 tabular-nums" data-label="Antal">
                {type.capacity}
              </td>
            </tr>
          ))}
        </CardTable>
      </Section>
      <Section title="Omsætning">
        <dl className="mt-4 grid max-w-md grid-cols-[1fr_auto_auto] gap-x-6 gap-y-1 text-right tabular-nums">
          <dt className="text-left text-muted">&nbsp;</dt>
          <dd className="text-sm text-muted">Med moms</dd>
          <dd className="text-sm text-muted">Uden moms</dd>
          <dt className="text-left">Billetter</dt>
          <dd>{data.money.tickets}</dd>
          <dd>{data.money.ticketsNet}</dd>
          <dt className="text-left">Gebyrer</dt>
          <dd>{data.money.fees}</dd>
          <dd>{data.money.feesNet}</dd>
          <dt className="text-left font-semibold">I alt (heraf moms {data.money.vat})</dt>
          <dd className="font-semibold">{data.money.total}</dd>
          <dd />
        </dl>
        <a href={`/billetsalg/${eventId}/eksport`} download className={`${buttonStyles.secondary} mt-4`}>
          Hent køberlisten (CSV)
        </a>
      </Section>
      <Section title="Købere">
        {data.buyers.length === 0 ? (
          <p className="mt-4 text-muted">Ingen har købt billetter endnu.</p>
        ) : (
          <CardTable className="mt-4" columns={["Køber", "E-mail", "Billetter", "Beløb", "Handlinger"]}>
            {data.buyers.map((buyer) => (
              <tr key={buyer.id} className="border-b border-border align-middle">
                <th scope="row" className="py-3 pr-4 font-medium max-md:basis-full">
                  {buyer.name}
                  {buyer.receiptNumber && (
                    <span className="block text-sm font-normal text-muted">Ordre {buyer.receiptNumber}</span>
                  )}
                </th>
                <td className="py-3 pr-4 wrap-anywhere max-md:basis-full">{buyer.email}</td>
                <td className="py-3 pr-4 tabular-nums" data-label="Billetter">
                  {buyer.tickets}
                </td>
                <td className="py-3 pr-4 tabular-nums" data-label="Beløb">
                  {buyer.total}
                  {buyer.refunded && <span className="block text-sm text-muted">Refunderet</span>}
                </td>
                <td className="py-3 max-md:basis-full">
                  {!buyer.refunded && (
                    <div className="flex flex-wrap gap-2">
                      <Form method="post">
                        <input type="hidden" name="intent" value="send-igen" />
                        <input type="hidden" name="ordre" value={buyer.id} />
                        <button type="submit" className={smallButton}>
                          Send billetterne igen
                        </button>
                      </Form>
                      <ConfirmStep
                        summary="Refundér"
                        summaryClassName={smallButton}
                        label={`Bekræft refusion af ${buyer.name}s billetter`}
                        question={`Refundér ${buyer.total} til ${buyer.name}? Billetterne bliver ugyldige, og køberen får en e-mail.`}
                      >
                        <Form method="post">
                          <input type="hidden" name="intent" value="refunder" />
                          <input type="hidden" name="ordre" value={buyer.id} />
                          <ConfirmButton>Refundér</ConfirmButton>
                        </Form>
                      </ConfirmStep>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </CardTable>
        )}
      </Section>
      <Section title="Gæsteliste">
        <p className="mt-2 text-muted">Fribilletter til et navn. Dørpersonalet finder dem ved at søge på navnet.</p>
        {data.guests.length > 0 && (
          <ul className="mt-3 grid gap-1">
            {data.guests.map((guest) => (
              <li key={guest.name}>
                {guest.name}: {guest.count} {guest.count === 1 ? "billet" : "billetter"}
                {guest.checkedIn > 0 && `, ${guest.checkedIn} tjekket ind`}
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="mt-4 grid max-w-xl gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="gaest" />
          <Field name="navn" label="Navn" maxLength={100} />
          <Field name="antal" label="Antal" inputMode="numeric" defaultValue="1" />
          <button type="submit" className={buttonStyles.secondary}>
            Sæt på listen
          </button>
        </Form>
      </Section>
    </div>
  );
}
