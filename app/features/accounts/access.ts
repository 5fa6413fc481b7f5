/** Spec §2 and the accounts work: which paths need a signed-in user, and which need an admin. */
export const userPathPrefixes = ["/bruger", "/kurv", "/betaling", "/success", "/alle-reservationer"] as const;
export const adminPathPrefixes = [
  "/album",
  "/article",
  "/banner",
  "/stock",
  "/youtube",
  "/page",
  "/alle-brugere",
  "/test",
  "/reservationer",
  "/blokerede-datoer",
  "/reservationsindstillinger",
] as const;

const matches = (prefixes: readonly string[], path: string) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

export function requiredAccess(path: string): "admin" | "user" | "public" {
  if (matches(adminPathPrefixes, path)) return "admin";
  if (matches(userPathPrefixes, path)) return "user";
  return "public";
}
