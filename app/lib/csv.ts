/** A CSV cell: quoted when it holds a separator, a quote or a line break; formulas are defused for spreadsheets. */
export function csvCell(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The content type of `csvDocument`'s text. */
export const CSV_TYPE = "text/csv; charset=utf-8";

/** Rows as CSV the Danish way: semicolons, CRLF, and a BOM so that Excel reads UTF-8. */
export function csvDocument(header: string[], rows: string[][]) {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(";")).join("\r\n")}\r\n`;
}

/** Øre as kroner with a decimal comma and no grouping, as spreadsheets read them: "6500,00". */
export const csvKroner = (oere: number) => (oere / 100).toFixed(2).replace(".", ",");
