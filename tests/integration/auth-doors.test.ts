import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { ensureAdmin } from "~/features/accounts/bootstrap-admin.server";
import type { Auth } from "~/features/accounts/auth.server";
import type { MailMessage } from "~/features/email/mailer.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { loader as rootLoader } from "~/root";
import { loader as authApiLoader } from "~/routes/api.auth";
import { action as myDetailsAction } from "~/routes/bruger";
import { action as forgotPasswordAction } from "~/routes/glemt-adgangskode";
import { action as signInWithCodeAction } from "~/routes/login.kode";
import { action as loginAction } from "~/routes/login";
import { action as resetPasswordAction } from "~/routes/nulstil-adgangskode";
import { callAuthApi, cookieHeader, freshClientAddress, signUpUser } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const password = "Kajen-2026-sol";
const tooManyAttempts = "For mange forsøg. Vent et minut, og prøv igen.";

type FormAction = (args: ReturnType<typeof routeArgs>) => Promise<unknown>;
interface Answer {
  status: number;
  data?: Record<string, unknown>;
  location?: string | null;
  setCookies: string[];
}

/** Posts a form to a route action as a browser would, and says what came back, returned or thrown. */
async function submit(
  action: FormAction,
  path: string,
  fields: Record<string, string>,
  { cookie, clientIp = freshClientAddress() }: { cookie?: string; clientIp?: string } = {},
): Promise<Answer> {
  let result: unknown;
  try {
    result = await action(
      routeArgs(path, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: cookie ? { Cookie: cookie } : undefined,
        clientIp,
      }),
    );
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get("Location"),
      setCookies: result.headers.getSetCookie(),
    };
  }
  if (typeof result === "object" && result !== null && "init" in result && "data" in result) {
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, data, setCookies: new Headers(init?.headers).getSetCookie() };
  }
  return { status: 200, data: result as Record<string, unknown>, setCookies: [] };
}

async function apiAnswer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The JSON of a value with the values that differ between any two accounts (id, e-mail, times) masked. */
function maskedJson(value: unknown) {
  const varying = new Set(["id", "email", "createdAt", "updatedAt"]);
  return JSON.stringify(value, (key, inner: unknown) => (varying.has(key) ? "•" : inner));
}

function linkIn(mail: MailMessage | undefined) {
  const link = mail?.text.match(/http:\/\/localhost\/\S+/)?.[0];
  if (!link) throw new Error(`No link in the e-mail "${mail?.subject}"`);
  return link;
}

describe.each(databaseKinds)("one answer through the forms and /api/auth on %s", (kind) => {
  let database: TestDatabase;
  let auth: Auth;
  let sentMail: MailMessage[];
  const mailTo = (address: string) => sentMail.filter((mail) => mail.to === address);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    ({ auth } = collaborators);
    sentMail = collaborators.mailer.sent;
    for (const [name, email] of [
      ["Mette", "mette@example.dk"],
      ["Maal", "maal@example.dk"],
      ["Jonas", "jonas@example.dk"],
      ["Kode", "kode@example.dk"],
      ["Glemsom", "glemsom@example.dk"],
    ]) {
      await signUpUser(auth, { name: name!, email: email!, password });
    }
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  describe("limits per e-mail address", () => {
    it("refuses the right password through /api/auth after 25 wrong ones from 25 addresses", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 25; attempt++) {
        const response = await callAuthApi("/sign-in/email", { email: "maal@example.dk", password: "Forkert-kode-99" });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array(10).fill(401), ...Array(15).fill(429)]);
      const right = await apiAnswer(await callAuthApi("/sign-in/email", { email: "maal@example.dk", password }));
      expect(right).toMatchObject({ status: 429, body: { message: tooManyAttempts } });
    });

    it("counts sign-ins at both doors together and refuses them in the same Danish", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const wrong = { email: "jonas@example.dk", password: "Forkert-kode-99" };
        statuses.push((await submit(loginAction, "/login", { intent: "sign-in", ...wrong })).status);
        statuses.push((await callAuthApi("/sign-in/email", wrong)).status);
      }
      expect(statuses).toEqual([400, 401, 400, 401, 400, 401, 400, 401, 400, 401]);

      const form = await submit(loginAction, "/login", { intent: "sign-in", email: "jonas@example.dk", password });
      expect(form).toMatchObject({ status: 429, data: { formError: tooManyAttempts } });
      const api = await apiAnswer(await callAuthApi("/sign-in/email", { email: "Jonas@Example.dk", password }));
      expect(api).toMatchObject({ status: 429, body: { message: tooManyAttempts } });
    });

    it("refuses the 6th sign-in code for one e-mail in a minute, at either door", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        statuses.push(
          (await callAuthApi("/email-otp/send-verification-otp", { email: "kode@example.dk", type: "sign-in" })).status,
        );
      }
      for (let attempt = 0; attempt < 2; attempt++) {
        statuses.push(
          (await submit(signInWithCodeAction, "/login/kode", { intent: "send", email: "kode@example.dk" })).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200]);

      const api = await apiAnswer(
        await callAuthApi("/email-otp/send-verification-otp", { email: "kode@example.dk", type: "sign-in" }),
      );
      expect(api).toMatchObject({ status: 429, body: { message: tooManyAttempts } });
      const form = await submit(signInWithCodeAction, "/login/kode", { intent: "send", email: "kode@example.dk" });
      expect(form).toMatchObject({ status: 429, data: { formError: tooManyAttempts } });
      expect(mailTo("kode@example.dk").filter((mail) => /Din kode/.test(mail.subject))).toHaveLength(5);
    });

    it("counts signing in with a code toward the e-mail's sign-ins, at either door", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await callAuthApi("/sign-in/email-otp", { email: "glemsom@example.dk", otp: "000000" });
        statuses.push(response.status);
      }
      expect(statuses).not.toContain(429);
      const form = await submit(signInWithCodeAction, "/login/kode", {
        intent: "verify",
        email: "glemsom@example.dk",
        otp: "000000",
      });
      expect(form).toMatchObject({ status: 429, data: { formError: tooManyAttempts } });
      const api = await apiAnswer(
        await callAuthApi("/sign-in/email-otp", { email: "glemsom@example.dk", otp: "000000" }),
      );
      expect(api).toMatchObject({ status: 429, body: { message: tooManyAttempts } });
    });

    it("refuses the 4th password reset request for one e-mail in a minute, at either door", async () => {
      const request = { email: "mette@example.dk", redirectTo: "/nulstil-adgangskode" };
      const statuses = [
        (await callAuthApi("/request-password-reset", request)).status,
        (await submit(forgotPasswordAction, "/glemt-adgangskode", { email: "mette@example.dk" })).status,
        (await callAuthApi("/request-password-reset", request)).status,
      ];
      expect(statuses).toEqual([200, 200, 200]);

      const form = await submit(forgotPasswordAction, "/glemt-adgangskode", { email: "mette@example.dk" });
      expect(form).toMatchObject({ status: 429, data: { formError: tooManyAttempts } });
      const api = await apiAnswer(await callAuthApi("/request-password-reset", request));
      expect(api).toMatchObject({ status: 429, body: { message: tooManyAttempts } });
      expect(mailTo("mette@example.dk").filter((mail) => mail.subject === "Nulstil din adgangskode")).toHaveLength(3);
    });
  });

  describe("the password and name rules", () => {
    const weakPasswords = {
      aaaaaaaaaa: [
        "Adgangskoden skal indeholde både bogstaver og tal eller tegn.",
        "Adgangskoden er for almindelig. Vælg en, der er svær at gætte.",
      ],
      "1234567890": [
        "Adgangskoden skal indeholde både bogstaver og tal eller tegn.",
        "Adgangskoden er for almindelig. Vælg en, der er svær at gætte.",
      ],
      password12: ["Adgangskoden er for almindelig. Vælg en, der er svær at gætte."],
    };

    it.each(Object.entries(weakPasswords))(
      "refuses signing up with %s at both doors, for the same reasons",
      async (weak, reasons) => {
        const account = { name: "Svag", email: "svag@example.dk", password: weak };
        const form = await submit(loginAction, "/login", { intent: "sign-up", ...account });
        expect(form).toMatchObject({ status: 400, data: { fieldErrors: { password: reasons } } });
        const api = await apiAnswer(await callAuthApi("/sign-up/email", account));
        expect(api).toMatchObject({ status: 400, body: { message: reasons.join(" ") } });
        expect(await database.db.select().from(users).where(eq(users.email, "svag@example.dk"))).toHaveLength(0);
      },
    );

    it.each([
      ["a name of 200,000 characters", "x".repeat(200_000), "Navnet må højst have 100 tegn"],
      ["a blank name", "   ", "Feltet skal udfyldes"],
    ])("refuses signing up with %s at both doors, in the same Danish", async (_case, name, reason) => {
      const account = { name, email: "navn@example.dk", password };
      const form = await submit(loginAction, "/login", { intent: "sign-up", ...account });
      expect(form).toMatchObject({ status: 400, data: { fieldErrors: { name: [reason] } } });
      const api = await apiAnswer(await callAuthApi("/sign-up/email", account));
      expect(api).toMatchObject({ status: 400, body: { message: reason } });
      expect(await database.db.select().from(users).where(eq(users.email, "navn@example.dk"))).toHaveLength(0);
    });

    it("holds a reset password to the rule at both doors, and the link still works after a refusal", async () => {
      const { cookie } = await signUpUser(auth, { name: "Nulstil", email: "nulstil@example.dk", password });
      expect(cookie).toMatch(/scene\.session_token=/);
      await callAuthApi("/request-password-reset", { email: "nulstil@example.dk", redirectTo: "/nulstil-adgangskode" });
      const token = linkIn(mailTo("nulstil@example.dk").at(-1)).match(/\/reset-password\/([^?]+)/)![1]!;

      const form = await submit(resetPasswordAction, "/nulstil-adgangskode", { token, password: "aaaaaaaaaa" });
      expect(form).toMatchObject({ status: 400, data: { fieldErrors: { password: weakPasswords.aaaaaaaaaa } } });
      const api = await apiAnswer(await callAuthApi("/reset-password", { token, newPassword: "aaaaaaaaaa" }));
      expect(api).toMatchObject({ status: 400, body: { message: weakPasswords.aaaaaaaaaa.join(" ") } });

      const strong = await callAuthApi("/reset-password", { token, newPassword: "Ny-kode-ved-havnen-7" });
      expect(strong.status).toBe(200);
    });

    it("holds a changed password to the rule at both doors", async () => {
      const { cookie } = await signUpUser(auth, { name: "Skifter", email: "skifter@example.dk", password });
      const form = await submit(
        myDetailsAction,
        "/bruger",
        { intent: "change-password", currentPassword: password, newPassword: "password12" },
        { cookie },
      );
      expect(form).toMatchObject({ status: 400, data: { fieldErrors: { newPassword: weakPasswords.password12 } } });
      const api = await apiAnswer(
        await callAuthApi("/change-password", { currentPassword: password, newPassword: "password12" }, { cookie }),
      );
      expect(api).toMatchObject({ status: 400, body: { message: weakPasswords.password12.join(" ") } });
    });

    it("holds a password reset with an e-mail code to the rule", async () => {
      const api = await apiAnswer(
        await callAuthApi("/email-otp/reset-password", {
          email: "mette@example.dk",
          otp: "123456",
          password: "1234567890",
        }),
      );
      expect(api).toMatchObject({ status: 400, body: { message: weakPasswords["1234567890"].join(" ") } });
    });

    it("holds a name changed through /api/auth/update-user to the sign-up form's rule", async () => {
      const { cookie } = await signUpUser(auth, { name: "Navneskift", email: "navneskift@example.dk", password });
      const tooLong = await apiAnswer(await callAuthApi("/update-user", { name: "x".repeat(200_000) }, { cookie }));
      expect(tooLong).toMatchObject({ status: 400, body: { message: "Navnet må højst have 100 tegn" } });
      const fine = await callAuthApi("/update-user", { name: "Nyt Navn" }, { cookie });
      expect(fine.status).toBe(200);
    });

    it("holds the admin's new users and new passwords to the same rules", async () => {
      await ensureAdmin(database.db, auth, { email: "chef@havnescenen.dk", password: "Admin-kode-2026" });
      const signedIn = await auth.api.signInEmail({
        body: { email: "chef@havnescenen.dk", password: "Admin-kode-2026" },
        asResponse: true,
      });
      const cookie = cookieHeader(signedIn.headers.getSetCookie());
      const created = await apiAnswer(
        await callAuthApi(
          "/admin/create-user",
          { name: "x".repeat(101), email: "ny-fra-chef@example.dk", password },
          { cookie },
        ),
      );
      expect(created).toMatchObject({ status: 400, body: { message: "Navnet må højst have 100 tegn" } });
      const [mette] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "mette@example.dk"));
      const newPassword = await apiAnswer(
        await callAuthApi("/admin/set-user-password", { userId: mette!.id, newPassword: "aaaaaaaaaa" }, { cookie }),
      );
      expect(newPassword).toMatchObject({ status: 400, body: { message: weakPasswords.aaaaaaaaaa.join(" ") } });
    });
  });

  describe("nothing tells whether an address has an account", () => {
    it("answers a sign-up for a taken address at the form exactly as for a new one, and tells the owner", async () => {
      const signUpAt = (email: string) =>
        submit(loginAction, "/login", { intent: "sign-up", name: "Ny Gæst", email, password: "Helt-ny-kode-42" });
      const fresh = await signUpAt("ny-via-formular@example.dk");
      const taken = await signUpAt("mette@example.dk");
      expect(fresh).toMatchObject({ status: 200, setCookies: [] });
      expect(JSON.stringify(taken).replaceAll("mette@example.dk", "•")).toBe(
        JSON.stringify(fresh).replaceAll("ny-via-formular@example.dk", "•"),
      );

      const toOwner = mailTo("mette@example.dk").at(-1);
      expect(toOwner?.subject).toBe("Nogen har prøvet at oprette en konto med din e-mailadresse");
      expect(toOwner?.text).toContain("http://localhost/login");
      expect(toOwner?.text).toContain("http://localhost/glemt-adgangskode");
      const owner = await auth.api.signInEmail({ body: { email: "mette@example.dk", password }, asResponse: true });
      expect(owner.status).toBe(200);
    });

    it("answers a sign-up for a taken address at /api/auth exactly as for a new one, without a session", async () => {
      const signUpAt = (email: string) =>
        callAuthApi("/sign-up/email", { name: "Ny Gæst", email, password: "Helt-ny-kode-42" });
      const fresh = await signUpAt("ny-via-api@example.dk");
      const taken = await signUpAt("jonas@example.dk");
      for (const response of [fresh, taken]) {
        expect(response.status).toBe(200);
        expect(response.headers.getSetCookie()).toEqual([]);
      }
      const [freshBody, takenBody] = [await fresh.json(), await taken.json()];
      expect(maskedJson(takenBody)).toBe(maskedJson(freshBody));
      expect(takenBody).toMatchObject({
        token: null,
        user: { email: "jonas@example.dk", name: "Ny Gæst", emailVerified: false },
      });
      expect(mailTo("jonas@example.dk").at(-1)?.subject).toBe(
        "Nogen har prøvet at oprette en konto med din e-mailadresse",
      );
    });

    it("lets a new account in by the link in its verification e-mail, back where sign-up began", async () => {
      const signUp = await submit(loginAction, "/login", {
        intent: "sign-up",
        name: "Ny Gæst",
        email: "ny-gaest@example.dk",
        password: "Helt-ny-kode-42",
        redirectTo: "/reservation",
      });
      expect(signUp).toMatchObject({ status: 200, setCookies: [] });
      const verification = mailTo("ny-gaest@example.dk").at(-1);
      expect(verification?.subject).toBe("Bekræft din e-mailadresse");

      const opened = (await authApiLoader(routeArgs(linkIn(verification)))) as Response;
      expect(opened.status).toBe(302);
      expect(opened.headers.get("Location")).toBe("/reservation");
      const cookie = cookieHeader(opened.headers.getSetCookie());
      const root = await rootLoader(routeArgs("/", { headers: { Cookie: cookie } }));
      expect(root).toMatchObject({ isAuthenticated: true, user: { email: "ny-gaest@example.dk" } });
    });

    it("keeps an unverified account out until its address is verified, and sends a new link", async () => {
      await callAuthApi("/sign-up/email", { name: "Uvist", email: "uvist@example.dk", password });
      const mailBefore = mailTo("uvist@example.dk").length;
      const api = await callAuthApi("/sign-in/email", { email: "uvist@example.dk", password });
      expect(api.status).toBe(403);
      expect(api.headers.getSetCookie()).toEqual([]);
      const form = await submit(loginAction, "/login", { intent: "sign-in", email: "uvist@example.dk", password });
      expect(form).toMatchObject({
        status: 400,
        data: { formError: "Bekræft din e-mailadresse først. Vi har sendt dig et nyt link, så du kan logge ind." },
      });
      expect(
        mailTo("uvist@example.dk")
          .slice(mailBefore)
          .map((mail) => mail.subject),
      ).toEqual(["Bekræft din e-mailadresse", "Bekræft din e-mailadresse"]);
    });

    it("answers a wrong password and an unknown address alike at /api/auth", async () => {
      const wrong = await apiAnswer(
        await callAuthApi("/sign-in/email", { email: "mette@example.dk", password: "Forkert-kode-99" }),
      );
      const unknown = await apiAnswer(
        await callAuthApi("/sign-in/email", { email: "ukendt@example.dk", password: "Forkert-kode-99" }),
      );
      expect(wrong.status).toBe(401);
      expect(unknown).toEqual(wrong);
    });

    it("answers a password reset request alike for a known and an unknown address, at both doors", async () => {
      const api = [];
      const form = [];
      for (const email of ["skifter@example.dk", "ukendt-nulstil@example.dk"]) {
        api.push(
          await apiAnswer(await callAuthApi("/request-password-reset", { email, redirectTo: "/nulstil-adgangskode" })),
        );
        form.push(
          JSON.stringify(await submit(forgotPasswordAction, "/glemt-adgangskode", { email })).replaceAll(email, "•"),
        );
      }
      expect(api[0]?.status).toBe(200);
      expect(api[1]).toEqual(api[0]);
      expect(form[1]).toBe(form[0]);
      expect(mailTo("skifter@example.dk").filter((mail) => mail.subject === "Nulstil din adgangskode")).toHaveLength(2);
      expect(mailTo("ukendt-nulstil@example.dk")).toEqual([]);
    });

    it("answers a sign-in code request alike for a known and an unknown address, at both doors", async () => {
      const api = [];
      const form = [];
      for (const email of ["navneskift@example.dk", "ukendt-kode@example.dk"]) {
        api.push(await apiAnswer(await callAuthApi("/email-otp/send-verification-otp", { email, type: "sign-in" })));
        form.push(
          JSON.stringify(await submit(signInWithCodeAction, "/login/kode", { intent: "send", email })).replaceAll(
            email,
            "•",
          ),
        );
      }
      expect(api[0]?.status).toBe(200);
      expect(api[1]).toEqual(api[0]);
      expect(form[1]).toBe(form[0]);
      expect(mailTo("navneskift@example.dk").filter((mail) => /Din kode/.test(mail.subject))).toHaveLength(2);
      expect(mailTo("ukendt-kode@example.dk")).toEqual([]);
    });
  });
});
