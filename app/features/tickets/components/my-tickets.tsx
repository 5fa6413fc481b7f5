import { Link } from "react-router";
import { Section } from "~/components/ui/section";

export interface MyTicketOrder {
  orderPath: string;
  concert: string;
  when: string;
  tickets: number;
  refunded: boolean;
  past: boolean;
}

/** "Mine billetter": a signed-in buyer's ticket orders, each linking to its page with the tickets. */
export function MyTickets({ orders }: { orders: MyTicketOrder[] }) {
  if (orders.length === 0) return null;
  return (
    <Section title="Mine billetter" className="mt-10">
      <ul className="mt-4 divide-y divide-border rounded-2xl border border-border bg-surface-raised">
        {orders.map((order) => (
          <li key={order.orderPath} className={`px-4 py-3 ${order.past || order.refunded ? "text-muted" : ""}`}>
            <Link to={order.orderPath} className="font-semibold text-accent underline-offset-4 hover:underline">
              {order.concert}
            </Link>
            <p className="text-sm">
              {order.when} · {order.tickets === 1 ? "1 billet" : `${order.tickets} billetter`}
              {order.refunded ? " · refunderet" : ""}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
