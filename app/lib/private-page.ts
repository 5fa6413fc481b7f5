/** A route's `meta` for a page no search engine lists: the admin's, a user's own, or one behind a secret link. */
export const privatePageMeta = (title: string) => [{ title }, { name: "robots", content: "noindex" }];
