import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";

export interface MyRequestView {
  id: string;
  offered: boolean;
  days: string;
  answerBy: string;
  total: string;
}

/** Mine reservationer's open requests (waiting for the venue) and offers (waiting for the booker). */
export function MyRequests({ requests }: { requests: MyRequestView[] }) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="forespoergsler" className="mt-8 rounded-2xl border border-border p-5">
      <h2 id="forespoergsler" className="font-display text-2xl font-bold">
        Forespørgsler og tilbud
      </h2>
      <ul className="mt-3 divide-y divide-border">
        {requests.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <div className="min-w-0 basis-full sm:basis-0 sm:grow">
              <p className="font-semibold first-letter:uppercase">{request.days}</p>
              <p className="text-sm text-muted">
                {request.offered
                  ? `Tilbud på ${request.total}, gælder til ${request.answerBy}`
                  : `Forespørgsel sendt; vi svarer senest ${request.answerBy}`}
              </p>
            </div>
            {request.offered && (
              <Link to={`/tilbud/${request.id}`} className={buttonStyles.primary}>
                Se tilbuddet
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
