import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordHashing } from "~/features/accounts/auth.server";

/**
 * better-auth's scrypt, "salt:key" as it stores it, at N = 1,024 instead of 16,384: the integration tests hash and
 * check about 300 passwords, and at the product's cost that was 35 s of CPU here. What a test proves of sign-up,
 * sign-in and reset does not depend on the cost; `password-hashing.test.ts` holds the product to its own.
 */
const TEST_COST = 1024;

/** better-auth's key derivation: scrypt with r = 16, p = 1 and a 64-byte key, at the cost `N`. */
export function scryptKey(password: string, salt: string, N: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 64, { N, r: 16, p: 1, maxmem: 128 * N * 16 * 2 }, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  );
}

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await scryptKey(password, salt, TEST_COST)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, stored] = hash.split(":");
    if (!salt || !stored) return false;
    return timingSafeEqual(await scryptKey(password, salt, TEST_COST), Buffer.from(stored, "hex"));
  },
};
