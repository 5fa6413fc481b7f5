import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers, orders, users } from "~/db/schema";
import { exportUserData } from "~/features/accounts/data-export.server";
import { scheduleLetter, saveLetter } from "~/features/newsletter/letters.server";
import { consentWordings } from "~/features/newsletter/rules";
import { startDueLetters } from "~/features/newsletter/sending.server";
import { forgetStaleSubscribers, requestSubscription } from "~/features/newsletter/subscription.server";
import { ticketBuyerData } from "~/features/tickets/buyer-data.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { loader as authApiLoader } from "~/routes/api.auth";
import { action as myDetailsAction } from "~/routes/bruger";
import { action as buyAction } from "~/routes/koncerter.event-billetter";
import { action as loginAction } from "~/routes/login";
import { action as signUpAction } from "~/routes/nyhedsbrev";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/nyhedsbrev.afmeld";
import { loader as archiveLoader } from "~/routes/nyhedsbrev.arkiv";
import { loader as letterLoader } from "~/routes/nyhedsbrev.arkiv.brev";
import { action as confirmAction, loader as confirmLoader } from "~/routes/nyhedsbrev.bekraeft";
import { signUpUser } from "../support/accounts";
import { testCollaborators, type TestCollaborators } from "../support/collaborators";
import { createConcertOnSale, createSession, createUser } from "../support/factories";
import { routeArgs } from "../support/route-args";
import { callRoute } from "../support/route-call";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const DAY = 24 * 60 * 60 * 1000;
const CONFIRM_SUBJECT = /^Bekræft din tilmelding til nyhedsbrevet/;

/** What a loader or action answered with `data(…)`: the body, and the status and headers it set. */
type Answered = { data: Record<string, unknown>; init: { status?: number; headers?: Record<string, string> } | null };

describe.each(databaseKinds)("the newsletter's public side on %s", (kind) => {
  let database: TestDatabase;
  let collaborators: TestCollaborators;
  const deps = () => ({ db: database.db, mailer: collaborators.mailer, publicUrl: collaborators.config.PUBLIC_URL });

  /** Addresses and client addresses no other test uses, so no test meets another's rows or limits. */
  let counter = 0;
  const fanEmail = (label: string) => `${label}-${++counter}-${kind}@example.dk`;
  const freshClient = () => `203.0.${Math.floor(++counter / 250)}.${(counter % 250) + 1}`;

  const signUp = (fields: Record<string, string>, clientIp = freshClient()) =>
    callRoute((args) => signUpAction({ ...args, context: routeArgs("/", { clientIp }).context }), "/nyhedsbrev", {
      cookie: "",
      fields,
    });
  const mailsTo = (email: string, subject = CONFIRM_SUBJECT) =>
    collaborators.mailer.sent.filter((mail) => mail.to === email && subject.test(mail.subject));
  const confirmTokenIn = (email: string) =>
    /\/nyhedsbrev\/bekraeft\/([A-Za-z0-9_-]+)/.exec(mailsTo(email).at(-1)?.text ?? "")?.[1] ?? "";
  const rowOf = async (email: string) =>
    (await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
  const confirmPage = (token: string) =>
    confirmLoader(routeArgs(`/nyhedsbrev/bekraeft/${token}`, { params: { token } })) as Promise<Answered>;
  /** The confirmation page's button. */
  const confirm = (token: string) =>
    confirmAction(
      routeArgs(`/nyhedsbrev/bekraeft/${token}`, { method: "POST", params: { token } }),
    ) as Promise<Answered>;
  const unsubscribePage = (token: string) =>
    unsubscribeLoader(routeArgs(`/nyhedsbrev/afmeld/${token}`, { params: { token } })) as Promise<Answered>;
  const unsubscribePost = (token: string, body = "") =>
    unsubscribeAction(
      routeArgs(`/nyhedsbrev/afmeld/${token}`, {
        method: "POST",
        params: { token },
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      }),
    ) as Promise<Answered>;
  /** An address on the list: signed up through the form and confirmed through its mail's link. */
  const subscribed = async (label: string) => {
    const email = fanEmail(label);
    await signUp({ email });
    expect((await confirm(confirmTokenIn(email))).data).toEqual({ state: "confirmed" });
    return (await rowOf(email))!;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    collaborators = testCollaborators(database, { env: { DEMO_PAYMENTS: "true" } });
    setCollaborators(collaborators);
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  describe("signing up and confirming", () => {
    it("mails one confirmation whose link puts the address on the list with the wording it agreed to", async () => {
      const email = fanEmail("mette");
      const before = new Date();
      const answer = await signUp({ email: `  ${email.toUpperCase()} `, name: " Mette ", kilde: "footer" });
      expect(answer).toMatchObject({ status: 200, body: { done: true, email } });
      expect(mailsTo(email)).toHaveLength(1);
      expect(await rowOf(email)).toMatchObject({ status: "pending", confirmedAt: null, name: "Mette" });

      const token = confirmTokenIn(email);
      // Opening the link only asks (mail scanners open links too): the address is not on the list yet.
      expect(await confirmPage(token)).toMatchObject({ data: { state: "ask" }, init: { status: 200 } });
      expect(await rowOf(email)).toMatchObject({ status: "pending", confirmedAt: null });
      const confirmed = await confirm(token);
      expect(confirmed.data).toEqual({ state: "confirmed" });
      // Never kept by the page cache, and the secret address never leaves the site.
      expect(confirmed.init?.headers).toMatchObject({
        "Cache-Control": "private, no-store",
        "Referrer-Policy": "same-origin",
      });
      const row = (await rowOf(email))!;
      expect(row).toMatchObject({
        status: "subscribed",
        source: "footer",
        consentWording: consentWordings.footer,
        confirmToken: null,
      });
      expect(row.confirmedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
      expect(row.requestedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());

      // The link is used: a second opening shows the clear page, 404, and changes nothing.
      const again = await confirm(token);
      expect(again).toMatchObject({ data: { state: "unknown" }, init: { status: 404 } });
      expect((await rowOf(email))!.confirmedAt).toEqual(row.confirmedAt);
    });

    it("keeps the page's own wording when the page's form is used (the default place)", async () => {
      const email = fanEmail("side");
      await signUp({ email });
      await confirm(confirmTokenIn(email));
      expect(await rowOf(email)).toMatchObject({ source: "page", consentWording: consentWordings.page });
    });

    it("answers an address on the list exactly as a new one, and mails it nothing", async () => {
      const row = await subscribed("paa-listen");
      const mailsBefore = collaborators.mailer.sent.length;
      const answer = await signUp({ email: row.email, name: "Nyt Navn" });
      expect(answer).toMatchObject({ status: 200, body: { done: true, email: row.email } });
      expect(collaborators.mailer.sent.length).toBe(mailsBefore);
      expect(await rowOf(row.email)).toEqual(row);
    });

    it("refuses bad input with Danish messages and 400, and writes nothing", async () => {
      const email = fanEmail("forkert");
      const cases: [Record<string, string>, string, string][] = [
        [{ email: "ikke-en-adresse" }, "email", "Skriv en gyldig e-mailadresse"],
        [{ email: `${"a".repeat(250)}@example.dk` }, "email", "E-mailadressen er for lang"],
        [{ email, name: "N".repeat(101) }, "name", "Navnet må højst have 100 tegn"],
        [{ email, kilde: "tickets" }, "kilde", "Ukendt tilmeldingssted"],
        [{}, "email", "Feltet skal udfyldes"],
      ];
      for (const [fields, field, message] of cases) {
        const answer = await signUp(fields);
        expect(answer.status, JSON.stringify(fields)).toBe(400);
        expect(answer.body?.fieldErrors?.[field]).toEqual([message]);
      }
      expect(await rowOf(email)).toBeUndefined();
      expect(mailsTo(email)).toHaveLength(0);
    });

    it("refuses the eleventh sign-up from one client address within the hour with 429, and mails nothing", async () => {
      const client = freshClient();
      for (let index = 0; index < 10; index++) {
        expect((await signUp({ email: fanEmail("husstand") }, client)).status).toBe(200);
      }
      const eleventh = fanEmail("husstand");
      const refused = await signUp({ email: eleventh }, client);
      expect(refused.status).toBe(429);
      expect((refused.body as { formError?: string }).formError).toMatch(/mange tilmeldinger fra din forbindelse/);
      expect(await rowOf(eleventh)).toBeUndefined();
      expect(mailsTo(eleventh)).toHaveLength(0);
      // Another client is not held back by it.
      expect((await signUp({ email: eleventh })).status).toBe(200);
      expect(mailsTo(eleventh)).toHaveLength(1);
    });

    it("answers a fourth sign-up of one address within the hour as always, and mails nothing", async () => {
      const email = fanEmail("oversvoemmet");
      // Each time the last confirmation is older than the resend pause, so only the address's own limit holds.
      const askLongAgo = () =>
        database.db
          .update(newsletterSubscribers)
          .set({ requestedAt: new Date(Date.now() - 60 * 60 * 1000) })
          .where(eq(newsletterSubscribers.email, email));
      for (let time = 1; time <= 3; time++) {
        expect(await signUp({ email })).toMatchObject({ status: 200, body: { done: true, email } });
        expect(mailsTo(email)).toHaveLength(time);
        await askLongAgo();
      }
      expect(await signUp({ email })).toMatchObject({ status: 200, body: { done: true, email } });
      expect(mailsTo(email)).toHaveLength(3);
    });

    it("shows a clear 404 page for a made-up link, and for one over 30 days old", async () => {
      expect(await confirm("findes-ikke-0123456789")).toMatchObject({
        data: { state: "unknown" },
        init: { status: 404, headers: { "Cache-Control": "private, no-store" } },
      });
      const email = fanEmail("gammel");
      await requestSubscription(deps(), { email, source: "page" }, new Date(Date.now() - 31 * DAY));
      expect(await confirmPage(confirmTokenIn(email))).toMatchObject({
        data: { state: "unknown" },
        init: { status: 404 },
      });
      expect(await confirm(confirmTokenIn(email))).toMatchObject({ init: { status: 404 } });
      expect((await rowOf(email))!.status).toBe("pending");
    });

    it("forgets an address never confirmed 30 days after it asked, and keeps the confirmed and the recent", async () => {
      const stale = fanEmail("glemt");
      const recent = fanEmail("ny");
      await requestSubscription(deps(), { email: stale, source: "page" }, new Date(Date.now() - 31 * DAY));
      await signUp({ email: recent });
      const kept = await subscribed("bekraeftet");
      expect(await forgetStaleSubscribers(database.db)).toBeGreaterThanOrEqual(1);
      expect(await rowOf(stale)).toBeUndefined();
      expect((await rowOf(recent))!.status).toBe("pending");
      expect((await rowOf(kept.email))!.status).toBe("subscribed");
    });
  });

  describe("unsubscribing", () => {
    it("shows the address masked and changes nothing on opening the link", async () => {
      const row = await subscribed("kigger");
      const page = await unsubscribePage(row.unsubscribeToken);
      expect(page.data).toEqual({ found: true, email: `${row.email[0]}…@example.dk`, off: false });
      expect(page.init?.headers).toMatchObject({
        "Cache-Control": "private, no-store",
        "Referrer-Policy": "same-origin",
      });
      expect(await rowOf(row.email)).toEqual(row);
    });

    it("takes the address off the list by the page's button, and a second press is fine", async () => {
      const row = await subscribed("knap");
      expect(await unsubscribePost(row.unsubscribeToken)).toMatchObject({
        data: { left: true },
        init: { status: 200 },
      });
      expect(await rowOf(row.email)).toMatchObject({ status: "unsubscribed" });
      expect((await unsubscribePage(row.unsubscribeToken)).data).toMatchObject({ found: true, off: true });
      expect((await unsubscribePost(row.unsubscribeToken)).data).toEqual({ left: true });
    });

    it("takes the address off the list by the mail client's one-click POST, without cookies or Origin", async () => {
      const row = await subscribed("et-klik");
      const answer = await unsubscribePost(row.unsubscribeToken, "List-Unsubscribe=One-Click");
      expect(answer).toMatchObject({ data: { left: true }, init: { status: 200 } });
      expect((await rowOf(row.email))!.unsubscribedAt).toBeInstanceOf(Date);
    });

    it("answers an unknown link with 404, on the page and the POST", async () => {
      expect(await unsubscribePage("findes-ikke-0123456789")).toMatchObject({
        data: { found: false },
        init: { status: 404 },
      });
      expect(await unsubscribePost("findes-ikke-0123456789")).toMatchObject({
        data: { left: false },
        init: { status: 404 },
      });
    });

    it("takes the double opt-in again to come back", async () => {
      const row = await subscribed("tilbage");
      await unsubscribePost(row.unsubscribeToken);
      const mailsBefore = mailsTo(row.email).length;
      expect(await signUp({ email: row.email })).toMatchObject({ status: 200, body: { done: true } });
      expect(mailsTo(row.email)).toHaveLength(mailsBefore + 1);
      expect(await rowOf(row.email)).toMatchObject({ status: "pending", confirmedAt: null, unsubscribedAt: null });
      await confirm(confirmTokenIn(row.email));
      expect((await rowOf(row.email))!.status).toBe("subscribed");
    });
  });

  it("shows a sent letter in the archive without anything of its recipients", async () => {
    const fan = await subscribed("modtager");
    const saved = await saveLetter(database.db, {
      subject: "Forår ved havnen",
      blocks: [
        { type: "text", html: '<p>Se <a href="/koncerter">programmet</a> for foråret.</p>' },
        { type: "concerts" },
        { type: "button", label: "Til koncerterne", href: "/koncerter" },
      ],
    });
    if (!saved.ok) throw new Error("not saved");
    expect(await scheduleLetter(database.db, saved.id, new Date(Date.now() - 1000))).toBe(true);
    expect(await startDueLetters({ db: database.db, publicUrl: collaborators.config.PUBLIC_URL })).toBe(1);

    const list = await archiveLoader();
    expect(list.letters).toContainEqual({ id: saved.id, subject: "Forår ved havnen", sentOn: expect.any(String) });
    const letter = await letterLoader(routeArgs(`/nyhedsbrev/arkiv/${saved.id}`, { params: { letterId: saved.id } }));
    expect(letter.subject).toBe("Forår ved havnen");
    expect(letter.sentOn).toMatch(/^\d{1,2}\. [a-zæøå]+ \d{4}$/);
    // The site's own links are paths again on the site.
    expect(letter.blocks).toContainEqual({ type: "button", label: "Til koncerterne", href: "/koncerter" });
    expect(JSON.stringify(letter.blocks)).toContain('"href":"/koncerter"');
    const shown = JSON.stringify({ list, letter });
    expect(shown).not.toContain(fan.email);
    expect(shown).not.toContain(fan.unsubscribeToken);
    expect(shown).not.toContain("/nyhedsbrev/afmeld");
  });

  it("answers 404 for a letter that is a draft, unknown, or no id at all", async () => {
    const draft = await saveLetter(database.db, { subject: "Kladde", blocks: [] });
    if (!draft.ok) throw new Error("not saved");
    for (const letterId of [draft.id, "00000000-0000-4000-8000-000000000000", "ikke-et-id"]) {
      const answer = await callRoute(letterLoader, `/nyhedsbrev/arkiv/${letterId}`, {
        cookie: "",
        params: { letterId },
      });
      expect(answer.status, letterId).toBe(404);
    }
    expect((await archiveLoader()).letters.map((letter) => letter.id)).not.toContain(draft.id);
  });

  describe("an account's sign-up", () => {
    const password = "Kajen-2026-sol";
    const signUpAccount = (fields: Record<string, string>) =>
      loginAction(
        routeArgs("/login", {
          method: "POST",
          body: new URLSearchParams({ intent: "sign-up", password, ...fields }),
          clientIp: freshClient(),
        }),
      );
    const verifyAccount = async (email: string) => {
      const mail = mailsTo(email, /^Bekræft din e-mailadresse$/).at(-1);
      const link = /http:\/\/localhost\/api\/auth\/verify-email\?token=\S+/.exec(mail?.text ?? "")![0];
      expect(((await authApiLoader(routeArgs(link))) as Response).status).toBe(302);
    };

    it("confirms the ticked newsletter when the account's own verification link is opened, with no mail of its own", async () => {
      const email = fanEmail("konto");
      await signUpAccount({ name: "Konto Fan", email, nyhedsbrev: "ja" });
      expect(mailsTo(email)).toHaveLength(0);
      expect(await rowOf(email)).toMatchObject({ status: "pending", source: "account", confirmToken: null });
      // Whoever opens the account's link is told it confirms the newsletter too.
      const verification = mailsTo(email, /^Bekræft din e-mailadresse$/).at(-1)!;
      expect(verification.text).toContain("Du har også bedt om nyhedsbrevet");

      await verifyAccount(email);
      expect(mailsTo(email)).toHaveLength(0);
      const row = (await rowOf(email))!;
      expect(row).toMatchObject({ status: "subscribed", consentWording: consentWordings.account, name: "Konto Fan" });
      expect(row.confirmedAt).toBeInstanceOf(Date);
    });

    it("leaves the newsletter out when the box is not ticked", async () => {
      const email = fanEmail("uden");
      await signUpAccount({ name: "Uden Brev", email });
      expect(mailsTo(email, /^Bekræft din e-mailadresse$/).at(-1)!.text).not.toContain("nyhedsbrev");
      await verifyAccount(email);
      expect(await rowOf(email)).toBeUndefined();
    });

    it("mails the newsletter's own confirmation when the address already had an account", async () => {
      const { email } = await createUser(database.db, { email: fanEmail("har-konto") });
      await signUpAccount({ name: "Nogen Andre", email, nyhedsbrev: "ja" });
      expect(mailsTo(email)).toHaveLength(1);
      expect(await rowOf(email)).toMatchObject({ status: "pending", source: "account" });
      expect((await rowOf(email))!.confirmToken).not.toBeNull();
    });

    it("hands the subscription over in the account's data export, and the account's deletion forgets it", async () => {
      const email = fanEmail("eksport");
      const { id, cookie } = await signUpUser(collaborators.auth, { name: "Eksport", email, password });
      await requestSubscription(deps(), { email, source: "account", verified: true });
      const exported = await exportUserData(
        database.db,
        id,
        collaborators.config.PUBLIC_URL,
        collaborators.accountParts,
      );
      expect(exported.newsletter).toMatchObject({
        email,
        status: "subscribed",
        source: "account",
        consentWording: consentWordings.account,
      });
      expect(JSON.stringify(exported)).not.toContain((await rowOf(email))!.unsubscribeToken);

      const deleted = await myDetailsAction(
        routeArgs("/bruger", {
          method: "POST",
          body: new URLSearchParams({ intent: "delete-account", password, confirm: "ja" }),
          headers: { Cookie: cookie },
          clientIp: freshClient(),
        }),
      ).catch((thrown: unknown) => thrown as Response);
      expect((deleted as Response).status).toBe(302);
      expect(await database.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
      expect(await rowOf(email)).toBeUndefined();
    });
  });

  describe("the ticket purchase's box", () => {
    /** A concert a week ahead with an open sale of Ordinær tickets. */
    const concertWithSale = () =>
      createConcertOnSale(database.db, {
        title: `Nyhedsbrevskoncert ${++counter}`,
        startsAt: new Date(Date.now() + 7 * DAY),
      });
    const buy = async (buyer: { email: string; nyhedsbrev?: string }, cookie = "") => {
      const { eventId, ordinary } = await concertWithSale();
      const fields = { [`antal-${ordinary}`]: "1", navn: "Billet Fan", vilkaar: "ja", ...buyer };
      return callRoute(buyAction, `/koncerter/${eventId}/billetter`, { cookie, params: { eventId }, fields });
    };
    const ordersOf = (email: string) => database.db.select().from(orders).where(eq(orders.bookerEmail, email));

    it("mails the confirmation to a buyer who ticks it without an account", async () => {
      const email = fanEmail("koeber");
      expect((await buy({ email, nyhedsbrev: "ja" })).status).toBe(302);
      expect(mailsTo(email)).toHaveLength(1);
      expect(await rowOf(email)).toMatchObject({
        status: "pending",
        source: "tickets",
        consentWording: consentWordings.tickets,
        name: "Billet Fan",
      });
      const data = await ticketBuyerData(database.db, email, collaborators.config.PUBLIC_URL);
      expect(data.newsletter).toMatchObject({ email, status: "pending", source: "tickets" });
    });

    it("puts a signed-in buyer's own verified address on the list at once, with no mail", async () => {
      const user = await createUser(database.db, { email: fanEmail("medlem"), emailVerified: true });
      const cookie = await createSession(collaborators.auth, user.id);
      expect((await buy({ email: user.email, nyhedsbrev: "ja" }, cookie)).status).toBe(302);
      expect(mailsTo(user.email)).toHaveLength(0);
      expect(await rowOf(user.email)).toMatchObject({ status: "subscribed", source: "tickets" });
    });

    it("asks for the confirmation when a signed-in buyer types another address, or has not verified their own", async () => {
      const member = await createUser(database.db, { email: fanEmail("medlem"), emailVerified: true });
      const other = fanEmail("gave");
      await buy({ email: other, nyhedsbrev: "ja" }, await createSession(collaborators.auth, member.id));
      expect(await rowOf(other)).toMatchObject({ status: "pending" });
      expect(mailsTo(other)).toHaveLength(1);

      const unverified = await createUser(database.db, { email: fanEmail("ubekraeftet"), emailVerified: false });
      await buy({ email: unverified.email, nyhedsbrev: "ja" }, await createSession(collaborators.auth, unverified.id));
      expect(await rowOf(unverified.email)).toMatchObject({ status: "pending" });
    });

    it("leaves the newsletter out when the box is not ticked", async () => {
      const email = fanEmail("uafkrydset");
      expect((await buy({ email })).status).toBe(302);
      expect(await ordersOf(email)).toHaveLength(1);
      expect(await rowOf(email)).toBeUndefined();
      expect(mailsTo(email)).toHaveLength(0);
    });

    it("never lets a failing newsletter stand in the way of the purchase", async () => {
      const email = fanEmail("uheldig");
      const send = collaborators.mailer.send;
      collaborators.mailer.send = () => Promise.reject(new Error("the mail outbox is down"));
      try {
        const bought = await buy({ email, nyhedsbrev: "ja" });
        expect(bought.status).toBe(302);
      } finally {
        collaborators.mailer.send = send;
      }
      expect(await ordersOf(email)).toEqual([expect.objectContaining({ status: "pending", bookerEmail: email })]);
    });
  });
});
