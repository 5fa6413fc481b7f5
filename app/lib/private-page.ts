/** A route's `meta` for a page of the admin's or a user's own: its title, kept out of search engines. */
export const privatePageMeta = (title: string) => [{ title }, { name: "robots", content: "noindex" }];
