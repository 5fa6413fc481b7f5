const base =
  "inline-flex items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold transition-colors";

/** A button's look, for a `<button>` or a `<Link>` alike. */
export const buttonStyles = {
  primary: `${base} bg-accent text-accent-ink hover:bg-accent-hover`,
  secondary: `${base} border border-border bg-surface-raised text-ink hover:border-accent`,
};
