/** The door code as it is printed and read aloud: two groups of four. */
export const groupedDoorCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * A door code as staff type it, in the form it is stored: capitals, no spaces or dashes, and the letters Crockford's
 * base 32 reads as digits (O as 0, I and L as 1). Null when it cannot be a code.
 */
export function normalizeDoorCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  return /^[0-9A-HJKMNP-TV-Z]{8}$/.test(code) ? code : null;
}

/** The ticket token in what a scan or staff gave: a ticket's full address (the QR code), or the token itself. */
export function ticketTokenIn(scanned: string): string | null {
  const match = /(?:^|\/billet\/)([A-Za-z0-9_-]{22})(?:[?#].*)?$/.exec(scanned.trim());
  return match ? match[1]! : null;
}
