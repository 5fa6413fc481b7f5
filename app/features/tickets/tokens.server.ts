import { randomBytes, randomInt } from "node:crypto";

/** A ticket's or a ticket order's secret: 128 random bits, base64url (22 characters); decision 038. */
export const newTicketToken = () => randomBytes(16).toString("base64url");

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed on a phone is not mistaken. */
const DOOR_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A ticket's door code: eight characters (40 random bits), unique within its concert. */
export const newDoorCode = () =>
  Array.from({ length: 8 }, () => DOOR_CODE_ALPHABET[randomInt(DOOR_CODE_ALPHABET.length)]).join("");
