import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newsletterLetters } from "~/db/schema";
import type { RichBlock, RichInline } from "~/features/content/rich-text";
import { richTextBlocks } from "~/features/content/rich-text.server";
import { MediaChoiceError, readyImageOf } from "~/features/media/library.server";
import { imageVariantKey, socialImageKey, SOCIAL_IMAGE, type StoredImageRef } from "~/features/media/media";
import { upcomingEvents } from "~/features/program/program.server";
import { getSiteSettings } from "~/features/site/settings.server";
import { publicFileUrl } from "~/features/storage/storage";
import { concertWhen } from "~/features/tickets/complete.server";
import { copenhagenInstant } from "~/lib/format";
import { effectiveStart } from "~/features/program/program";
import {
  CONCERTS_IN_DIGEST,
  CONCERTS_IN_LETTER,
  type LetterBlock,
  type LetterConcert,
  type SentBlock,
  type SentLetter,
} from "./letter";
import { ticketStatusOf } from "./rules";

export type Letter = typeof newsletterLetters.$inferSelect;

/** A site path ("/koncerter") in full, for a mail read far from the site; a full address as it is. */
const absolute = (publicUrl: string, href: string) => (href.startsWith("/") ? `${publicUrl}${href}` : href);

function absoluteInline(publicUrl: string, inline: RichInline): RichInline {
  if (typeof inline === "string" || inline.type === "br") return inline;
  const children = inline.children.map((child) => absoluteInline(publicUrl, child));
  return inline.type === "a"
    ? { ...inline, href: absolute(publicUrl, inline.href), children }
    : { ...inline, children };
}

function absoluteBlocks(publicUrl: string, blocks: RichBlock[]): RichBlock[] {
  return blocks.map((block) =>
    "items" in block
      ? { ...block, items: block.items.map((item) => absoluteBlocks(publicUrl, item)) }
      : { ...block, children: block.children.map((child) => absoluteInline(publicUrl, child)) },
  );
}

/** The picture a mail shows: the sharing card's JPEG where there is one (every mail client reads JPEG), else a WebP. */
function mailImage(publicUrl: string, image: StoredImageRef) {
  if (image.social) return { src: `${publicUrl}${publicFileUrl(socialImageKey(image))}`, ...SOCIAL_IMAGE };
  const width = image.widths.find((candidate) => candidate >= 1200) ?? image.width;
  return {
    src: `${publicUrl}${publicFileUrl(imageVariantKey(image, width, "webp"))}`,
    width,
    height: Math.round((image.height * width) / image.width),
  };
}

/** The first day of the month after a month ("2026-12" → "2027-01-01"). */
function monthAfter(month: string) {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, "0")}-01`;
}

/**
 * The next concerts as a letter shows them, each with its ticket status, as they stand at `now`; with a month
 * ("2026-12"), those from now until that month ends (the monthly digest).
 */
export async function concertsForLetter(
  db: Database,
  publicUrl: string,
  now: Date,
  month?: string,
): Promise<LetterConcert[]> {
  const monthEnd = month ? copenhagenInstant(monthAfter(month), "00:00") : null;
  const upcoming = (await upcomingEvents(db, now, { limit: month ? CONCERTS_IN_DIGEST : CONCERTS_IN_LETTER })).filter(
    (concert) => !monthEnd || effectiveStart(concert) < monthEnd,
  );
  return upcoming.map((concert) => {
    const status = ticketStatusOf(concert);
    const page = `${publicUrl}/koncerter/${concert.id}`;
    return {
      id: concert.id,
      title: concert.title,
      when: concertWhen(concert),
      ...(concert.price && concert.status !== "aflyst" ? { price: concert.price.text } : {}),
      url: page,
      ticketStatus: status.label,
      ticketUrl:
        status.target === "buy" ? `${page}/billetter` : status.target === "link" ? (concert.ticketUrl ?? page) : page,
    };
  });
}

/**
 * The letter as it goes out (and as the preview shows it): the text with full addresses, the concerts block
 * filled from the programme now, the pictures' files. A picture deleted from the library since is left out.
 */
export async function resolveLetter(
  db: Database,
  letter: Pick<Letter, "subject" | "blocks">,
  publicUrl: string,
  now = new Date(),
): Promise<SentLetter> {
  const { siteName } = await getSiteSettings(db);
  const blocks: SentBlock[] = [];
  for (const block of letter.blocks) {
    if (block.type === "text")
      blocks.push({ type: "text", blocks: absoluteBlocks(publicUrl, richTextBlocks(block.html)) });
    else if (block.type === "concerts")
      blocks.push({ type: "concerts", concerts: await concertsForLetter(db, publicUrl, now, block.month) });
    else if (block.type === "button") blocks.push({ ...block, href: absolute(publicUrl, block.href) });
    else {
      const image = await readyImageOf(db, block.mediaId).catch((error: unknown) => {
        if (error instanceof MediaChoiceError) return null;
        throw error;
      });
      if (image) blocks.push({ type: "image", alt: block.alt, ...mailImage(publicUrl, image) });
    }
  }
  return { subject: letter.subject, siteName, publicUrl, blocks };
}

export async function letterById(db: Database, id: string) {
  const [letter] = await db.select().from(newsletterLetters).where(eq(newsletterLetters.id, id));
  return letter ?? null;
}

/** The admin's list of letters, newest first. */
export async function listLetters(db: Database, limit = 100) {
  return db
    .select({
      id: newsletterLetters.id,
      subject: newsletterLetters.subject,
      status: newsletterLetters.status,
      sendAt: newsletterLetters.sendAt,
      finishedAt: newsletterLetters.finishedAt,
      digestMonth: newsletterLetters.digestMonth,
      createdAt: newsletterLetters.createdAt,
      recipients: sql<number>`(select count(*)::int from newsletter_deliveries d where d.letter_id = ${newsletterLetters.id})`,
    })
    .from(newsletterLetters)
    .orderBy(desc(newsletterLetters.createdAt))
    .limit(limit);
}

/** A draft written anew, or changed: only a draft (or a letter waiting for its time) can be changed. */
export async function saveLetter(
  db: Database,
  draft: { id?: string; subject: string; blocks: LetterBlock[]; createdBy?: string },
): Promise<{ ok: true; id: string } | { ok: false; reason: "not-a-draft" | "not-found" }> {
  if (!draft.id) {
    const [created] = await db
      .insert(newsletterLetters)
      .values({ subject: draft.subject, blocks: draft.blocks, createdBy: draft.createdBy ?? null })
      .returning({ id: newsletterLetters.id });
    return { ok: true, id: created!.id };
  }
  const [changed] = await db
    .update(newsletterLetters)
    .set({ subject: draft.subject, blocks: draft.blocks, status: "draft", sendAt: null })
    .where(and(eq(newsletterLetters.id, draft.id), inArray(newsletterLetters.status, ["draft", "scheduled"])))
    .returning({ id: newsletterLetters.id });
  if (changed) return { ok: true, id: changed.id };
  return (await letterById(db, draft.id)) ? { ok: false, reason: "not-a-draft" } : { ok: false, reason: "not-found" };
}

/** "Send nu" (`sendAt` now) or at a chosen time: the send queue starts it then. False unless it was a draft. */
export async function scheduleLetter(db: Database, id: string, sendAt: Date) {
  const [scheduled] = await db
    .update(newsletterLetters)
    .set({ status: "scheduled", sendAt })
    .where(and(eq(newsletterLetters.id, id), inArray(newsletterLetters.status, ["draft", "scheduled"])))
    .returning({ id: newsletterLetters.id });
  return Boolean(scheduled);
}

/** A letter waiting for its time goes back to being a draft. */
export async function unscheduleLetter(db: Database, id: string) {
  const [draft] = await db
    .update(newsletterLetters)
    .set({ status: "draft", sendAt: null })
    .where(and(eq(newsletterLetters.id, id), eq(newsletterLetters.status, "scheduled")))
    .returning({ id: newsletterLetters.id });
  return Boolean(draft);
}

/** Only a draft is deleted; a letter that went out stays, for the archive and the record of who got it. */
export async function deleteDraft(db: Database, id: string) {
  const [deleted] = await db
    .delete(newsletterLetters)
    .where(and(eq(newsletterLetters.id, id), inArray(newsletterLetters.status, ["draft", "scheduled"])))
    .returning({ id: newsletterLetters.id });
  return Boolean(deleted);
}

/** The archive (`/nyhedsbrev/arkiv`): letters that went out, newest first, without anything personal. */
export async function archivedLetters(db: Database, limit = 100) {
  return db
    .select({ id: newsletterLetters.id, subject: newsletterLetters.subject, startedAt: newsletterLetters.startedAt })
    .from(newsletterLetters)
    .where(
      and(
        inArray(newsletterLetters.status, ["sending", "sent"]),
        eq(newsletterLetters.inArchive, true),
        isNotNull(newsletterLetters.sent),
      ),
    )
    .orderBy(desc(newsletterLetters.startedAt))
    .limit(limit);
}

export async function archivedLetter(db: Database, id: string) {
  const [letter] = await db
    .select({ sent: newsletterLetters.sent, startedAt: newsletterLetters.startedAt })
    .from(newsletterLetters)
    .where(
      and(
        eq(newsletterLetters.id, id),
        inArray(newsletterLetters.status, ["sending", "sent"]),
        eq(newsletterLetters.inArchive, true),
      ),
    );
  return letter?.sent ? { sent: letter.sent, startedAt: letter.startedAt! } : null;
}
