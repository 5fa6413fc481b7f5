/** The public pages whose texts the admin edits; the first four are the spec's page_page choices. */
export const pageNames = [
  "frontpage",
  "music",
  "videos",
  "images",
  "prices",
  "practical",
  "terms",
  "privacy",
  "house-rules",
] as const;
export type PageName = (typeof pageNames)[number];

/** How the admin sees each choice of the page_page dropdown. */
export const pageNameLabels: Record<PageName, string> = {
  frontpage: "Forside",
  music: "Musik",
  videos: "Videoer",
  images: "Billeder",
  prices: "Priser",
  practical: "Praktisk info",
  terms: "Vilkår",
  privacy: "Privatlivspolitik",
  "house-rules": "Husorden",
};

/** Where each page is shown. */
export const pagePaths: Record<PageName, string> = {
  frontpage: "/",
  music: "/musik",
  videos: "/videoer",
  images: "/billeder",
  prices: "/priser",
  practical: "/praktisk-info",
  terms: "/vilkaar",
  privacy: "/privatlivspolitik",
  "house-rules": "/husorden",
};
