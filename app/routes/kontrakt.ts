import { data } from "react-router";
import { z } from "zod";
import { requireUser } from "~/features/accounts/session.server";
import { contractAcceptanceOf, contractPdf } from "~/features/rental/contract.server";
import { getOrder } from "~/features/rental/orders.server";
import { collaborators } from "~/lib/collaborators.server";
import { privateFile } from "~/lib/private-page";
import type { Route } from "./+types/kontrakt";

/** The lejekontrakt an order's booker accepted, as a PDF: for that booker and for the admin; anyone else, not found. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const user = await requireUser(auth, request, url);
  const id = z.uuid().safeParse(params.ordre);
  const order = id.success ? await getOrder(db, id.data) : null;
  const acceptance = order ? await contractAcceptanceOf(db, order.id) : null;
  if (!order || !acceptance || (order.userId !== user.id && !user.isAdmin)) throw data(null, { status: 404 });
  return privateFile(Buffer.from(await contractPdf(db, acceptance)), "application/pdf", "lejekontrakt.pdf", {
    inline: true,
  });
}
