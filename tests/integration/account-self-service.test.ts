import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayClaims, newsletterSubscribers, profiles, users } from "~/db/schema";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { holdDay } from "~/features/rental/holds.server";
import type { Auth } from "~/features/accounts/auth.server";
import type { MailMessage } from "~/features/email/mailer.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as myDetailsAction } from "~/routes/bruger";
import { loader as myDataLoader } from "~/routes/bruger.data";
import { cookieHeader, signUpUser } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

type Result = {
  data: { done?: string; formError?: string; fieldErrors?: Record<string, string[]> };
  init: { status?: number } | null;
};

describe.each(databaseKinds)("account self-service on %s", (kind) => {
  let database: TestDatabase;
  let auth: Auth;
  let sentMail: MailMessage[];
  let cookie = "";
  let userId = "";

  const submit = async (fields: Record<string, string>) => {
    try {
      return (await myDetailsAction(
        routeArgs("/bruger", {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: cookie },
          clientIp: "192.0.2.44",
        }),
      )) as unknown as Result;
    } catch (thrown) {
      return thrown as Response;
    }
  };
  const signIn = (password: string) =>
    auth.api.signInEmail({ body: { email: "mette@example.dk", password }, asResponse: true });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    ({ auth } = collaborators);
    sentMail = collaborators.mailer.sent;
    ({ id: userId, cookie } = await signUpUser(auth, {
      name: "Mette",
      email: "mette@example.dk",
      password: "Kajen-2026-sol",
    }));
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("changes the password only with the current one and a strong new one", async () => {
    const wrong = (await submit({
      intent: "change-password",
      currentPassword: "Forkert-kode-1",
      newPassword: "Ny-kode-ved-havnen-7",
    })) as Result;
    expect(wrong.data.fieldErrors?.currentPassword).toEqual(["Adgangskoden er forkert."]);
    const weak = (await submit({
      intent: "change-password",
      currentPassword: "Kajen-2026-sol",
      newPassword: "kort",
    })) as Result;
    expect(weak.data.fieldErrors?.newPassword).toContain("Adgangskoden skal have mindst 10 tegn.");

    const changed = (await submit({
      intent: "change-password",
      currentPassword: "Kajen-2026-sol",
      newPassword: "Ny-kode-ved-havnen-7",
    })) as Result;
    expect(changed.data.done).toMatch(/Din adgangskode er ændret/);
    expect((await signIn("Kajen-2026-sol")).status).toBe(401);
    const fresh = await signIn("Ny-kode-ved-havnen-7");
    expect(fresh.status).toBe(200);
    cookie = cookieHeader(fresh.headers.getSetCookie());
  });

  it("changes the e-mail once the link sent to the new address is opened, and the profile follows", async () => {
    const result = (await submit({ intent: "change-email", newEmail: "Mette.Ny@Example.dk" })) as Result;
    expect(result.data.done).toBe(
      "Vi har sendt et link til mette.ny@example.dk. Din e-mail skifter, når du åbner det.",
    );
    const mail = sentMail.at(-1)!;
    expect(mail.to).toBe("mette.ny@example.dk");
    const link = mail.text.match(/http:\/\/localhost\/\S+/)![0];
    await auth.handler(new Request(link, { headers: { Cookie: cookie } }));

    const [user] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const [profile] = await database.db
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    expect(user?.email).toBe("mette.ny@example.dk");
    expect(profile?.email).toBe("mette.ny@example.dk");
  });

  it("hands over all of the user's data as a JSON download", async () => {
    const response = await myDataLoader(routeArgs("/bruger/data", { headers: { Cookie: cookie } }));
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="mine-data.json"');
    const body = await response.json();
    expect(body.account).toMatchObject({ name: "Mette", email: "mette.ny@example.dk" });
    expect(body.profile).toMatchObject({ userId, email: "mette.ny@example.dk" });
    expect(body.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toMatch(/password|token/i);
  });

  it("deletes the account only with the password and the confirmation, and then everything is gone: each business's part too", async () => {
    // What the businesses hold of the account (decision 055): a day in the hall's basket, the newsletter by address.
    const held = addDays(todayInCopenhagen(), 40);
    expect((await holdDay(database.db, userId, held)).ok).toBe(true);
    await database.db.insert(newsletterSubscribers).values({
      email: "mette.ny@example.dk",
      status: "subscribed",
      unsubscribeToken: "afmeld-mette",
      source: "account",
      consentWording: "Ja tak, send mig nyhedsbrevet.",
    });
    const unconfirmed = (await submit({ intent: "delete-account", password: "Ny-kode-ved-havnen-7" })) as Result;
    expect(unconfirmed.data.fieldErrors?.confirm).toEqual(["Sæt kryds for at bekræfte, at kontoen skal slettes"]);
    const wrong = (await submit({ intent: "delete-account", password: "Forkert-kode-1", confirm: "ja" })) as Result;
    expect(wrong.data.fieldErrors?.password).toEqual(["Adgangskoden er forkert."]);
    expect(await database.db.select().from(users).where(eq(users.id, userId))).toHaveLength(1);

    const deleted = (await submit({
      intent: "delete-account",
      password: "Ny-kode-ved-havnen-7",
      confirm: "ja",
    })) as Response;
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/?konto=slettet");
    expect(await database.db.select().from(users).where(eq(users.id, userId))).toHaveLength(0);
    expect(await database.db.select().from(profiles).where(eq(profiles.userId, userId))).toHaveLength(0);
    // The hold would outlive the account without the hall's part: its user is set null, not deleted.
    expect(await database.db.select().from(dayClaims).where(eq(dayClaims.day, held))).toEqual([]);
    expect(
      await database.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, "mette.ny@example.dk")),
    ).toEqual([]);
  });
});
