import { accountParts } from "~/businesses.server";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authAccounts, users } from "~/db/schema";
import { createAuth, type Auth } from "~/features/accounts/auth.server";
import { TEST_PUBLIC_URL, TEST_SECRET } from "../support/accounts";
import { recordingMailer } from "../support/collaborators";
import { scryptKey } from "../support/password-hashing";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/** The cost better-auth documents for its own hashing (the tests use a lower one). */
const PRODUCT_COST = 16_384;

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
      accountParts,
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
    expect(key).toBe((await scryptKey(password, salt!, PRODUCT_COST)).toString("hex"));
  });
});
