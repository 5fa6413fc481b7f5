import type { CustomerTerms } from "~/features/rental/settings.server";

/**
 * The demo venue's day prices by customer type (issue 35), in øre with moms: local associations pay less than
 * private parties and ask first (a request the venue answers with an offer), companies pay more, and public
 * institutions between.
 */
export const demoCustomerTerms: CustomerTerms[] = [
  { customerType: "privat", bookingMode: "direct", weekdayPriceOere: 450_000, weekendPriceOere: 650_000 },
  { customerType: "forening", bookingMode: "request", weekdayPriceOere: 250_000, weekendPriceOere: 350_000 },
  { customerType: "erhverv", bookingMode: "direct", weekdayPriceOere: 750_000, weekendPriceOere: 950_000 },
  { customerType: "offentlig", bookingMode: "direct", weekdayPriceOere: 550_000, weekendPriceOere: 750_000 },
];

/**
 * The demo venue's payment terms: a quarter at booking, the rest 30 days before the first day with a security
 * deposit of 2.000 kr., paid back after the event; companies and public institutions may pay on invoice, 14 days
 * net, to the venue's account.
 */
export const demoPaymentTerms = {
  depositumPercent: 25,
  depositumFixedOere: null,
  balanceDaysBefore: 30,
  securityDepositOere: 200_000,
  invoiceAllowed: true,
  invoiceDays: 14,
  bankRegNumber: "1551",
  bankAccountNumber: "3456789012",
};
