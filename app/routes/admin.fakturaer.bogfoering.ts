import { data } from "react-router";
import { z } from "zod";
import { requireAdmin } from "~/features/accounts/session.server";
import { bookkeepingCsv } from "~/features/orders/bookkeeping";
import { bookkeepingEntries } from "~/features/orders/bookkeeping.server";
import { collaborators } from "~/lib/collaborators.server";
import { CSV_TYPE } from "~/lib/csv";
import { privateFile } from "~/lib/private-page";
import type { Route } from "./+types/admin.fakturaer.bogfoering";

const period = z
  .object({ fra: z.iso.date(), til: z.iso.date() })
  .refine(
    (asked) => asked.fra <= asked.til && asked.til <= `${Number(asked.fra.slice(0, 4)) + 1}${asked.fra.slice(4)}`,
  );

/** Payments, invoices and credit notes of a period (`?fra=…&til=…`, at most a year) as CSV, for the accountant. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth, sales } = collaborators();
  await requireAdmin(auth, request, url);
  const asked = period.safeParse(Object.fromEntries(url.searchParams));
  if (!asked.success) throw data("Vælg en periode på højst et år: fra og til som datoer.", { status: 400 });
  const { fra: from, til: to } = asked.data;
  return privateFile(
    bookkeepingCsv(await bookkeepingEntries({ db, sales }, { from, to })),
    CSV_TYPE,
    `bogfoering-${from}-${to}.csv`,
  );
}
