/** A route's `meta` for a page no search engine needs (the admin's, a user's own, signing in): its title, noindex. */
export const privatePageMeta = (title: string) => () => [{ title }, { name: "robots", content: "noindex" }];
