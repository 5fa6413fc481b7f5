import { useId, type ReactNode } from "react";

/** A part of a page under its own heading, which names it for a screen reader's list of regions too. */
export function Section({
  title,
  className,
  headingClassName = "font-display text-2xl font-bold",
  children,
}: {
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
