import { consentWordings, NEWSLETTER_TICK_LABEL } from "../rules";

/**
 * "Ja tak, send mig nyhedsbrevet", unticked until the fan ticks it, beside a ticket purchase or an account's
 * sign-up. Its text is the place's consent wording word for word, as that is what is kept.
 */
export function NewsletterTick({ source, ticked }: { source: "tickets" | "account"; ticked?: boolean }) {
  const wording = consentWordings[source];
  return (
    <label className="flex items-start gap-3">
      <input
        type="checkbox"
        name="nyhedsbrev"
        value="ja"
        defaultChecked={ticked ?? false}
        className="mt-1 size-5 shrink-0"
      />
      <span>
        {NEWSLETTER_TICK_LABEL}
        <span className="text-muted">{wording.slice(NEWSLETTER_TICK_LABEL.length)}</span>
      </span>
    </label>
  );
}
