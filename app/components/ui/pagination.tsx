import { Link, useSearchParams } from "react-router";
import { buttonStyles } from "./button-link";

/** "Forrige · Side 2 af 5 · Næste" for a list paged by the `side` search parameter; nothing for one page. */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  const pageLink = (target: number) => {
    const next = new URLSearchParams(params);
    next.set("side", String(target));
    return `?${next}`;
  };
  return (
    <nav aria-label="Sider" className="mt-6 flex items-center gap-4">
      {page > 1 && (
        <Link to={pageLink(page - 1)} className={buttonStyles.secondary}>
          Forrige
        </Link>
      )}
      <span className="text-sm text-muted">
        Side {page} af {pageCount}
      </span>
      {page < pageCount && (
        <Link to={pageLink(page + 1)} className={buttonStyles.secondary}>
          Næste
        </Link>
      )}
    </nav>
  );
}
