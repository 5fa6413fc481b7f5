import { z } from "zod";
import { addDays, shiftMonth, todayInCopenhagen } from "~/lib/days";

export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** The month an admin page shows (`?maaned=2026-12`, this month when none or malformed), with its first and last day. */
export function askedMonth(url: URL) {
  const month = monthSchema.safeParse(url.searchParams.get("maaned")).data ?? todayInCopenhagen().slice(0, 7);
  return { month, from: `${month}-01`, to: addDays(`${shiftMonth(month, 1)}-01`, -1) };
}
