import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { mediaImages } from "~/db/schema";
import { normalizeRichText } from "~/features/content/rich-text.server";
import type { Mailer } from "~/features/email/mailer.server";
import { choosableImages, MediaChoiceError, readyImageOf } from "~/features/media/library.server";
import type { FieldErrors } from "~/lib/form";
import type { LetterBlock } from "./letter";
import { blockFieldNames, completeBlocks, letterProblems, type LetterDraft } from "./letter-form";
import { letterMessage } from "./letter-render.server";
import { resolveLetter, type Letter } from "./letters.server";

/*
 * The admin's letter page on the server (issue 37): a draft's blocks checked as they are stored, the preview and
 * the test mail made exactly as the send queue makes the letter, and what must hold before it is sent.
 */

/**
 * The draft's blocks as they are stored: each text through the site's one home of formatted text (decision 017),
 * each chosen picture a ready image of the library, or the fields' errors by their form names.
 */
export async function checkedBlocks(
  db: Database,
  draft: LetterDraft,
): Promise<{ ok: true; blocks: LetterBlock[] } | { ok: false; fieldErrors: FieldErrors }> {
  const fieldErrors: FieldErrors = {};
  const blocks: LetterBlock[] = [];
  for (const [index, block] of draft.blocks.entries()) {
    if (block.type === "text") blocks.push({ type: "text", html: normalizeRichText(block.html) });
    else if (block.type === "concerts") blocks.push(block.month ? { type: "concerts", month: block.month } : block);
    else if (block.type === "button") blocks.push(block);
    else {
      if (block.mediaId) {
        const refusal = await readyImageOf(db, block.mediaId).then(
          () => null,
          (error: unknown) => {
            if (error instanceof MediaChoiceError) return error.message;
            throw error;
          },
        );
        if (refusal) fieldErrors[blockFieldNames(index).mediaId] = [refusal];
      }
      blocks.push(block);
    }
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, blocks };
}

/**
 * The unsubscribe link of a preview and a test mail: the letter's real page, with a token no subscriber can
 * have (theirs are 22 characters), so following it takes nobody off the list.
 */
export const sampleUnsubscribeUrl = (publicUrl: string) => `${publicUrl}/nyhedsbrev/afmeld/proevebrev`;

/** What a draft would send now: its complete blocks, the concerts as the programme stands. */
function resolveDraft(db: Database, letter: Pick<Letter, "subject" | "blocks">, publicUrl: string, now: Date) {
  return resolveLetter(db, { subject: letter.subject, blocks: completeBlocks(letter.blocks) }, publicUrl, now);
}

/** The letter's e-mail as HTML, exactly as it goes out (or went out, once its send began). */
export async function letterPreviewHtml(
  db: Database,
  letter: Pick<Letter, "subject" | "blocks" | "sent">,
  publicUrl: string,
  now = new Date(),
) {
  const sent = letter.sent ?? (await resolveDraft(db, letter, publicUrl, now));
  return letterMessage(sent).html(sampleUnsubscribeUrl(publicUrl));
}

/**
 * "Send en test til mig": the letter as a subscriber would get it, headers included, to the admin's own address,
 * through the site's mail outbox; the subject says it is a test.
 */
export async function sendTestLetter(
  { db, mailer, publicUrl }: { db: Database; mailer: Mailer; publicUrl: string },
  letter: Pick<Letter, "subject" | "blocks">,
  to: string,
  now = new Date(),
) {
  const sent = await resolveDraft(db, letter, publicUrl, now);
  const message = letterMessage(sent).personal({
    to,
    unsubscribeUrl: sampleUnsubscribeUrl(publicUrl),
    messageId: `<test.${randomUUID()}@${new URL(publicUrl).hostname}>`,
  });
  await mailer.send({ ...message, subject: `[Test] ${message.subject}` });
}

/**
 * Why the letter cannot be sent yet, in Danish, or null: a block not filled in, or a picture that has left the
 * library since it was chosen (the send would leave it out without a word).
 */
export async function sendRefusal(db: Database, letter: Pick<Letter, "blocks">) {
  const problems = letterProblems(letter.blocks);
  if (problems.length > 0) return `Brevet kan ikke sendes endnu. ${problems.join(" ")}`;
  for (const [index, block] of letter.blocks.entries()) {
    if (block.type !== "image") continue;
    try {
      await readyImageOf(db, block.mediaId);
    } catch (error) {
      if (error instanceof MediaChoiceError) return `Blok ${index + 1} (Billede): ${error.message}`;
      throw error;
    }
  }
  return null;
}

/**
 * The pictures an image block may choose among: the library's newest ready ones, and those the letter has chosen
 * already when they are older than that (still ready), so a choice is never dropped by saving the rest.
 */
export async function libraryChoices(db: Database, blocks: readonly LetterBlock[]) {
  const newest = await choosableImages(db);
  const offered = new Set(newest.map((image) => image.id));
  const older = blocks.flatMap((block) =>
    block.type === "image" && block.mediaId && !offered.has(block.mediaId) ? [block.mediaId] : [],
  );
  const chosen = older.length
    ? await db
        .select({ id: mediaImages.id, image: mediaImages.image, originalName: mediaImages.originalName })
        .from(mediaImages)
        .where(and(inArray(mediaImages.id, older), eq(mediaImages.status, "ready"), isNotNull(mediaImages.image)))
    : [];
  return [...newest, ...chosen].flatMap(({ id, image, originalName }) => (image ? [{ id, image, originalName }] : []));
}
