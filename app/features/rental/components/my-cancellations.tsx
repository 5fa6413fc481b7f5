import { Form, Link } from "react-router";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm-step";

export interface CancellationView {
  orderId: string;
  days: string;
  /** What cancelling now comes to (`cancellationWords`). */
  words: string[];
  /** Why it cannot be cancelled here now, or null. */
  refusal: string | null;
}

/**
 * The booker's cancellation of a whole booking, by the venue's tiers: what it comes to now is shown before they
 * confirm, and the tiers themselves under it.
 */
export function MyCancellations({ cancellations, tiers }: { cancellations: CancellationView[]; tiers: string[] }) {
  if (cancellations.length === 0) return null;
  return (
    <section aria-labelledby="afbestilling" className="mt-6 rounded-2xl border border-border p-5">
      <h2 id="afbestilling" className="font-display text-xl font-bold">
        Afbestilling
      </h2>
      <ul className="mt-3 divide-y divide-border">
        {cancellations.map((booking) => (
          <li key={booking.orderId} className="grid gap-2 py-3">
            <p className="font-semibold first-letter:uppercase">{booking.days}</p>
            {booking.refusal ? (
              <p className="text-sm text-muted">{booking.refusal}</p>
            ) : (
              <ConfirmStep
                inPlace
                summary="Afbestil bookingen"
                summaryClassName="inline-block rounded-full border border-control-border px-3 py-1 text-sm font-medium hover:border-accent"
                label={`Bekræft afbestilling af ${booking.days}`}
                question={booking.words.join(" ")}
              >
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="ordre" value={booking.orderId} />
                  <ConfirmButton>Ja, afbestil bookingen</ConfirmButton>
                </Form>
              </ConfirmStep>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm font-semibold">Det koster at afbestille:</p>
      <ul className="mt-1 list-disc pl-5 text-sm text-muted">
        {tiers.map((tier) => (
          <li key={tier}>{tier}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-muted">
        Depositum betales ikke tilbage; ved afbestilling betales et indbetalt sikkerhedsdepositum altid tilbage. Se{" "}
        <Link to="/vilkaar" className="underline underline-offset-2">
          vilkårene
        </Link>
        .
      </p>
    </section>
  );
}
