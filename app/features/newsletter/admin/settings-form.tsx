import { Form, useNavigation } from "react-router";
import { answeredField } from "~/components/ui/answered-field";
import { buttonStyles } from "~/components/ui/button-link";
import { Field } from "~/components/ui/field";
import type { ActionAnswer } from "~/lib/form";
import { RATE_MAX, RATE_MIN, type NewsletterSettingsValues } from "./forms";

/** The send rate (messages per second) and the monthly digest of the next month's concerts. */
export function SettingsForm({ settings, answer }: { settings: NewsletterSettingsValues; answer?: ActionAnswer }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "settings";
  const typed = answer?.intent === "settings" ? answer : undefined;
  return (
    <Form method="post" noValidate preventScrollReset className="grid max-w-2xl gap-5">
      <input type="hidden" name="intent" value="settings" />
      <Field
        {...answeredField(typed, "hastighed", String(settings.messagesPerSecond))}
        label="Beskeder pr. sekund"
        type="number"
        inputMode="numeric"
        min={RATE_MIN}
        max={RATE_MAX}
        step={1}
        style={{ maxWidth: "10rem" }}
        hint={`Hvor hurtigt brevene sendes, fra ${RATE_MIN} til ${RATE_MAX} (standard 10). Spørg din mailudbyder, hvor mange den tager imod.`}
      />
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="maanedsbrev"
          value="ja"
          defaultChecked={typed?.values ? typed.values.maanedsbrev === "ja" : settings.monthlyDigest}
          className="mt-1 size-5 accent-accent"
        />
        <span>
          <span className="font-semibold">Send månedens koncerter automatisk den 1.</span>
          <span className="block text-sm text-muted">
            Den 1. i hver måned kl. 10.00 (dansk tid) får alle på listen månedens koncerter, hvis der er nye siden
            sidst.
          </span>
        </span>
      </label>
      <button type="submit" className={`${buttonStyles.primary} justify-self-start`} disabled={saving}>
        {saving ? "Gemmer …" : "Gem indstillinger"}
      </button>
    </Form>
  );
}
