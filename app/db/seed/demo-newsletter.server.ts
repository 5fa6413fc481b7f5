import { randomBytes } from "node:crypto";
import type { Database } from "~/db/client.server";
import { newsletterDeliveries, newsletterLetters, newsletterSubscribers } from "~/db/schema";
import type { LetterBlock } from "~/features/newsletter/letter";
import { resolveLetter } from "~/features/newsletter/letters.server";
import { consentWordings } from "~/features/newsletter/rules";

const DAY = 24 * 60 * 60 * 1000;
const firstNames = [
  "Mette",
  "Jonas",
  "Sofie",
  "Anders",
  "Ida",
  "Mikkel",
  "Freja",
  "Lars",
  "Emma",
  "Kasper",
  "Nanna",
  "Rasmus",
];

const demoLetter: { subject: string; blocks: LetterBlock[] } = {
  subject: "Vinteren på Havnescenen",
  blocks: [
    {
      type: "text",
      html: "<p>Kære venner af Havnescenen</p><p>Vinterens program er klar, med jul på kajen og nye navne i Baren. Billetterne til julekoncerten går stærkt, så vent ikke for længe.</p>",
    },
    { type: "concerts" },
    { type: "button", label: "Se hele programmet", href: "/koncerter" },
  ],
};

/**
 * The demo's newsletter (issue 37): fans who signed up over the last months (most confirmed, a few waiting, one
 * whose mailbox is gone) and one letter sent three weeks ago, in the archive, so the admin's page and the archive
 * show what they are for.
 */
export async function seedDemoNewsletter(db: Database, now: Date, publicUrl: string) {
  const subscribers = Array.from({ length: 40 }, (_, index) => {
    const name = firstNames[index % firstNames.length]!;
    // Spread over eight months, more of them lately.
    const requestedAt = new Date(now.getTime() - Math.floor(((40 - index) ** 1.6 / 40 ** 1.6) * 240 * DAY) - DAY);
    const status = index >= 37 ? "pending" : index === 5 ? "bouncing" : "subscribed";
    const source = (["footer", "page", "tickets", "account"] as const)[index % 4]!;
    return {
      email: `${name.toLowerCase()}.${index + 1}@example.dk`,
      name: index % 3 === 0 ? null : name,
      status,
      source,
      consentWording: consentWordings[source],
      confirmToken: status === "pending" ? randomBytes(16).toString("base64url") : null,
      unsubscribeToken: randomBytes(16).toString("base64url"),
      requestedAt: status === "pending" ? new Date(now.getTime() - (40 - index) * DAY) : requestedAt,
      confirmedAt: status === "pending" ? null : new Date(requestedAt.getTime() + 600_000),
      bouncedAt: status === "bouncing" ? new Date(now.getTime() - 21 * DAY) : null,
    } as const;
  });
  const rows = await db.insert(newsletterSubscribers).values(subscribers).returning();

  const sentAt = new Date(now.getTime() - 21 * DAY);
  const [letter] = await db
    .insert(newsletterLetters)
    .values({
      ...demoLetter,
      status: "sent",
      sendAt: sentAt,
      sent: await resolveLetter(db, demoLetter, publicUrl, sentAt),
      startedAt: sentAt,
      finishedAt: new Date(sentAt.getTime() + 8000),
    })
    .returning({ id: newsletterLetters.id });
  const reached = rows.filter((row) => row.confirmedAt && row.confirmedAt < sentAt);
  if (reached.length > 0) {
    await db.insert(newsletterDeliveries).values(
      reached.map((row) => ({
        letterId: letter!.id,
        subscriberId: row.id,
        status: row.status === "bouncing" ? ("failed" as const) : ("sent" as const),
        attempts: 1,
        nextAttemptAt: sentAt,
        sentAt: row.status === "bouncing" ? null : sentAt,
        lastError: row.status === "bouncing" ? "550 5.1.1 Mailbox does not exist" : null,
      })),
    );
  }
}
