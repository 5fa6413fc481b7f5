import type { z } from "zod";
import { altHint, altLabel } from "~/features/media/library";
import { pageNameLabels, pageNames } from "../page-names";
import { eventStatusLabels, eventStatuses } from "~/features/program/event-status";
import {
  albumSchema,
  articleSchema,
  audioSchema,
  bannerSchema,
  eventSchema,
  pageSchema,
  sectionSchema,
  stockSchema,
  youtubeSchema,
} from "../schemas";

export type FieldKind =
  | "text"
  | "textarea"
  /** Formatted text (decision 017): the editor on admin pages, a textarea without JavaScript. */
  | "richtext"
  | "number"
  | "range"
  | "select"
  | "image"
  | "audio"
  /** A Copenhagen date and time (datetime-local). */
  | "datetime"
  /** A wall-clock time, "HH:MM". */
  | "time"
  /** A web address. */
  | "url";

export interface FieldDef {
  /** The form input's name, exactly as the spec gives it. */
  name: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  /** May be left empty: the label says so (the schema decides what empty means). */
  optional?: boolean;
  options?: readonly { value: string; label: string }[];
  min?: number;
  max?: number;
  step?: number;
  /** A value for a new record ("current year"). */
  defaultValue?: () => string;
  /** A select whose options are rows of another content type, read when the form is shown. */
  choicesFrom?: "albums";
}

export type ResourceName =
  "album" | "audio" | "article" | "banner" | "event" | "page" | "section" | "stock" | "youtube";

export interface ResourceDef {
  name: ResourceName;
  /** Admin address of the list; children (tracks, sections) are managed on their parent's page. */
  path: string;
  /** "Mine albums" (spec §2's menu label). */
  plural: string;
  /** "Opret album" / "Opret Billede" / "Opret video link". */
  createLabel: string;
  /** Lower-case noun with its article, for messages: "albummet", "artiklen". */
  the: string;
  /** "Nyt album", "Ny artikel". */
  newTitle: string;
  fields: readonly FieldDef[];
  schema: z.ZodType<Record<string, unknown>>;
  /** Albums, tracks, banners, sections and stock images are shown in the admin's own order. */
  ordered: boolean;
  /** Public page where the entity shows, for "Se på siden" / preview. */
  publicPath?: string;
  parent?: ResourceName;
  /** The list offers "Kopiér" (a concert that comes again). */
  duplicable?: boolean;
}

const imageField = (name: string, optional = false): FieldDef => ({
  name,
  label: "Billede",
  kind: "image",
  optional,
  hint: "JPEG, PNG, WebP, GIF, AVIF eller HEIC, højst 15 MB. Placering og kameraoplysninger fjernes.",
});

export const resources: Record<ResourceName, ResourceDef> = {
  album: {
    name: "album",
    path: "/album",
    plural: "Mine albums",
    createLabel: "Opret album",
    the: "albummet",
    newTitle: "Nyt album",
    schema: albumSchema,
    ordered: true,
    publicPath: "/musik",
    fields: [
      { name: "album_title", label: "Titel", kind: "text" },
      { name: "album_artist", label: "Kunstner", kind: "text" },
      {
        name: "album_year",
        label: "År",
        kind: "number",
        min: 0,
        max: 999999,
        step: 1,
        defaultValue: () => String(new Date().getFullYear()),
      },
      imageField("album_image"),
    ],
  },
  audio: {
    name: "audio",
    path: "/album",
    plural: "Numre",
    createLabel: "Tilføj nummer",
    the: "nummeret",
    newTitle: "Nyt nummer",
    schema: audioSchema,
    ordered: true,
    publicPath: "/musik",
    parent: "album",
    fields: [
      { name: "audio_title", label: "Titel", kind: "text" },
      {
        name: "audio_text",
        label: "Tekst",
        kind: "richtext",
        optional: true,
        hint: "Fx medvirkende eller sangtekst. Kan udelades.",
      },
      { name: "audio_audio", label: "Lydfil", kind: "audio", hint: "MP3, M4A/AAC, Ogg, WAV eller FLAC, højst 100 MB." },
    ],
  },
  article: {
    name: "article",
    path: "/article",
    plural: "Mine artikler",
    createLabel: "Opret artikel",
    the: "artiklen",
    newTitle: "Ny artikel",
    schema: articleSchema,
    ordered: false,
    publicPath: "/",
    fields: [
      { name: "article_header", label: "Overskrift", kind: "text" },
      { name: "article_text", label: "Tekst", kind: "richtext" },
      imageField("article_image"),
    ],
  },
  banner: {
    name: "banner",
    path: "/banner",
    plural: "Mine bannere",
    createLabel: "Opret banner",
    the: "banneret",
    newTitle: "Nyt banner",
    schema: bannerSchema,
    ordered: true,
    publicPath: "/parallex",
    fields: [
      { name: "banner_title", label: "Titel", kind: "text" },
      { name: "banner_text", label: "Tekst", kind: "textarea" },
      {
        name: "banner_range",
        label: "Billedets fokuspunkt (lodret)",
        kind: "range",
        min: 0,
        max: 100,
        step: 1,
        defaultValue: () => "50",
        hint: "0 % er billedets top, 100 % bunden. Den del bliver synlig, når billedet beskæres.",
      },
      imageField("banner_image"),
    ],
  },
  event: {
    name: "event",
    path: "/event",
    plural: "Mine koncerter",
    createLabel: "Opret koncert",
    the: "koncerten",
    newTitle: "Ny koncert",
    schema: eventSchema,
    ordered: false,
    publicPath: "/koncerter",
    duplicable: true,
    fields: [
      { name: "event_title", label: "Titel", kind: "text" },
      {
        name: "event_performers",
        label: "Medvirkende",
        kind: "text",
        optional: true,
        hint: "Kunstnere eller bands, adskilt med komma.",
      },
      {
        name: "event_album",
        label: "Album",
        kind: "select",
        optional: true,
        choicesFrom: "albums",
        hint: "Et af dine albums, som koncerten handler om. Siden linker så til det.",
      },
      { name: "event_start", label: "Start", kind: "datetime", hint: "Dato og klokkeslæt (dansk tid)." },
      { name: "event_doors", label: "Dørene åbner", kind: "time", optional: true },
      { name: "event_end", label: "Slut", kind: "datetime", optional: true },
      { name: "event_room", label: "Sal eller scene", kind: "text", optional: true },
      {
        name: "event_price",
        label: "Pris",
        kind: "text",
        optional: true,
        hint: "Som den skal stå, fx ”195 kr. + gebyr” eller ”Gratis”.",
      },
      { name: "event_age", label: "Aldersgrænse", kind: "number", optional: true, hint: "Fx 18. Tom: ingen grænse." },
      {
        name: "event_ticket_url",
        label: "Link til billetsalg",
        kind: "url",
        optional: true,
        hint: "Billetsælgerens side for koncerten, fx https://billetto.dk/…",
      },
      {
        name: "event_status",
        label: "Status",
        kind: "select",
        options: eventStatuses.map((value) => ({ value, label: eventStatusLabels[value] })),
        defaultValue: () => "planlagt",
      },
      {
        name: "event_moved_to",
        label: "Ny dato og tid",
        kind: "datetime",
        optional: true,
        hint: "Kun når koncerten er flyttet.",
      },
      {
        name: "event_text",
        label: "Beskrivelse",
        kind: "richtext",
        optional: true,
      },
      imageField("event_image", true),
    ],
  },
  page: {
    name: "page",
    path: "/page",
    plural: "Mine sider",
    createLabel: "Opret side",
    the: "siden",
    newTitle: "Ny side",
    schema: pageSchema,
    ordered: false,
    fields: [
      {
        name: "page_page",
        label: "Side",
        kind: "select",
        options: pageNames.map((value) => ({ value, label: pageNameLabels[value] })),
      },
      { name: "page_header", label: "Overskrift", kind: "text" },
      imageField("page_image"),
    ],
  },
  section: {
    name: "section",
    path: "/page",
    plural: "Afsnit",
    createLabel: "Tilføj afsnit",
    the: "afsnittet",
    newTitle: "Nyt afsnit",
    schema: sectionSchema,
    ordered: true,
    parent: "page",
    fields: [
      { name: "section_header", label: "Overskrift", kind: "text" },
      { name: "section_text", label: "Tekst", kind: "richtext" },
      imageField("section_image", true),
    ],
  },
  stock: {
    name: "stock",
    path: "/stock",
    plural: "Galleriet",
    createLabel: "Opret Billede",
    the: "billedet",
    newTitle: "Nyt billede",
    schema: stockSchema,
    ordered: true,
    publicPath: "/billeder",
    fields: [
      { name: "stock_title", label: "Titel", kind: "text" },
      {
        name: "stock_text",
        label: "Beskrivelse",
        kind: "textarea",
        hint: "Vises under billedet i galleriet.",
      },
      imageField("stock_image"),
      { name: "stock_alt", label: altLabel, kind: "text", hint: altHint },
    ],
  },
  youtube: {
    name: "youtube",
    path: "/youtube",
    plural: "Mine videoer",
    createLabel: "Opret video link",
    the: "videoen",
    newTitle: "Nyt video link",
    schema: youtubeSchema,
    ordered: false,
    publicPath: "/videoer",
    fields: [
      { name: "youtube_title", label: "Titel", kind: "text" },
      {
        name: "youtube_link",
        label: "YouTube-link",
        kind: "text",
        hint: "Fx https://www.youtube.com/watch?v=… , https://youtu.be/… eller et Shorts-link.",
      },
    ],
  },
};

/** The top-level lists of the admin, in menu order. */
export const topLevelResources = (["page", "banner", "stock", "article", "album", "youtube", "event"] as const).map(
  (name) => resources[name],
);

export function resourceByPath(pathname: string): ResourceDef | undefined {
  const segment = `/${pathname.split("/")[1] ?? ""}`;
  return topLevelResources.find((resource) => resource.path === segment);
}

export function childResourceOf(resource: ResourceDef): ResourceDef | undefined {
  return Object.values(resources).find((candidate) => candidate.parent === resource.name);
}
