import { desc, isNotNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newsletterLetters, newsletterSettings } from "~/db/schema";
import type { LetterConcert } from "./letter";
import { concertsForLetter } from "./letters.server";
import { digestHasNews, digestMonthDue } from "./rules";

const monthName = new Intl.DateTimeFormat("da-DK", { month: "long", timeZone: "Europe/Copenhagen" });

/**
 * The monthly digest (issue 37), when the setting is on: on the 1st from 10.00 Copenhagen time, a letter with the
 * month's concerts is put in the send queue, unless none of them is new since the last digest. The month is the
 * letter's unique key, so with several instances it is made once; the send queue does the rest.
 */
export async function queueMonthlyDigest(db: Database, publicUrl: string, now = new Date()) {
  const month = digestMonthDue(now);
  if (!month) return "not-due" as const;
  const [settings] = await db.select().from(newsletterSettings);
  if (!settings?.monthlyDigest) return "off" as const;
  const [last] = await db
    .select({ month: newsletterLetters.digestMonth, sent: newsletterLetters.sent })
    .from(newsletterLetters)
    .where(isNotNull(newsletterLetters.digestMonth))
    .orderBy(desc(newsletterLetters.digestMonth))
    .limit(1);
  if (last?.month === month) return "done" as const;
  const concerts = await concertsForLetter(db, publicUrl, now, month);
  const lastIds = (last?.sent?.blocks ?? []).flatMap((block) =>
    block.type === "concerts" ? block.concerts.map((concert: LetterConcert) => concert.id) : [],
  );
  if (
    !digestHasNews(
      concerts.map((concert) => concert.id),
      lastIds,
    )
  )
    return "nothing-new" as const;
  const name = monthName.format(now);
  const [queued] = await db
    .insert(newsletterLetters)
    .values({
      subject: `Koncerter i ${name}`,
      blocks: [
        { type: "text", html: `<p>Her er koncerterne i ${name}. Vi glæder os til at se dig.</p>` },
        { type: "concerts", month },
      ],
      status: "scheduled",
      sendAt: now,
      digestMonth: month,
    })
    .onConflictDoNothing()
    .returning({ id: newsletterLetters.id });
  return queued ? ("queued" as const) : ("done" as const);
}
