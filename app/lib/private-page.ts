/** A route's `meta` for a page no search engine lists: the admin's, a user's own, or one behind a secret link. */
export const privatePageMeta = (title: string) => [{ title }, { name: "robots", content: "noindex" }];

/**
 * The headers of a page behind a secret link: no cache keeps it (the visitor page cache would answer the link's next
 * opening itself), and the secret never leaves the site, while a form on it still says it comes from here (with
 * no-referrer its Origin is "null", which the site refuses as a cross-site write).
 */
export const secretLinkHeaders = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };

/** A file that is the person's own or the admin's: downloaded (or, `inline`, shown: a PDF) and kept by no cache. */
export function privateFile(body: BodyInit, type: string, filename: string, { inline = false } = {}) {
  return new Response(body, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
