import type { AccountPart } from "~/features/accounts/account-parts.server";
import { newsletterAccountPart } from "~/features/newsletter/account-part.server";
import type { Sales } from "~/features/orders/sales.server";
import { reservationAccountPart } from "~/features/rental/cancellation.server";
import { rentalSale } from "~/features/rental/checkout.server";
import { ticketSale } from "~/features/tickets/complete.server";
import { ticketsAccountPart } from "~/features/tickets/waitlist.server";

/**
 * The businesses the core asks (decision 055), registered in one place: the core (orders, payment, accounts, email,
 * the schema) imports none of them, and a new business is an entry here.
 */

/** Who answers for an order, by what it sells: settling its paid payments. */
export const sales: Sales = { rental: rentalSale, tickets: ticketSale };

/** What each business holds of an account: its data export, its deletion, its verification. */
export const accountParts: readonly AccountPart[] = [reservationAccountPart, ticketsAccountPart, newsletterAccountPart];
