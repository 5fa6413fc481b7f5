import { z } from "zod";
import { REQUIRED } from "~/features/accounts/schemas";
import { copenhagenInstant, parseKroner } from "~/lib/format";
import type { ContentType, FieldDef } from "./registry";
import { looksFilled } from "./rich-text";

/** Spec §5: required, trimmed. Whitespace only counts as empty. */
export const requiredText = (max = 200, message = REQUIRED) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Højst ${max} tegn`);

/**
 * Formatted text (decision 017): the editor's HTML, or plain text from a form sent without JavaScript. Tags
 * alone do not fill it; the server sanitizes it and checks again (`normalizeRichText`).
 */
export const requiredRichText = (max: number) => requiredText(max).refine(looksFilled, REQUIRED);

export const NUMBER_MIN = 0;
export const NUMBER_MAX = 999999.9999;

const formatLimit = (value: number) => value.toLocaleString("da-DK", { maximumFractionDigits: 4, useGrouping: false });

interface NumberLimits {
  min?: number;
  max?: number;
  whole?: boolean;
  /** One message for every way the number can be wrong. */
  message?: string;
}

/** A typed number within its limits (a Danish decimal comma is accepted), or what is wrong with it. */
function parseNumber(value: string, limits: NumberLimits): { number: number } | { problem: string } {
  const { min = NUMBER_MIN, max = NUMBER_MAX, whole = false } = limits;
  const number = /^-?\d+([.,]\d+)?$/.test(value) ? Number(value.replace(",", ".")) : Number.NaN;
  const problem = Number.isNaN(number)
    ? "Værdien skal være et tal"
    : number < min || number > max
      ? `Værdien skal være mellem ${formatLimit(min)} og ${formatLimit(max)}`
      : whole && !Number.isInteger(number)
        ? "Værdien skal være et helt tal"
        : null;
  return problem === null ? { number } : { problem: limits.message ?? problem };
}

/** Spec §5's number rule: required, numeric, between 0 and 999999.9999 (narrower bounds where a field needs them). */
export function numberRule(limits: NumberLimits = {}) {
  return z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .transform((value, context) => {
      const parsed = parseNumber(value, limits);
      return "number" in parsed ? parsed.number : refuse(context, parsed.problem);
    });
}

interface MoneyLimits {
  /** The bounds in kroner: 0 to 1,000,000 unless given. */
  min?: number;
  max?: number;
  /** What the field says when it holds no amount. */
  message?: string;
}

const groupedKroner = (kroner: number) => kroner.toLocaleString("da-DK", { maximumFractionDigits: 2 });

/** A typed amount of kroner within its bounds, in whole øre, or what is wrong with it. */
function parseMoney(value: string, limits: MoneyLimits): { oere: number } | { problem: string } {
  const { min = 0, max = 1_000_000 } = limits;
  const oere = parseKroner(value);
  if (oere === null) return { problem: limits.message ?? "Angiv et beløb i kroner, fx 1.250,50" };
  if (oere < Math.round(min * 100) || oere > Math.round(max * 100)) {
    return { problem: `Beløbet skal være mellem ${groupedKroner(min)} og ${groupedKroner(max)} kr.` };
  }
  return { oere };
}

/** An amount of kroner as Danes type it ("1.250,50 kr."), required, kept as whole øre. */
export function moneyRule(limits: MoneyLimits = {}) {
  return z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .transform((value, context) => {
      const parsed = parseMoney(value, limits);
      return "oere" in parsed ? parsed.oere : refuse(context, parsed.problem);
    });
}

/**
 * Any number of the options, each at most once, in the options' order. The form sends a checkbox group as the
 * name repeated (`parseSubmission`'s `lists`); none checked is an empty list.
 */
export function choicesRule(options: readonly { value: string }[], message = "Vælg kun blandt de viste muligheder") {
  const known = options.map((option) => option.value);
  return z
    .array(z.unknown(), { error: message })
    .default([])
    .refine((chosen) => chosen.every((value) => typeof value === "string" && known.includes(value)), message)
    .transform((chosen) => known.filter((value) => chosen.includes(value)));
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const youtubeHosts = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);

/** The video id of a YouTube address (watch, youtu.be, shorts, embed, live), or null when it is none. */
export function youtubeVideoId(input: string): string | null {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(input) ? input : `https://${input}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  let candidate: string | undefined | null;
  if (host === "youtu.be" || host === "www.youtu.be") {
    candidate = url.pathname.split("/")[1];
  } else if (youtubeHosts.has(host)) {
    const [first, second] = url.pathname.split("/").filter(Boolean);
    if (first === "watch") candidate = url.searchParams.get("v");
    else if (first === "shorts" || first === "embed" || first === "live" || first === "v") candidate = second;
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

const optionalText = (max: number) => z.string().trim().max(max, `Højst ${max} tegn`).default("");
const refuse = (context: z.RefinementCtx, message: string) => {
  context.addIssue({ code: "custom", message });
  return z.NEVER;
};
/**
 * An optional field: empty is null, as the database keeps it; otherwise `problem` says what is wrong, if
 * anything (checked alongside the other fields' and the rules across them), and `read` gives the value.
 */
const optionalField = <Output>(problem: (value: string) => string | null, read: (value: string) => Output) =>
  z
    .string()
    .trim()
    .default("")
    .superRefine((value, context) => {
      const message = value === "" ? null : problem(value);
      if (message) context.addIssue({ code: "custom", message });
    })
    .transform((value) => (value === "" ? null : read(value)));

/** A datetime-local field ("2026-12-04T20:00", seconds allowed) read as Copenhagen time. */
function readDateTime(value: string, context: z.RefinementCtx, message: string) {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value);
  try {
    if (match) return copenhagenInstant(match[1]!, match[2]!);
  } catch {
    // Not a real day or time: the message below.
  }
  return refuse(context, message);
}

function isWebAddress(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A row id as the database makes them; any other text names no row. */
export function isUuid(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** The rule of one field, by its kind, limits and message (spec §5 and §8's messages); none for files. */
export function fieldRule(field: FieldDef): z.ZodType | null {
  const { optional, message } = field;
  switch (field.kind) {
    case "image":
    case "audio":
      return null;
    case "text":
    case "textarea":
    case "alt":
      return optional ? optionalText(field.max ?? 200) : requiredText(field.max, message);
    case "richtext":
      return optional ? optionalText(field.max ?? 20000) : requiredRichText(field.max ?? 20000);
    case "number":
    case "range": {
      if (!optional) return numberRule(field);
      return optionalField(
        (value) => {
          const parsed = parseNumber(value, field);
          return "problem" in parsed ? parsed.problem : null;
        },
        (value) => Number(value.replace(",", ".")),
      );
    }
    case "money": {
      if (!optional) return moneyRule(field);
      return optionalField(
        (value) => {
          const parsed = parseMoney(value, field);
          return "problem" in parsed ? parsed.problem : null;
        },
        (value) => parseKroner(value),
      );
    }
    case "choices":
      return choicesRule(field.options ?? [], message);
    case "select":
      if (field.choicesFrom) {
        return optionalField(
          (value) => (isUuid(value) ? null : (message ?? REQUIRED)),
          (value) => value,
        );
      }
      return z.enum((field.options ?? []).map((option) => option.value) as [string, ...string[]], { error: message });
    case "datetime": {
      const dateTime = z
        .string()
        .trim()
        .default("")
        .transform((value, context) =>
          value === ""
            ? null
            : readDateTime(value, context, message ?? "Angiv dato og klokkeslæt, fx 04-12-2026 20.00"),
        );
      return optional ? dateTime : dateTime.refine((value) => value !== null, REQUIRED);
    }
    case "time":
      return optionalField(
        (value) => (TIME.test(value.slice(0, 5)) ? null : (message ?? "Angiv et klokkeslæt, fx 19.00")),
        (value) => value.slice(0, 5),
      );
    case "url":
      return z
        .string()
        .trim()
        .max(field.max ?? 2000, `Højst ${field.max ?? 2000} tegn`)
        .refine(
          (value) => value === "" || isWebAddress(value),
          message ?? "Angiv en webadresse, der begynder med https://",
        )
        .transform((value) => value || null);
    case "youtube":
      return z
        .string({ error: REQUIRED })
        .trim()
        .min(1, REQUIRED)
        .transform(
          (value, context) =>
            youtubeVideoId(value) ??
            refuse(context, message ?? "Indsæt et link til en YouTube-video, fx https://www.youtube.com/watch?v=…"),
        );
  }
}

/** The schema of a content type's form, from its fields: the server's and the browser's check alike. */
export function formSchemaOf(type: ContentType): z.ZodType<Record<string, unknown>> {
  const shape = Object.fromEntries(
    type.fields.flatMap((field) => {
      const rule = fieldRule(field);
      return rule ? [[field.name, rule]] : [];
    }),
  );
  const { refine } = type;
  if (!refine) return z.object(shape);
  // The rules across fields are checked even when a field failed, so that every message shows at once.
  return z
    .object(shape)
    .superRefine((values, context) => {
      refine(values, (field, message) => context.addIssue({ code: "custom", path: [field], message }));
    })
    .transform((values) => refine(values, () => {}));
}
