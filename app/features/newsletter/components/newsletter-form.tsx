import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { answeredField } from "~/components/ui/answered-field";
import { buttonStyles } from "~/components/ui/button-link";
import { Field } from "~/components/ui/field";
import type { ActionAnswer } from "~/lib/form";
import { consentWordings } from "../rules";

/**
 * The newsletter's form, with the place's consent wording by the button. A plain POST to /nyhedsbrev, so it works
 * before and without JavaScript; with it, the answer shows on /nyhedsbrev too. The footer's is the small one: the
 * address alone, under a label of its own, as every page's own form may ask for an "E-mail" and a "Navn".
 */
export function NewsletterForm({ source, answer }: { source: "footer" | "page"; answer?: ActionAnswer }) {
  const consentId = useId();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formAction === "/nyhedsbrev" &&
    navigation.formData?.get("kilde") === source;
  const button = (
    <button
      type="submit"
      disabled={busy}
      className={`${buttonStyles.primary} ${source === "footer" ? "sm:mt-7" : "justify-self-start"}`}
    >
      {busy ? "Tilmelder …" : "Tilmeld"}
    </button>
  );
  return (
    <Form method="post" action="/nyhedsbrev" noValidate aria-describedby={consentId} className="grid gap-3">
      <input type="hidden" name="kilde" value={source} />
      {source === "footer" ? (
        <div className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
          <Field name="email" label="Din mail" type="email" autoComplete="email" required maxLength={254} />
          {button}
        </div>
      ) : (
        <div className="grid gap-5">
          <Field
            {...answeredField(answer, "email")}
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
          />
          <Field {...answeredField(answer, "name")} label="Navn (valgfrit)" autoComplete="name" maxLength={100} />
          {button}
        </div>
      )}
      <p id={consentId} className={source === "footer" ? "text-xs leading-relaxed text-muted" : "text-sm text-muted"}>
        {consentWordings[source]}
      </p>
    </Form>
  );
}
