import { Field } from "~/components/ui/field";
import type { ActionAnswer } from "~/lib/form";
import { EmailField } from "./email-field";
import { NewPasswordField } from "./new-password-field";

/** Name, e-mail and a new password: the fields of a new account (sign-up, and claiming the site). */
export function NewAccountFields({ answer }: { answer?: ActionAnswer }) {
  return (
    <>
      <Field
        label="Navn"
        name="name"
        autoComplete="name"
        required
        defaultValue={answer?.values?.name}
        errors={answer?.fieldErrors?.name}
      />
      <EmailField answer={answer} />
      <NewPasswordField label="Adgangskode" name="password" errors={answer?.fieldErrors?.password} />
    </>
  );
}
