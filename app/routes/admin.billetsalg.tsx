import { Link } from "react-router";
import { CardTable } from "~/components/ui/card-table";
import { requireAdmin } from "~/features/accounts/session.server";
import { eventStatusLabels } from "~/features/program/event-status";
import { concertWhen } from "~/features/tickets/complete.server";
import { ownSales } from "~/features/tickets/sales.server";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/admin.billetsalg";

export const meta = () => privatePageMeta("Billetsalg");

/** Every concert with its own ticket sale: what is sold of what, and the way to each sale's page. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const sales = await ownSales(db);
  return {
    sales: sales.map((sale) => ({
      id: sale.id,
      title: sale.title,
      when: concertWhen(sale),
      status: eventStatusLabels[sale.status],
      sold: sale.sold,
      capacity: sale.capacity,
    })),
  };
}

export default function TicketSales({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 pt-10 pb-16">
      <h1 className="font-display text-3xl font-bold tracking-tight">Billetsalg</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Koncerter med eget billetsalg. Vælg ”Eget billetsalg her på siden” under Billetsalg på en koncert, og sæt
        billettyper og antal op på koncertens side her.
      </p>
      {loaderData.sales.length === 0 ? (
        <p className="mt-8">Ingen koncerter har eget billetsalg endnu.</p>
      ) : (
        <CardTable className="mt-8" columns={["Koncert", "Tidspunkt", "Status", "Solgt", "Salget"]}>
          {loaderData.sales.map((sale) => (
            <tr key={sale.id} className="border-b border-border align-middle">
              <th scope="row" className="py-3 pr-4 font-medium max-md:basis-full max-md:text-base">
                {sale.title}
              </th>
              <td className="py-3 pr-4 max-md:basis-full">{sale.when}</td>
              <td className="py-3 pr-4 max-md:basis-full">{sale.status}</td>
              <td className="py-3 pr-4 tabular-nums max-md:basis-full" data-label="Solgt">
                {sale.sold} af {sale.capacity}
              </td>
              <td className="py-3 max-md:basis-full">
                <Link
                  to={`/billetsalg/${sale.id}`}
                  className="font-semibold text-accent underline-offset-4 hover:underline"
                >
                  Se salget<span className="sr-only"> af {sale.title}</span>
                </Link>
              </td>
            </tr>
          ))}
        </CardTable>
      )}
    </div>
  );
}
