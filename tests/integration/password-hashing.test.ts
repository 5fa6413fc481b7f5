import { scrypt } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authAccounts, users } from "~/db/schema";
import { createAuth, type Auth } from "~/features/accounts/auth.server";
import { TEST_PUBLIC_URL, TEST_SECRET } from "../support/accounts";
import { recordingMailer } from "../support/collaborators";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/** scrypt at the cost better-auth documents for its own hashing (the tests use a lower one). */
const productKey = (password: string, salt: string) =>
  new Promise<string>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 64, { N: 16_384, r: 16, p: 1, maxmem: 128 * 16_384 * 16 * 2 }, (e, key) =>
      e ? reject(e) : resolve(key.toString("hex")),
    ),
  );

// Hashing does not depend on the engine: PGlite only.
describe("the product's password hashing", () => {
  let database: TestDatabase;
  let auth: Auth;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    auth = createAuth({
      db: database.db,
      secret: TEST_SECRET,
      publicUrl: TEST_PUBLIC_URL,
      siteName: "Havnescenen",
      mailer: recordingMailer(),
      logger: pino({ level: "silent" }),
    });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("stores scrypt at N = 16,384 when no other hashing is given, as the server runs it", async () => {
    const password = "Havnen-2026-kaj";
    const { user } = await auth.api.signUpEmail({ body: { name: "Ane", email: "ane@example.dk", password } });
    const [account] = await database.db
      .select({ hash: authAccounts.password })
      .from(authAccounts)
      .innerJoin(users, eq(users.id, authAccounts.userId))
      .where(eq(users.id, user.id));
    const [salt, key] = account!.hash!.split(":");
    expect(key).toBe(await productKey(password, salt!));
  });
});
