import type { ReactNode } from "react";
import { answeredField } from "~/components/ui/answered-field";
import { buttonStyles } from "~/components/ui/button-link";
import { Field, type FieldProps } from "~/components/ui/field";
import type { ActionAnswer } from "~/lib/form";
import { PASSWORD_MIN_LENGTH } from "../schemas";
import { Section } from "~/components/ui/section";

/** The narrow column of the account pages, under their heading. */
export function AccountPage({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto max-w-xl px-4 pt-12 sm:pt-16${className ? ` ${className}` : ""}`}>
      <h1 className="font-display text-4xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

/** A part of an account page, under a heading of its own. */
export function AccountSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Section title={title} className="mt-12 border-t border-border pt-8">
      {children}
    </Section>
  );
}

/** A form's submit button, which says what it is doing while the form is sent. */
export function SubmitButton({
  busy,
  label,
  busyLabel = label,
  variant = "primary",
  className,
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
  variant?: keyof typeof buttonStyles;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={className ? `${buttonStyles[variant]} ${className}` : buttonStyles[variant]}
      disabled={busy}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** What a form did, in place of the form once it is done. */
export function DoneLine({ done, children }: { done?: string; children?: ReactNode }) {
  if (!done) return children;
  return (
    <p role="status" className="mt-4 font-medium">
      {done}
    </p>
  );
}

/** A field filled again, and with its errors, from the form's last answer. */
function AnswerField({ answer, ...field }: FieldProps & { answer?: ActionAnswer }) {
  return <Field required {...answeredField(answer, field.name)} {...field} />;
}

export function EmailField({ answer }: { answer?: ActionAnswer }) {
  return <AnswerField answer={answer} label="E-mail" name="email" type="email" autoComplete="email" />;
}

/** Name, e-mail and a new password: the fields of a new account (sign-up, and claiming the site). */
export function NewAccountFields({ answer }: { answer?: ActionAnswer }) {
  return (
    <>
      <AnswerField answer={answer} label="Navn" name="name" autoComplete="name" />
      <EmailField answer={answer} />
      <NewPasswordField label="Adgangskode" name="password" errors={answer?.fieldErrors?.password} />
    </>
  );
}

interface PasswordFieldProps {
  label: string;
  name: string;
  errors?: string[];
}

/** A field for choosing a password, with the strength rule stated before the user types. */
export function NewPasswordField(props: PasswordFieldProps) {
  return (
    <Field
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      hint={`Mindst ${PASSWORD_MIN_LENGTH} tegn med både bogstaver og tal eller tegn.`}
      {...props}
    />
  );
}

/** The account's present password, asked before a change that needs it. */
export function CurrentPasswordField(props: PasswordFieldProps) {
  return <Field type="password" autoComplete="current-password" required {...props} />;
}

/** A six-digit code from an e-mail or an authenticator app. */
export function CodeField(props: FieldProps) {
  return <Field inputMode="numeric" autoComplete="one-time-code" maxLength={6} required {...props} />;
}
