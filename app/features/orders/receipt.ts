import type { VatRow } from "./vat-words";

/** An order's receipt in words: what its mails and pages show, a ticket order's as a booking's. */
export interface ReceiptView {
  siteName: string;
  business: { name: string; address: string; cvr: string };
  receiptNumber: number;
  paidAt: string;
  bookerName: string;
  bookerAddress: string;
  lines: { label: string; price: string }[];
  total: string;
  vat: VatRow[];
  /** The order's payment plan: everything at once, or a depositum and the balance. */
  payments: PaymentView[];
}

/** One payment of an order's plan in words: paid with its receipt, or due on a day. */
export interface PaymentView {
  label: string;
  amount: string;
  /** The day it falls due, in words. */
  due: string;
  paid: boolean;
  receiptNumber: number | null;
}
