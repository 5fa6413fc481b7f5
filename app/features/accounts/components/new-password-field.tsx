import { Field } from "~/components/ui/field";
import { PASSWORD_MIN_LENGTH } from "../schemas";

/** A field for choosing a password, with the strength rule stated before the user types. */
export function NewPasswordField({ label, name, errors }: { label: string; name: string; errors?: string[] }) {
  return (
    <Field
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      hint={`Mindst ${PASSWORD_MIN_LENGTH} tegn med både bogstaver og tal eller tegn.`}
      errors={errors}
    />
  );
}
