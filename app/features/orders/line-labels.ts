import { formatDay } from "~/lib/days";
import { formatMoney } from "~/lib/format";

type LabelledLine = { day: string | null; description: string; quantity: number; unitPriceOere: number };

/** A line that is no day's rent, as documents name it: its description, and its quantity where more than one. */
const itemLabel = (line: LabelledLine) =>
  line.quantity === 1 ? line.description : `${line.description}, ${line.quantity} × ${formatMoney(line.unitPriceOere)}`;

/** A line on a receipt, under the days it is for: a day's rent by its day alone. */
export function receiptLineLabel(line: LabelledLine) {
  return line.day ? formatDay(line.day).replace(/^./, (first) => first.toUpperCase()) : itemLabel(line);
}

/** A line standing on its own (the provider's checkout page, the contract): a day's rent says what and which day. */
export function documentLineLabel(line: LabelledLine) {
  return line.day ? `${line.description}, ${formatDay(line.day)}` : itemLabel(line);
}
