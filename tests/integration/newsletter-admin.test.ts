import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  mediaImages,
  newsletterDeliveries,
  newsletterLetters,
  newsletterSettings,
  newsletterSubscribers,
} from "~/db/schema";
import type { LetterBlock } from "~/features/newsletter/letter";
import { blockFieldNames } from "~/features/newsletter/letter-form";
import { letterById, saveLetter, scheduleLetter } from "~/features/newsletter/letters.server";
import { startDueLetters } from "~/features/newsletter/sending.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { copenhagenDateTime, copenhagenInstant } from "~/lib/format";
import { action as letterAction, loader as letterLoader } from "~/routes/admin.nyhedsbrev.brev";
import { loader as exportLoader } from "~/routes/admin.nyhedsbrev.eksport";
import { action as overviewAction, loader as overviewLoader } from "~/routes/admin.nyhedsbrev";
import { testCollaborators, type TestCollaborators } from "../support/collaborators";
import { createSession, createUser } from "../support/factories";
import { callRoute } from "../support/route-call";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const DAY = 24 * 3_600_000;

/** The letter form's fields for a subject and blocks, as the page posts them, with the button pressed. */
function letterFields(subject: string, blocks: LetterBlock[], intent = "save") {
  const fields: Record<string, string> = { intent, emne: subject };
  blocks.forEach((block, index) => {
    const names = blockFieldNames(index);
    fields[names.type] = block.type;
    if (block.type === "text") fields[names.html] = block.html;
    if (block.type === "image") Object.assign(fields, { [names.mediaId]: block.mediaId, [names.alt]: block.alt });
    if (block.type === "button") Object.assign(fields, { [names.label]: block.label, [names.href]: block.href });
  });
  return fields;
}

describe.each(databaseKinds)("the newsletter's admin pages on %s", (kind) => {
  let database: TestDatabase;
  let collaborators: TestCollaborators;
  let cookie = "";
  let visitorCookie = "";
  const adminEmail = `chef-${kind}@havnescenen.dk`;
  let readyImage = "";
  let processingImage = "";

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    collaborators = testCollaborators(database, { env: { PUBLIC_URL: "https://havnescenen.dk" } });
    setCollaborators(collaborators);
    const admin = await createUser(database.db, { role: "admin", name: "Chef", email: adminEmail });
    cookie = await createSession(collaborators.auth, admin.id);
    const fan = await createUser(database.db, { name: "Fan" });
    visitorCookie = await createSession(collaborators.auth, fan.id);
    const [ready] = await database.db
      .insert(mediaImages)
      .values({
        originalName: "scenen.jpg",
        status: "ready",
        image: { key: "media/1-scenen.webp", width: 1600, height: 900, widths: [400, 800, 1600] },
      })
      .returning({ id: mediaImages.id });
    const [processing] = await database.db
      .insert(mediaImages)
      .values({ originalName: "halvfaerdig.jpg" })
      .returning({ id: mediaImages.id });
    readyImage = ready!.id;
    processingImage = processing!.id;
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  // Each test has the newsletter to itself: another's letters, subscribers, settings and mail are gone.
  beforeEach(async () => {
    await database.db.delete(newsletterLetters);
    await database.db.delete(newsletterSubscribers);
    await database.db.delete(newsletterSettings);
    collaborators.mailer.sent.length = 0;
  });

  async function subscriber(
    email: string,
    {
      name = null,
      status = "subscribed",
      at = new Date(),
    }: { name?: string | null; status?: "subscribed" | "pending" | "bouncing"; at?: Date } = {},
  ) {
    const [row] = await database.db
      .insert(newsletterSubscribers)
      .values({
        email,
        name,
        status,
        source: "page",
        consentWording: "Skriv dig op til nyhedsbrevet.",
        unsubscribeToken: randomBytes(16).toString("base64url"),
        requestedAt: at,
        confirmedAt: status === "pending" ? null : at,
      })
      .returning({ id: newsletterSubscribers.id });
    return row!.id;
  }

  async function draft(blocks: LetterBlock[] = [{ type: "text", html: "<p>Hej</p>" }, { type: "concerts" }]) {
    const saved = await saveLetter(database.db, { subject: "Forårets koncerter", blocks });
    if (!saved.ok) throw new Error("not saved");
    return saved.id;
  }

  const postLetter = (id: string, fields: Record<string, string>) =>
    callRoute(letterAction, `/admin/nyhedsbrev/breve/${id}`, { cookie, fields, params: { letterId: id } });
  const loadLetter = (id: string) =>
    callRoute(letterLoader, `/admin/nyhedsbrev/breve/${id}`, { cookie, params: { letterId: id } });
  const stored = async (id: string) => (await letterById(database.db, id))!;

  it("refuses a signed-in user who is not an admin", async () => {
    const page = await callRoute(overviewLoader, "/admin/nyhedsbrev", { cookie: visitorCookie });
    expect(page.status).toBe(403);
    const csv = await callRoute(exportLoader, "/admin/nyhedsbrev/abonnenter.csv", { cookie: visitorCookie });
    expect(csv.status).toBe(403);
  });

  it("exports every subscriber as CSV in Danish, Copenhagen times, and a formula made harmless", async () => {
    const summer = new Date("2026-07-01T08:00:00Z");
    await subscriber("lise@example.dk", { name: "Lise Berg", at: summer });
    await subscriber("formel@example.dk", { name: '=HYPERLINK("https://ond.example","klik")', at: summer });
    await subscriber("venter@example.dk", { status: "pending", at: summer });
    const answer = await callRoute(exportLoader, "/admin/nyhedsbrev/abonnenter.csv", { cookie });
    expect(answer.response?.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.response?.headers.get("Content-Disposition")).toMatch(/^attachment; filename="nyhedsbrev-/);
    const lines = (await answer.response!.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("E-mail;Navn;Status;Tilmeldt;Bekræftet;Kilde;Samtykketekst");
    expect(lines).toHaveLength(4);
    expect(lines).toContain(
      "lise@example.dk;Lise Berg;På listen;2026-07-01 10:00;2026-07-01 10:00;Nyhedsbrevssiden;Skriv dig op til nyhedsbrevet.",
    );
    expect(lines).toContain(
      "venter@example.dk;;Venter på bekræftelse;2026-07-01 10:00;;Nyhedsbrevssiden;Skriv dig op til nyhedsbrevet.",
    );
    const formula = lines.find((line) => line.startsWith("formel@example.dk"))!;
    expect(formula.split(";")[1]).toBe(`"'=HYPERLINK(""https://ond.example"",""klik"")"`);
  });

  it("counts, charts and searches the subscribers by a part of the address or the name", async () => {
    await subscriber("anna.holm@example.dk", { name: "Anna" });
    await subscriber("bo@firma.dk", { name: "Bo Holmgaard" });
    await subscriber("carl@example.dk", { status: "pending" });
    await subscriber("dorte@example.dk", { status: "bouncing" });
    await subscriber("100%_ikke@example.dk");
    const all = await callRoute(overviewLoader, "/admin/nyhedsbrev", { cookie });
    const page = all.body as unknown as Awaited<ReturnType<typeof overviewLoader>>;
    expect(page.counts).toMatchObject({ subscribed: 3, pending: 1, bouncing: 1 });
    expect(page.growth).toHaveLength(12);
    expect(page.growth.at(-1)).toMatchObject({ month: copenhagenDateTime(new Date()).date.slice(0, 7), joined: 4 });

    const found = (await callRoute(overviewLoader, "/admin/nyhedsbrev?q=HOLM", { cookie }))
      .body as unknown as typeof page;
    expect(found.subscribers.map((row) => row.email).sort()).toEqual(["anna.holm@example.dk", "bo@firma.dk"]);
    expect(found.total).toBe(2);
    const byPart = (await callRoute(overviewLoader, "/admin/nyhedsbrev?q=firma.d", { cookie }))
      .body as unknown as typeof page;
    expect(byPart.subscribers.map((row) => row.email)).toEqual(["bo@firma.dk"]);
    // The search's wildcards are taken as they are typed.
    const literal = (await callRoute(overviewLoader, "/admin/nyhedsbrev?q=%25_", { cookie }))
      .body as unknown as typeof page;
    expect(literal.subscribers.map((row) => row.email)).toEqual(["100%_ikke@example.dk"]);
  });

  it("removes a subscriber with their messages", async () => {
    const id = await subscriber("fjernes@example.dk");
    const kept = await subscriber("bliver@example.dk");
    const letter = await draft();
    await database.db.insert(newsletterDeliveries).values([
      { letterId: letter, subscriberId: id },
      { letterId: letter, subscriberId: kept },
    ]);
    const removed = await callRoute(overviewAction, "/admin/nyhedsbrev", { cookie, fields: { intent: "remove", id } });
    expect(removed.status).toBe(200);
    const left = await database.db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers);
    expect(left).toEqual([{ email: "bliver@example.dk" }]);
    const messages = await database.db.select().from(newsletterDeliveries);
    expect(messages.map((message) => message.subscriberId)).toEqual([kept]);
    const again = await callRoute(overviewAction, "/admin/nyhedsbrev", { cookie, fields: { intent: "remove", id } });
    expect(again.status).toBe(404);
  });

  it("writes a new letter as a draft with a text and the next concerts, and opens it", async () => {
    const created = await callRoute(overviewAction, "/admin/nyhedsbrev", { cookie, fields: { intent: "new-letter" } });
    expect(created.status).toBe(302);
    const id = created.response?.headers.get("Location")?.replace("/admin/nyhedsbrev/breve/", "") ?? "";
    const letter = await stored(id);
    expect(letter).toMatchObject({ status: "draft", blocks: [{ type: "text", html: "" }, { type: "concerts" }] });
    const page = await loadLetter(id);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ problems: [], letter: { status: "draft" } });
  });

  it("saves the letter's blocks: text made safe, a ready picture, a button to a path", async () => {
    const id = await draft();
    const blocks: LetterBlock[] = [
      { type: "text", html: "<p>Hej <b>alle</b><script>alert(1)</script></p>" },
      { type: "image", mediaId: readyImage, alt: "Scenen en sommeraften" },
      { type: "button", label: "Se programmet", href: "/koncerter" },
      { type: "concerts" },
    ];
    const saved = await postLetter(id, letterFields("  Sommer på kajen  ", blocks));
    expect(saved.status).toBe(200);
    const letter = await stored(id);
    expect(letter.subject).toBe("Sommer på kajen");
    expect(letter.blocks).toEqual([
      { type: "text", html: "<p>Hej <strong>alle</strong></p>" },
      { type: "image", mediaId: readyImage, alt: "Scenen en sommeraften" },
      { type: "button", label: "Se programmet", href: "/koncerter" },
      { type: "concerts" },
    ]);
  });

  it("refuses a letter with bad input with 400 and the fields' errors, and changes nothing", async () => {
    const id = await draft();
    const before = await stored(id);
    const good: LetterBlock[] = [{ type: "text", html: "<p>Hej</p>" }];
    const cases: [Record<string, string>, string][] = [
      [letterFields("", good), "emne"],
      [letterFields("x".repeat(151), good), "emne"],
      [letterFields("Brev", [{ type: "button", label: "Klik", href: "javascript:alert(1)" }]), "blok_0_adresse"],
      [letterFields("Brev", [{ type: "button", label: "Klik", href: "//ond.example/x" }]), "blok_0_adresse"],
      [letterFields("Brev", [{ type: "button", label: "x".repeat(61), href: "/" }]), "blok_0_knaptekst"],
      [letterFields("Brev", [{ type: "image", mediaId: randomUUID(), alt: "" }]), "blok_0_billede"],
      [letterFields("Brev", [{ type: "image", mediaId: processingImage, alt: "" }]), "blok_0_billede"],
      [letterFields("Brev", [{ type: "image", mediaId: readyImage, alt: "x".repeat(501) }]), "blok_0_alt"],
    ];
    for (const [fields, field] of cases) {
      const refused = await postLetter(id, fields);
      expect(refused.status, field).toBe(400);
      expect(refused.body?.fieldErrors?.[field]?.length, field).toBeGreaterThan(0);
    }
    const tooMany = Array.from({ length: 31 }, (): LetterBlock => ({ type: "concerts" }));
    const refused = await postLetter(id, letterFields("Brev", tooMany));
    expect(refused.status).toBe(400);
    expect((refused.body as { formError?: string }).formError).toBe("Et brev kan højst have 30 blokke");
    const after = await stored(id);
    expect({ subject: after.subject, blocks: after.blocks }).toEqual({
      subject: before.subject,
      blocks: before.blocks,
    });
  });

  it("adds, moves and removes blocks, saving the rest of the form with them", async () => {
    const id = await draft([{ type: "text", html: "<p>Først</p>" }, { type: "concerts" }]);
    const typed: LetterBlock[] = [{ type: "text", html: "<p>Rettet</p>" }, { type: "concerts" }];
    expect((await postLetter(id, letterFields("Brev", typed, "add-image"))).status).toBe(200);
    expect((await stored(id)).blocks).toEqual([...typed, { type: "image", mediaId: "", alt: "" }]);

    const three = (await stored(id)).blocks;
    await postLetter(id, letterFields("Brev", three, "up-2"));
    expect((await stored(id)).blocks.map((block) => block.type)).toEqual(["text", "image", "concerts"]);
    await postLetter(id, letterFields("Brev", (await stored(id)).blocks, "down-0"));
    expect((await stored(id)).blocks.map((block) => block.type)).toEqual(["image", "text", "concerts"]);
    await postLetter(id, letterFields("Brev", (await stored(id)).blocks, "remove-0"));
    expect((await stored(id)).blocks).toEqual(typed);

    const full = Array.from({ length: 30 }, (): LetterBlock => ({ type: "concerts" }));
    await postLetter(id, letterFields("Brev", full));
    const refused = await postLetter(id, letterFields("Brev", full, "add-text"));
    expect(refused.status).toBe(400);
    expect((await stored(id)).blocks).toHaveLength(30);
  });

  it("previews the letter as it goes out and sends a test to the admin with the unsubscribe headers", async () => {
    const id = await draft([
      { type: "text", html: '<p>Læs <a href="/koncerter">programmet</a></p>' },
      { type: "button", label: "", href: "" },
    ]);
    const page = (await loadLetter(id)).body as unknown as Awaited<ReturnType<typeof letterLoader>>;
    expect(page.previewHtml).toContain('href="https://havnescenen.dk/koncerter"');
    expect(page.previewHtml).toContain("https://havnescenen.dk/nyhedsbrev/afmeld/proevebrev");
    expect(page.problems).toEqual(["Blok 2 (Knap med link): skriv knappens tekst."]);

    const tested = await postLetter(id, { intent: "test" });
    expect(tested.status).toBe(200);
    expect(collaborators.mailer.sent).toHaveLength(1);
    const [mail] = collaborators.mailer.sent;
    expect(mail).toMatchObject({ to: adminEmail, subject: "[Test] Forårets koncerter" });
    expect(mail!.headers).toMatchObject({
      "List-Unsubscribe": "<https://havnescenen.dk/nyhedsbrev/afmeld/proevebrev>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail!.html).toContain("programmet");
    // A test is no send: nobody else got it, and the letter is still a draft.
    expect((await stored(id)).status).toBe("draft");
  });

  it("sends now only a complete letter", async () => {
    await subscriber("en@example.dk");
    const unfinished = await draft([{ type: "image", mediaId: "", alt: "" }]);
    const refused = await postLetter(unfinished, { intent: "send-now" });
    expect(refused.status).toBe(409);
    expect((await stored(unfinished)).status).toBe("draft");

    const id = await draft();
    const before = Date.now();
    const sent = await postLetter(id, { intent: "send-now" });
    expect(sent.status).toBe(200);
    const letter = await stored(id);
    expect(letter.status).toBe("scheduled");
    expect(letter.sendAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(letter.sendAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("schedules a chosen Copenhagen time ahead, refuses one gone, and can be put back to draft", async () => {
    const id = await draft();
    const yesterday = copenhagenDateTime(new Date(Date.now() - DAY)).date;
    const past = await postLetter(id, { intent: "schedule", dato: yesterday, tid: "10:00" });
    expect(past.status).toBe(400);
    expect(past.body?.fieldErrors?.tid).toEqual(["Tidspunktet er gået. Vælg et tidspunkt frem i tiden."]);
    expect(await stored(id)).toMatchObject({ status: "draft", sendAt: null });
    const nonsense = await postLetter(id, { intent: "schedule", dato: "2027-02-30", tid: "10:00" });
    expect(nonsense.status).toBe(400);

    const later = copenhagenDateTime(new Date(Date.now() + 3 * DAY)).date;
    expect((await postLetter(id, { intent: "schedule", dato: later, tid: "10:00" })).status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: "scheduled", sendAt: copenhagenInstant(later, "10:00") });

    expect((await postLetter(id, { intent: "unschedule" })).status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: "draft", sendAt: null });
  });

  it("shows the send's progress from the queue, read-only, and puts the failed back", async () => {
    const ids = await Promise.all(["a", "b", "c", "d"].map((name) => subscriber(`${name}@example.dk`)));
    const id = await draft();
    expect(await scheduleLetter(database.db, id, new Date(Date.now() - 1000))).toBe(true);
    await startDueLetters({ db: database.db, publicUrl: "https://havnescenen.dk" });
    const [first, second, third] = ids;
    await database.db
      .update(newsletterDeliveries)
      .set({ status: "sent" })
      .where(eq(newsletterDeliveries.subscriberId, first!));
    await database.db
      .update(newsletterDeliveries)
      .set({ status: "sent" })
      .where(eq(newsletterDeliveries.subscriberId, second!));
    await database.db
      .update(newsletterDeliveries)
      .set({ status: "failed" })
      .where(eq(newsletterDeliveries.subscriberId, third!));

    const page = (await loadLetter(id)).body as unknown as Awaited<ReturnType<typeof letterLoader>>;
    expect(page.letter.status).toBe("sending");
    expect(page.progress).toEqual({ sent: 2, waiting: 1, failed: 1, skipped: 0 });
    expect(page.blocks).toEqual([]);
    expect(page.previewHtml).toContain("Forårets koncerter");

    const changed = await postLetter(id, letterFields("Noget andet", [{ type: "concerts" }]));
    expect(changed.status).toBe(409);
    expect((await stored(id)).subject).toBe("Forårets koncerter");
    expect((await postLetter(id, { intent: "send-now" })).status).toBe(409);

    expect((await postLetter(id, { intent: "retry" })).status).toBe(200);
    const after = (await loadLetter(id)).body as unknown as typeof page;
    expect(after.progress).toEqual({ sent: 2, waiting: 2, failed: 0, skipped: 0 });
  });

  it("deletes a draft, but never a letter that went out", async () => {
    const id = await draft();
    const deleted = await postLetter(id, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(await letterById(database.db, id)).toBeNull();
    expect((await loadLetter(id)).status).toBe(404);
  });

  it("saves the send rate within 1–500 and the monthly digest", async () => {
    const save = (hastighed: string, digest = false) =>
      callRoute(overviewAction, "/admin/nyhedsbrev", {
        cookie,
        fields: { intent: "settings", hastighed, ...(digest ? { maanedsbrev: "ja" } : {}) },
      });
    const rate = async () =>
      (await database.db.select().from(newsletterSettings).where(eq(newsletterSettings.id, 1)))[0] ?? null;
    for (const bad of ["0", "501", "2.5", "mange", ""]) {
      const refused = await save(bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body?.fieldErrors?.hastighed, bad).toEqual(["Skriv et helt tal fra 1 til 500"]);
    }
    expect(await rate()).toBeNull();
    expect((await save("500", true)).status).toBe(200);
    expect(await rate()).toMatchObject({ messagesPerSecond: 500, monthlyDigest: true });
    expect((await save("1")).status).toBe(200);
    expect(await rate()).toMatchObject({ messagesPerSecond: 1, monthlyDigest: false });
    const page = (await callRoute(overviewLoader, "/admin/nyhedsbrev", { cookie })).body as unknown as Awaited<
      ReturnType<typeof overviewLoader>
    >;
    expect(page.settings).toEqual({ messagesPerSecond: 1, monthlyDigest: false });
  });
});
