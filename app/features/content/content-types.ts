// Relative imports: app/routes.ts reads this module where the `~` alias is not known.
import { copenhagenInstant, formatEventTime } from "../../lib/format";
import { ALT_MAX, altHint, altLabel, altMissingMessage } from "../media/media";
import { eventStatuses, ticketSaleModes, type EventStatus } from "../../db/schema/values/content";
import { eventStatusLabels } from "../program/event-status";
import { ticketSaleModeLabels } from "../tickets/sale-modes";
import { ADD_ON_UNITS, ADD_ON_VAT_CHOICES, CUSTOMER_TYPES, type AddOnUnit } from "../../db/schema/values/rental";
import { addOnUnitLabels, addOnVatLabels } from "../rental/add-ons";
import { customerTypeLabels } from "../rental/customer-types";
import { pageNameLabels, pageNames, pagePaths, type PageName } from "./page-names";
import { contentType, hasAdminPages } from "./registry";

/** The content types of the site (spec §2–§5 and the programme), one entry each (decision 025). */

const imageField = (name: string, optional = false) => ({
  name,
  label: "Billede",
  kind: "image" as const,
  optional,
  hint: "JPEG, PNG, WebP, GIF, AVIF eller HEIC, højst 15 MB. Placering og kameraoplysninger fjernes.",
});

const section = contentType({
  name: "section",
  table: "sections",
  names: { the: "afsnittet", plural: "Afsnit", create: "Tilføj afsnit" },
  ordered: true,
  parentColumn: "pageId",
  fields: [
    { name: "section_header", column: "header", label: "Overskrift", kind: "text" },
    { name: "section_text", column: "text", label: "Tekst", kind: "richtext", max: 20000 },
    imageField("section_image", true),
  ],
});

const page = contentType({
  name: "page",
  table: "pages",
  names: { the: "siden", plural: "Mine sider", create: "Opret side" },
  path: "/page",
  menu: 10,
  child: section,
  publicPath: (values) => pagePaths[values.page_page as PageName],
  sitemap: { row: (row) => pagePaths[row.page as PageName] },
  subtitle: (values) => pageNameLabels[values.page_page as PageName] ?? values.page_page ?? "",
  fields: [
    {
      name: "page_page",
      column: "page",
      label: "Side",
      kind: "select",
      options: pageNames.map((value) => ({ value, label: pageNameLabels[value] })),
      message: "Vælg hvilken side det er",
    },
    { name: "page_header", column: "header", label: "Overskrift", kind: "text" },
    imageField("page_image"),
  ],
});

const banner = contentType({
  name: "banner",
  table: "banners",
  names: { the: "banneret", plural: "Mine bannere", create: "Opret banner" },
  path: "/banner",
  menu: 20,
  ordered: true,
  publicPath: "/parallex",
  sitemap: { pages: ["/", "/parallex"] },
  subtitle: (values) => `${values.banner_text} · fokus ${values.banner_range} %`,
  fields: [
    { name: "banner_title", column: "title", label: "Titel", kind: "text" },
    { name: "banner_text", column: "text", label: "Tekst", kind: "textarea", max: 1000 },
    {
      name: "banner_range",
      column: "range",
      label: "Billedets fokuspunkt (lodret)",
      kind: "range",
      min: 0,
      max: 100,
      defaultValue: () => "50",
      hint: "0 % er billedets top, 100 % bunden. Den del bliver synlig, når billedet beskæres.",
    },
    imageField("banner_image"),
  ],
});

const stock = contentType({
  name: "stock",
  table: "stockImages",
  names: { the: "billedet", plural: "Galleriet", create: "Opret Billede", imageUse: "galleribilledet" },
  path: "/stock",
  menu: 40,
  ordered: true,
  publicPath: "/billeder",
  sitemap: { pages: ["/billeder"] },
  subtitle: (values) => values.stock_text ?? "",
  fields: [
    { name: "stock_title", column: "title", label: "Titel", kind: "text" },
    {
      name: "stock_text",
      column: "text",
      label: "Beskrivelse",
      kind: "textarea",
      max: 1000,
      hint: "Vises under billedet i galleriet.",
    },
    imageField("stock_image"),
    // The gallery needs it; it is the library image's (decision 020).
    { name: "stock_alt", label: altLabel, kind: "alt", hint: altHint, max: ALT_MAX, message: altMissingMessage },
  ],
});

const article = contentType({
  name: "article",
  table: "articles",
  names: { the: "artiklen", plural: "Mine artikler", create: "Opret artikel" },
  path: "/article",
  menu: 50,
  publicPath: "/",
  sitemap: { pages: ["/"] },
  subtitle: (values) => (values.article_text ?? "").slice(0, 120),
  fields: [
    { name: "article_header", column: "header", label: "Overskrift", kind: "text" },
    { name: "article_text", column: "text", label: "Tekst", kind: "richtext", max: 20000 },
    imageField("article_image"),
  ],
});

/** A track of an album (the spec's "audio"). */
const audio = contentType({
  name: "audio",
  table: "tracks",
  names: { the: "nummeret", plural: "Numre", create: "Tilføj nummer" },
  ordered: true,
  parentColumn: "albumId",
  publicPath: "/musik",
  fields: [
    { name: "audio_title", column: "title", label: "Titel", kind: "text" },
    {
      name: "audio_text",
      column: "text",
      label: "Tekst",
      kind: "richtext",
      optional: true,
      max: 5000,
      hint: "Fx medvirkende eller sangtekst. Kan udelades.",
    },
    { name: "audio_audio", label: "Lydfil", kind: "audio", hint: "MP3, M4A/AAC, Ogg, WAV eller FLAC, højst 100 MB." },
  ],
});

const album = contentType({
  name: "album",
  table: "albums",
  names: { the: "albummet", plural: "Mine albums", create: "Opret album" },
  path: "/album",
  menu: 60,
  ordered: true,
  child: audio,
  publicPath: "/musik",
  sitemap: { pages: ["/musik"], row: (row) => `/musik/${String(row.id)}` },
  subtitle: (values) => `${values.album_artist} · ${values.album_year}`,
  fields: [
    { name: "album_title", column: "title", label: "Titel", kind: "text" },
    { name: "album_artist", column: "artist", label: "Kunstner", kind: "text" },
    {
      name: "album_year",
      column: "year",
      label: "År",
      kind: "number",
      whole: true,
      defaultValue: () => String(new Date().getFullYear()),
    },
    imageField("album_image"),
  ],
});

const youtube = contentType({
  name: "youtube",
  table: "videoLinks",
  names: { the: "videoen", plural: "Mine videoer", create: "Opret video link" },
  path: "/youtube",
  menu: 70,
  publicPath: "/videoer",
  sitemap: { pages: ["/videoer"] },
  subtitle: (values) => values.youtube_link ?? "",
  noImageMark: "▶",
  fields: [
    { name: "youtube_title", column: "title", label: "Titel", kind: "text" },
    {
      name: "youtube_link",
      column: "videoId",
      label: "YouTube-link",
      kind: "youtube",
      hint: "Fx https://www.youtube.com/watch?v=… , https://youtu.be/… eller et Shorts-link.",
    },
  ],
});

/** A concert of the programme. */
const event = contentType({
  name: "event",
  table: "events",
  names: { the: "koncerten", plural: "Mine koncerter", create: "Opret koncert" },
  path: "/event",
  menu: 80,
  duplicable: { reset: ["event_status", "event_moved_to"] },
  publicPath: "/koncerter",
  sitemap: { pages: ["/koncerter"], row: (row) => `/koncerter/${String(row.id)}` },
  subtitle: eventSubtitle,
  fields: [
    { name: "event_title", column: "title", label: "Titel", kind: "text" },
    {
      name: "event_performers",
      column: "performers",
      label: "Medvirkende",
      kind: "text",
      optional: true,
      max: 300,
      hint: "Kunstnere eller bands, adskilt med komma.",
    },
    {
      name: "event_album",
      column: "albumId",
      label: "Album",
      kind: "select",
      optional: true,
      choicesFrom: "albums",
      message: "Vælg et album fra listen",
      hint: "Et af dine albums, som koncerten handler om. Siden linker så til det.",
    },
    {
      name: "event_start",
      column: "startsAt",
      label: "Start",
      kind: "datetime",
      hint: "Dato og klokkeslæt (dansk tid).",
    },
    { name: "event_doors", column: "doorsOpen", label: "Dørene åbner", kind: "time", optional: true },
    { name: "event_end", column: "endsAt", label: "Slut", kind: "datetime", optional: true },
    { name: "event_room", column: "room", label: "Sal eller scene", kind: "text", optional: true, max: 120 },
    {
      name: "event_price",
      column: "price",
      label: "Pris",
      kind: "text",
      optional: true,
      max: 120,
      hint: "Som den skal stå, med alle gebyrer, fx ”Fra 205 kr. inkl. gebyr” eller ”Gratis”. Bruges ikke ved eget billetsalg: prisen vises fra billetsalget.",
    },
    {
      name: "event_age",
      column: "ageLimit",
      label: "Aldersgrænse",
      kind: "number",
      optional: true,
      whole: true,
      max: 99,
      message: "Angiv en alder mellem 0 og 99, eller lad feltet stå tomt",
      hint: "Fx 18. Tom: ingen grænse.",
    },
    {
      name: "event_ticket_url",
      column: "ticketUrl",
      label: "Link til billetsalg",
      kind: "url",
      optional: true,
      max: 2000,
      hint: "Billetsælgerens side for koncerten, fx https://billetto.dk/…",
    },
    {
      name: "event_ticket_sale",
      column: "ticketSale",
      label: "Billetsalg",
      kind: "select",
      options: ticketSaleModes.map((value) => ({ value, label: ticketSaleModeLabels[value] })),
      message: "Vælg, hvordan billetterne sælges",
      defaultValue: () => "link",
      hint: "Eget billetsalg: billettyper, antal og salgsperiode sætter du op under Billetsalg, når koncerten er gemt.",
    },
    {
      name: "event_status",
      column: "status",
      label: "Status",
      kind: "select",
      options: eventStatuses.map((value) => ({ value, label: eventStatusLabels[value] })),
      message: "Vælg koncertens status",
      defaultValue: () => "planlagt",
    },
    {
      name: "event_moved_to",
      column: "movedTo",
      label: "Ny dato og tid",
      kind: "datetime",
      optional: true,
      hint: "Kun når koncerten er flyttet.",
    },
    { name: "event_text", column: "description", label: "Beskrivelse", kind: "richtext", optional: true, max: 20000 },
    imageField("event_image", true),
  ],
  // A moved concert needs its new time, and ends after it starts (its new start when moved). A concert with its own
  // sale is priced from the sale (`concertPrice`, issue 54): a price text sent for it is not kept.
  refine: (values, problem) => {
    const moved = values.event_status === "flyttet";
    const start = (moved ? values.event_moved_to : values.event_start) as Date | null;
    const end = values.event_end as Date | null;
    if (moved && !values.event_moved_to) problem("event_moved_to", "Angiv den nye dato og tid");
    if (end && start && end <= start) problem("event_end", "Slut skal være efter start");
    // Only a moved concert has a new time: a date left in the field after the status changed back is dropped.
    return {
      ...values,
      event_moved_to: moved ? values.event_moved_to : null,
      event_price: values.event_ticket_sale === "own" ? "" : values.event_price,
    };
  },
});

/** "fre. 4. dec. kl. 20.00 · Udsolgt": when and how a concert stands, from its form values. */
function eventSubtitle(values: Record<string, string>) {
  const [date, time] = (values.event_moved_to || values.event_start || "").split("T");
  const when = date && time ? formatEventTime(copenhagenInstant(date, time)) : "";
  const status = eventStatusLabels[values.event_status as EventStatus] ?? "";
  return [when, status].filter(Boolean).join(" · ");
}

/** An add-on (tilvalg) of the hall's rent; a published one is offered to bookers. */
const addOn = contentType({
  name: "addOn",
  table: "addOns",
  names: { the: "tilvalget", plural: "Tilvalg", create: "Opret tilvalg" },
  path: "/tilvalg",
  // Beside the hall's prices and rules ("Priser og regler", 110).
  menu: 115,
  ordered: true,
  publicPath: "/priser",
  sitemap: { pages: ["/priser"] },
  subtitle: (values) => {
    const price = `${values.add_on_price} ${addOnUnitLabels[values.add_on_unit as AddOnUnit] ?? ""}`.trim();
    return values.add_on_required_for ? `${price} · påkrævet for ${values.add_on_required_for}` : price;
  },
  fields: [
    { name: "add_on_name", column: "name", label: "Navn", kind: "text", max: 120 },
    {
      name: "add_on_description",
      column: "description",
      label: "Beskrivelse",
      kind: "textarea",
      optional: true,
      max: 1000,
      hint: "Hvad der er med, fx udstyr eller antal timer.",
    },
    {
      name: "add_on_price",
      column: "priceOere",
      label: "Pris inkl. moms",
      kind: "money",
      hint: "I kroner, fx 450 eller 1.250,50.",
    },
    {
      name: "add_on_unit",
      column: "unit",
      label: "Enhed",
      kind: "select",
      options: ADD_ON_UNITS.map((value) => ({ value, label: addOnUnitLabels[value] })),
      message: "Vælg, hvad prisen gælder for",
      defaultValue: () => "booking",
    },
    {
      name: "add_on_vat",
      column: "vat",
      label: "Moms",
      kind: "select",
      options: ADD_ON_VAT_CHOICES.map((value) => ({ value, label: addOnVatLabels[value] })),
      message: "Vælg, hvordan moms gælder for tilvalget",
      defaultValue: () => "standard",
      hint: "En ydelse for sig (lydtekniker, rengøring) har 25 % moms. Er tilvalget en del af lejen (fx flere timer i salen), følger det lejens moms.",
    },
    {
      name: "add_on_required_for",
      column: "requiredFor",
      label: "Påkrævet for",
      kind: "choices",
      options: CUSTOMER_TYPES.map((value) => ({ value, label: customerTypeLabels[value] })),
      hint: "Kundetyper, der altid får tilvalget med.",
    },
  ],
});

/** Every content type, children included, by name. */
export const contentTypes = { page, section, banner, stock, article, album, audio, youtube, event, addOn };

/** The types with admin pages of their own (children are managed on their parent's): the routes and menus. */
export const adminContentTypes = Object.values(contentTypes).filter(hasAdminPages);

/** The type an admin page's loader named, for its component. */
export function typeNamed(name: string) {
  const type = adminContentTypes.find((candidate) => candidate.name === name);
  if (!type) throw new Error(`No content type ${name}`);
  return type;
}
