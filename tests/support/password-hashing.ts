import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordHashing } from "~/features/accounts/auth.server";

/**
 * better-auth's scrypt, "salt:key" as it stores it, at N = 1,024 instead of 16,384: the integration tests hash and
 * check about 300 passwords, and at the product's cost that was 35 s of CPU here. What a test proves of sign-up,
 * sign-in and reset does not depend on the cost; `password-hashing.test.ts` holds the product to its own.
 */
const COST = { N: 1024, r: 16, p: 1, maxmem: 128 * 1024 * 16 * 2 };
const KEY_LENGTH = 64;

function key(password: string, salt: string) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, COST, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  );
}

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await key(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, stored] = hash.split(":");
    if (!salt || !stored) return false;
    return timingSafeEqual(await key(password, salt), Buffer.from(stored, "hex"));
  },
};
