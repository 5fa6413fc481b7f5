/**
 * A write says which visitor pages it changed with this response header (server/page-cache.ts): "none", or
 * a path whose pages (it and those under it) are forgotten. Without it, every cached page is.
 */
export const INVALIDATE_HEADER = "X-Page-Cache-Invalidate";
