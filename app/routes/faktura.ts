import { data } from "react-router";
import { z } from "zod";
import { requireUser } from "~/features/accounts/session.server";
import { invoicePdf } from "~/features/invoices/invoice-pdf.server";
import { getInvoice, invoiceDocument } from "~/features/invoices/invoices.server";
import { getOrder } from "~/features/rental/orders.server";
import { collaborators } from "~/lib/collaborators.server";
import { privateFile } from "~/lib/private-page";
import type { Route } from "./+types/faktura";

/** An invoice as a PDF (`/faktura/{id}`): for the booker who ordered it and for the admin; anyone else, not found. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const user = await requireUser(auth, request, url);
  const id = z.uuid().safeParse(params.id);
  const invoice = id.success ? await getInvoice(db, id.data) : null;
  const order = invoice ? await getOrder(db, invoice.orderId) : null;
  if (!invoice || !order || (order.userId !== user.id && !user.isAdmin)) throw data(null, { status: 404 });
  const pdf = await invoicePdf(await invoiceDocument(db, invoice));
  return privateFile(Buffer.from(pdf), "application/pdf", `faktura-${invoice.number}.pdf`, { inline: true });
}
