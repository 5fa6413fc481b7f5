import { Field } from "~/components/ui/field";
import type { ActionAnswer } from "~/lib/form";

/** The e-mail field of the account forms, filled again and with its errors from the form's last answer. */
export function EmailField({ answer }: { answer?: ActionAnswer }) {
  return (
    <Field
      label="E-mail"
      name="email"
      type="email"
      autoComplete="email"
      required
      defaultValue={answer?.values?.email}
      errors={answer?.fieldErrors?.email}
    />
  );
}
