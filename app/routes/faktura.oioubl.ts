import { data } from "react-router";
import { z } from "zod";
import { requireAdmin } from "~/features/accounts/session.server";
import { getInvoice, invoiceDocument } from "~/features/invoices/invoices.server";
import { oioublInvoice } from "~/features/invoices/oioubl";
import { collaborators } from "~/lib/collaborators.server";
import { privateFile } from "~/lib/private-page";
import type { Route } from "./+types/faktura.oioubl";

/** An invoice as OIOUBL 2.1 XML, for the admin to send through their NemHandel access point. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const id = z.uuid().safeParse(params.id);
  const invoice = id.success ? await getInvoice(db, id.data) : null;
  if (!invoice) throw data(null, { status: 404 });
  return privateFile(
    oioublInvoice(await invoiceDocument(db, invoice)),
    "application/xml; charset=utf-8",
    `faktura-${invoice.number}-oioubl.xml`,
  );
}
