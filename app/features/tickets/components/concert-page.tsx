import type { ReactNode } from "react";
import { Link } from "react-router";
import { Field } from "~/components/ui/field";

/** The head of a concert's ticket pages (buying, the queue, the waitlist): back to the concert, the page's title. */
export function ConcertPageHeading({
  concert,
  title,
  children,
}: {
  concert: { id: string; title: string };
  title: string;
  /** The line under the title: when and where. */
  children: ReactNode;
}) {
  return (
    <>
      <Link
        to={`/koncerter/${concert.id}`}
        className="text-sm font-semibold text-accent underline-offset-4 hover:underline"
      >
        ← {concert.title}
      </Link>
      <h1 className="mt-4 font-display text-4xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-lg text-muted">{children}</p>
    </>
  );
}

/** The buyer's or fan's name and e-mail: what they typed, else the signed-in user's. */
export function BuyerFields({
  values,
  buyer,
  errors,
  emailHint,
}: {
  values?: Record<string, string>;
  buyer: { name: string; email: string } | null;
  errors: Record<string, string[] | undefined>;
  emailHint?: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        name="navn"
        label="Navn"
        autoComplete="name"
        required
        maxLength={100}
        defaultValue={values?.navn ?? buyer?.name}
        errors={errors.navn}
      />
      <Field
        name="email"
        type="email"
        label="E-mail"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={values?.email ?? buyer?.email}
        hint={emailHint}
        errors={errors.email}
      />
    </div>
  );
}
