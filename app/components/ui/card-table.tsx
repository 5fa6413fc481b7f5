import type { ReactNode, TableHTMLAttributes } from "react";

/**
 * An admin list as a `card-table` (app.css: a table from md up, a card per row on a phone) in a box that scrolls
 * sideways; `columns` are the headings, `widths` the width classes of the first ones, `cellPadding` their vertical
 * padding, `children` the body's rows.
 */
export function CardTable({
  columns,
  widths = [],
  className = "",
  tableClassName = "",
  cellPadding = "py-3",
  children,
  ...table
}: TableHTMLAttributes<HTMLTableElement> & {
  columns: ReactNode[];
  widths?: string[];
  tableClassName?: string;
  cellPadding?: string;
}) {
  return (
    <div className={`${className} overflow-x-auto`}>
      <table className={`card-table w-full text-left text-sm ${tableClassName}`} {...table}>
        <thead className="border-b border-border text-muted">
          <tr>
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={`${widths[index] ?? ""} ${cellPadding} ${index < columns.length - 1 ? "pr-4" : ""} font-semibold`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
