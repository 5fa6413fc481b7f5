import { Link, useSearchParams } from "react-router";
import { buttonStyles } from "./button-link";

/**
 * "Forrige · Side 2 af 5 · Næste" for a list paged by the `side` search parameter; nothing for one page. Its
 * navigation is named for the list (the footer's is "Sider": two landmarks of one name confuse a screen reader).
 */
export function Pagination({
  page,
  pageCount,
  label = "Listens sider",
  className = "mt-6",
  keepScroll = false,
}: {
  page: number;
  pageCount: number;
  label?: string;
  className?: string;
  /** Stay where the list is on the page rather than go to its top (a list below other sections). */
  keepScroll?: boolean;
}) {
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  const pageLink = (target: number) => {
    const next = new URLSearchParams(params);
    next.set("side", String(target));
    return `?${next}`;
  };
  return (
    <nav aria-label={label} className={`flex items-center gap-4 ${className}`.trim()}>
      {page > 1 && (
        <Link to={pageLink(page - 1)} preventScrollReset={keepScroll} className={buttonStyles.secondary}>
          Forrige
        </Link>
      )}
      <span className="text-sm text-muted">
        Side {page} af {pageCount}
      </span>
      {page < pageCount && (
        <Link to={pageLink(page + 1)} preventScrollReset={keepScroll} className={buttonStyles.secondary}>
          Næste
        </Link>
      )}
    </nav>
  );
}
