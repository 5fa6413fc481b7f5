import { createHash } from "node:crypto";
import { tierDescriptions } from "./cancellation-tiers";
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contractAcceptances, orderLines, orders } from "~/db/schema";
import { getPagesByName } from "~/features/content/pages.server";
import type { PageName } from "~/features/content/page-names";
import { richTextPlain } from "~/features/content/rich-text.server";
import { documentLineLabel } from "~/features/orders/line-labels";
import { vatRows } from "~/features/orders/vat-words";
import { paymentLabels, paymentsOf } from "~/features/orders/payments.server";
import { formatDay } from "~/lib/days";
import { getReservationSettings } from "~/features/rental/settings.server";
import { getSiteSettings } from "~/features/site/settings.server";
import { formatDateTime, formatMoney } from "~/lib/format";
import { plainTextPdf } from "~/lib/pdf.server";
import { CONTRACT_ACCEPTANCE, contractText, type ContractView } from "./contract";
import { orderPaymentPlan } from "./order-payment-plan.server";
import { selectRentalOrders } from "./rental-order.server";

/** An admin page's published sections as plain text: the contract's terms and house rules. */
async function pageSections(db: Database, name: PageName) {
  const [page] = await getPagesByName(db, name);
  return (page?.sections ?? []).map((section) => ({ header: section.header, text: richTextPlain(section.text) }));
}

/**
 * The contract of an order as it stands: its booker, days, lines and payments, the cancellation rule, the pages. An
 * offer has no payments yet: its contract states the plan accepting it would write now (`orderPaymentPlan`), so the
 * text the booker reads is the text the acceptance records.
 */
export async function contractOf(db: Database, orderId: string): Promise<ContractView> {
  const [[order], lines, written, site, settings, terms, houseRules] = await Promise.all([
    selectRentalOrders(db).where(eq(orders.id, orderId)),
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position)),
    paymentsOf(db, orderId),
    getSiteSettings(db),
    getReservationSettings(db),
    pageSections(db, "terms"),
    pageSections(db, "house-rules"),
  ]);
  const payments = written.length > 0 ? written : await orderPaymentPlan(db, orderId, settings, new Date());
  return {
    venue: {
      name: site.businessName,
      address: `${site.streetAddress}, ${site.postalCode} ${site.city}`,
      cvr: site.cvr,
    },
    renter: {
      name: order!.bookerName,
      organisation: order!.bookerOrganisation,
      address: order!.bookerAddress,
      email: order!.bookerEmail,
      cvr: order!.bookerCvr,
      ean: order!.bookerEan,
    },
    days: order!.days.map(formatDay),
    lines: lines.map((line) => ({
      label: documentLineLabel(line),
      amount: formatMoney(line.totalOere),
    })),
    total: formatMoney(order!.totalOere),
    vat: vatRows(lines),
    payments: payments.map((payment) => ({
      label: order!.status === "invoiced" ? "Faktura" : paymentLabels[payment.kind],
      amount: formatMoney(payment.amountOere),
      due: formatDay(payment.dueDay),
    })),
    cancellation: [
      `Prisen for at afbestille afhænger af, hvor mange dage der er til den første lejedag: ${tierDescriptions(settings.cancellationTiers).join("; ")}.`,
      "Depositum betales ikke tilbage; ved afbestilling betales et indbetalt sikkerhedsdepositum altid tilbage.",
      `Lejer kan selv afbestille under Mine reservationer indtil ${settings.cancellationDays} dage før den første dag.`,
    ].join(" "),
    terms,
    houseRules,
  };
}

/**
 * Records that the booker accepted the contract of an order, in the transaction that makes or accepts the order:
 * the text as it is now, its SHA-256, the time and the account. Once per order.
 */
export async function recordContractAcceptance(db: Database, orderId: string, userId: string, now: Date) {
  const text = contractText(await contractOf(db, orderId));
  const sha256 = createHash("sha256").update(text, "utf8").digest("hex");
  await db
    .insert(contractAcceptances)
    .values({ orderId, userId, acceptedAt: now, text, sha256 })
    .onConflictDoNothing({ target: contractAcceptances.orderId });
}

export async function contractAcceptanceOf(db: Database, orderId: string) {
  const [acceptance] = await db.select().from(contractAcceptances).where(eq(contractAcceptances.orderId, orderId));
  return acceptance ?? null;
}

/** The accepted contract as a PDF: its kept text, and when and with which fingerprint it was accepted. */
export async function contractPdf(db: Database, acceptance: typeof contractAcceptances.$inferSelect) {
  const site = await getSiteSettings(db);
  const accepted = `Accepteret ${formatDateTime(acceptance.acceptedAt)} ("${CONTRACT_ACCEPTANCE}"). SHA-256 af teksten: ${acceptance.sha256}`;
  return plainTextPdf("Lejekontrakt", `${acceptance.text}\n\n${accepted}`, site.businessName);
}

/** The contract as a mail attachment, where the order has one. */
export async function contractAttachment(db: Database, orderId: string) {
  const acceptance = await contractAcceptanceOf(db, orderId);
  if (!acceptance) return [];
  const pdf = await contractPdf(db, acceptance);
  return [
    {
      filename: "lejekontrakt.pdf",
      content: Buffer.from(pdf).toString("base64"),
      encoding: "base64" as const,
      contentType: "application/pdf",
    },
  ];
}

/** Which of some orders have an accepted contract, for Mine reservationer's links. */
export async function ordersWithContract(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ orderId: contractAcceptances.orderId })
    .from(contractAcceptances)
    .where(inArray(contractAcceptances.orderId, orderIds));
  return new Set(rows.map((row) => row.orderId));
}
