import type { newsletterLetters, newsletterSubscribers } from "~/db/schema";
import type { SignUpSource } from "../rules";

/** The admin's Danish words for a subscriber's state, a letter's state and where a fan signed up. */

export type SubscriberStatus = (typeof newsletterSubscribers.$inferSelect)["status"];
export type LetterStatus = (typeof newsletterLetters.$inferSelect)["status"];

export const subscriberStatusNames: Record<SubscriberStatus, string> = {
  pending: "Venter på bekræftelse",
  subscribed: "På listen",
  unsubscribed: "Afmeldt",
  bouncing: "Afvises af modtageren",
};

export const letterStatusNames: Record<LetterStatus, string> = {
  draft: "Kladde",
  scheduled: "Planlagt",
  sending: "Sendes",
  sent: "Sendt",
};

export const sourceNames: Record<SignUpSource, string> = {
  footer: "Sidefoden",
  page: "Nyhedsbrevssiden",
  tickets: "Billetkøb",
  account: "Oprettelse af konto",
};

/** A source the code no longer names is shown as it is stored. */
export const sourceName = (source: string) => sourceNames[source as SignUpSource] ?? source;

/** "1 abonnent", "1.234 abonnenter". */
export function subscribersText(count: number) {
  return `${count.toLocaleString("da-DK")} ${count === 1 ? "abonnent" : "abonnenter"}`;
}

/** "1 adresse", "149 adresser": the list's rows, whatever their state. */
export function addressesText(count: number) {
  return `${count.toLocaleString("da-DK")} ${count === 1 ? "adresse" : "adresser"}`;
}
