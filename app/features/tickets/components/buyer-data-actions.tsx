import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm-step";
import { Section } from "~/components/ui/section";

/** What "Slet mine oplysninger" would do to the order now, or why it cannot yet (in Danish). */
export type ErasureOffer = { question: string } | { refused: string };

/**
 * The order page's "Dine oplysninger": the buyer's tickets and data mailed to the order's address, or erased
 * behind a confirm step (or, when the rules refuse it now, why not).
 */
export function BuyerDataActions({ email, erasure }: { email: string; erasure: ErasureOffer }) {
  return (
    <Section title="Dine oplysninger" className="mt-12 border-t border-border pt-8">
      <p className="mt-2 text-muted">
        Vi sender alle billetordrer, der er købt med {email}, til den adresse: med et link til hver ordre og billet og
        alt, hvad vi gemmer om dem.
      </p>
      <Form method="post" className="mt-4">
        <button type="submit" name="intent" value="send-oplysninger" className={buttonStyles.secondary}>
          Send mine billetter og oplysninger
        </button>
      </Form>
      <p className="mt-6 text-muted">
        Du kan også slette dine oplysninger fra denne ordre. Har du andre ordrer, sletter du dem fra deres egne links.
      </p>
      <div className="mt-4">
        {"refused" in erasure ? (
          <p className="text-sm text-muted">{erasure.refused}</p>
        ) : (
          <ConfirmStep
            summary="Slet mine oplysninger"
            summaryClassName={buttonStyles.secondary}
            label="Bekræft sletning af dine oplysninger"
            question={erasure.question}
            inPlace
          >
            <Form method="post">
              <ConfirmButton name="intent" value="slet-oplysninger">
                Ja, slet
              </ConfirmButton>
            </Form>
          </ConfirmStep>
        )}
      </div>
    </Section>
  );
}
