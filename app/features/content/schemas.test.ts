import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { contentTypes } from "./content-types";
import { formSchemaOf, numberRule, requiredRichText, requiredText, youtubeVideoId } from "./schemas";

const albumSchema = formSchemaOf(contentTypes.album);
const audioSchema = formSchemaOf(contentTypes.audio);
const bannerSchema = formSchemaOf(contentTypes.banner);
const eventSchema = formSchemaOf(contentTypes.event);
const pageSchema = formSchemaOf(contentTypes.page);
const youtubeSchema = formSchemaOf(contentTypes.youtube);

const ID = "dQw4w9WgXcQ";

/** The messages a schema gives, by field ("" for the root). */
function messages(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byPath[issue.path.join(".")] ??= []).push(issue.message);
  return byPath;
}

const firstMessage = (schema: z.ZodType, value: unknown) => Object.values(messages(schema, value))[0]?.[0];

describe("youtubeVideoId", () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://www.youtu.be/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/live/${ID}`,
    `https://www.youtube.com/v/${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/watch?v=${ID}&t=10s`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&list=PL123`,
    `https://youtu.be/${ID}?si=AbCdEfGh12345678`,
    `https://youtu.be/${ID}?t=42`,
    `https://www.youtube.com/shorts/${ID}?si=xyz`,
    `https://www.youtube.com/embed/${ID}?start=30&autoplay=1`,
    `https://www.youtube.com/watch?v=${ID}#t=1m`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}&t=10s`,
    `youtu.be/${ID}`,
    `m.youtube.com/watch?v=${ID}`,
    `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`,
  ])("finds the id in %s", (link) => {
    expect(youtubeVideoId(link)).toBe(ID);
  });

  it("keeps ids with - and _", () => {
    expect(youtubeVideoId("https://youtu.be/a-B_c-D_e1F")).toBe("a-B_c-D_e1F");
  });

  it.each([
    `https://vimeo.com/${ID}`,
    "https://vimeo.com/76979871",
    "https://www.youtube.com/",
    "https://www.youtube.com",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/watch?v=",
    "https://youtu.be/",
    "https://www.youtube.com/@kanal",
    "https://www.youtube.com/channel/UCabcdefghijk",
    `https://www.youtube.com/playlist?list=${ID}`,
    `https://www.youtube.com/${ID}`,
    "https://www.youtube.com/watch?v=dQw4w9WgXc",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQQ",
    "https://youtu.be/short",
    "https://youtu.be/dQw4w9WgXcQQ",
    `https://www.youtube.com/watch?v=dQw4w9WgX%3C`,
    `https://youtu.be/dQw4w9WgX.Q`,
    `javascript:alert(1)`,
    `javascript://www.youtube.com/watch?v=${ID}`,
    `javascript:alert('https://youtu.be/${ID}')`,
    `ftp://www.youtube.com/watch?v=${ID}`,
    `data:text/html,https://youtu.be/${ID}`,
    `https://www.youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/watch?v=${ID}`,
    `https://evil.example/youtu.be/${ID}`,
    `https://youtu.be.evil.example/${ID}`,
    `https://notyoutube.com/watch?v=${ID}`,
    "",
    "   ",
    "ikke et link",
  ])("refuses %j", (link) => {
    expect(youtubeVideoId(link)).toBeNull();
  });
});

describe("youtubeSchema", () => {
  it("keeps only the video id", () => {
    expect(
      youtubeSchema.parse({ youtube_title: "  Koncert  ", youtube_link: ` https://youtu.be/${ID}?si=abc ` }),
    ).toEqual({
      youtube_title: "Koncert",
      youtube_link: ID,
    });
  });

  it("explains in Danish what a link must be", () => {
    expect(messages(youtubeSchema, { youtube_title: "Koncert", youtube_link: "https://vimeo.com/76979871" })).toEqual({
      youtube_link: ["Indsæt et link til en YouTube-video, fx https://www.youtube.com/watch?v=…"],
    });
  });

  it("asks for both fields", () => {
    expect(messages(youtubeSchema, { youtube_title: " ", youtube_link: "  " })).toEqual({
      youtube_title: ["Feltet skal udfyldes"],
      youtube_link: ["Feltet skal udfyldes"],
    });
    expect(messages(youtubeSchema, {})).toEqual({
      youtube_title: ["Feltet skal udfyldes"],
      youtube_link: ["Feltet skal udfyldes"],
    });
  });
});

describe("numberRule", () => {
  const rule = numberRule();

  it.each([
    ["", "Feltet skal udfyldes"],
    ["   ", "Feltet skal udfyldes"],
    ["abc", "Værdien skal være et tal"],
    ["12abc", "Værdien skal være et tal"],
    ["1e3", "Værdien skal være et tal"],
    ["0x10", "Værdien skal være et tal"],
    ["1.000,5", "Værdien skal være et tal"],
    ["12,", "Værdien skal være et tal"],
    [",5", "Værdien skal være et tal"],
    ["Infinity", "Værdien skal være et tal"],
    ["-1", "Værdien skal være mellem 0 og 999999,9999"],
    ["-0.5", "Værdien skal være mellem 0 og 999999,9999"],
    ["1000000", "Værdien skal være mellem 0 og 999999,9999"],
    ["999999.99991", "Værdien skal være mellem 0 og 999999,9999"],
  ])("refuses %j with %j", (input, message) => {
    expect(firstMessage(rule, input)).toBe(message);
  });

  it("gives exactly one message for an empty field", () => {
    expect(messages(rule, "")).toEqual({ "": ["Feltet skal udfyldes"] });
    expect(messages(rule, undefined)).toEqual({ "": ["Feltet skal udfyldes"] });
  });

  it.each([
    ["0", 0],
    ["12,5", 12.5],
    ["12.5", 12.5],
    [" 42 ", 42],
    ["999999.9999", 999999.9999],
    ["999999,9999", 999999.9999],
    ["0,0001", 0.0001],
  ])("reads %j as %d", (input, number) => {
    expect(rule.parse(input)).toBe(number);
  });

  it("uses narrower bounds where a field has them", () => {
    expect(firstMessage(numberRule({ min: 1, max: 10 }), "11")).toBe("Værdien skal være mellem 1 og 10");
    expect(firstMessage(numberRule({ min: 1, max: 10 }), "0")).toBe("Værdien skal være mellem 1 og 10");
    expect(numberRule({ min: 1, max: 10 }).parse("10")).toBe(10);
  });

  it("refuses a fraction when the value must be whole", () => {
    const year = numberRule({ whole: true });
    expect(firstMessage(year, "2024.5")).toBe("Værdien skal være et helt tal");
    expect(firstMessage(year, "2024,5")).toBe("Værdien skal være et helt tal");
    expect(year.parse("2024")).toBe(2024);
  });
});

describe("requiredText", () => {
  it("trims, and refuses whitespace only", () => {
    expect(requiredText().parse("  Kajens Kvartet \n")).toBe("Kajens Kvartet");
    for (const blank of ["", " ", "\t\n  "]) expect(firstMessage(requiredText(), blank)).toBe("Feltet skal udfyldes");
    expect(firstMessage(requiredText(), undefined)).toBe("Feltet skal udfyldes");
    expect(firstMessage(requiredText(), 5)).toBe("Feltet skal udfyldes");
  });

  it("counts the length after trimming", () => {
    expect(requiredText(5).parse("  12345  ")).toBe("12345");
    expect(firstMessage(requiredText(5), "123456")).toBe("Højst 5 tegn");
    expect(firstMessage(requiredText(), "x".repeat(201))).toBe("Højst 200 tegn");
  });
});

describe("requiredRichText", () => {
  it("takes the editor's HTML or plain text, and refuses tags with no text in them", () => {
    expect(requiredRichText(100).parse("<p><strong>Hej</strong></p>")).toBe("<p><strong>Hej</strong></p>");
    expect(requiredRichText(100).parse("Bare tekst")).toBe("Bare tekst");
    for (const blank of ["", "<p></p>", "<p> &nbsp; </p>", "<ul><li><p></p></li></ul>", "<p><br></p>"])
      expect(firstMessage(requiredRichText(100), blank), blank).toBe("Feltet skal udfyldes");
  });
});

describe("entity schemas", () => {
  it("reads an album's year as a whole number", () => {
    expect(
      albumSchema.parse({ album_artist: " Kajens Kvartet ", album_year: "2024", album_title: "Fra kajen" }),
    ).toEqual({
      album_artist: "Kajens Kvartet",
      album_year: 2024,
      album_title: "Fra kajen",
    });
    expect(messages(albumSchema, { album_artist: "A", album_year: "2024.5", album_title: "T" })).toEqual({
      album_year: ["Værdien skal være et helt tal"],
    });
    expect(messages(albumSchema, { album_artist: "   ", album_year: "", album_title: "\t" })).toEqual({
      album_artist: ["Feltet skal udfyldes"],
      album_year: ["Feltet skal udfyldes"],
      album_title: ["Feltet skal udfyldes"],
    });
  });

  it("keeps a banner's range between 0 and 100", () => {
    const banner = (range: string) => ({ banner_range: range, banner_title: "Titel", banner_text: "Tekst" });
    expect(bannerSchema.parse(banner("0")).banner_range).toBe(0);
    expect(bannerSchema.parse(banner("100")).banner_range).toBe(100);
    expect(bannerSchema.parse(banner("37,5")).banner_range).toBe(37.5);
    expect(messages(bannerSchema, banner("100.5"))).toEqual({ banner_range: ["Værdien skal være mellem 0 og 100"] });
    expect(messages(bannerSchema, banner("101"))).toEqual({ banner_range: ["Værdien skal være mellem 0 og 100"] });
    expect(messages(bannerSchema, banner("-1"))).toEqual({ banner_range: ["Værdien skal være mellem 0 og 100"] });
    expect(messages(bannerSchema, banner(""))).toEqual({ banner_range: ["Feltet skal udfyldes"] });
  });

  it("lets a track's text be left out", () => {
    expect(audioSchema.parse({ audio_title: "Havnevals" })).toEqual({ audio_title: "Havnevals", audio_text: "" });
    expect(audioSchema.parse({ audio_title: "Havnevals", audio_text: "   " })).toEqual({
      audio_title: "Havnevals",
      audio_text: "",
    });
    expect(messages(audioSchema, { audio_title: "Havnevals", audio_text: "x".repeat(5001) })).toEqual({
      audio_text: ["Højst 5000 tegn"],
    });
  });

  it("only takes the known page names", () => {
    expect(pageSchema.parse({ page_page: "prices", page_header: "Priser" })).toEqual({
      page_page: "prices",
      page_header: "Priser",
    });
    expect(messages(pageSchema, { page_page: "admin", page_header: "Priser" })).toEqual({
      page_page: ["Vælg hvilken side det er"],
    });
  });
});

describe("eventSchema", () => {
  const form = (overrides: Record<string, string> = {}) => ({
    event_title: "Kajen Kvartet: Havnelys",
    event_performers: "",
    event_start: "2026-12-04T20:00",
    event_doors: "",
    event_end: "",
    event_room: "",
    event_price: "",
    event_age: "",
    event_ticket_url: "",
    event_status: "planlagt",
    event_ticket_sale: "link",
    event_moved_to: "",
    event_text: "",
    ...overrides,
  });

  it("reads the times as Copenhagen time and keeps empty optional fields as null", () => {
    const parsed = eventSchema.parse(
      form({ event_start: "2026-07-04T20:00", event_end: "2026-07-04T23:15:00", event_doors: "19:00:00" }),
    );
    expect(parsed).toMatchObject({
      event_start: new Date("2026-07-04T18:00:00Z"),
      event_end: new Date("2026-07-04T21:15:00Z"),
      event_doors: "19:00",
      event_age: null,
      event_ticket_url: null,
      event_moved_to: null,
    });
  });

  it.each([
    ["no title", { event_title: "  " }, "event_title", "Feltet skal udfyldes"],
    ["no start", { event_start: "" }, "event_start", "Feltet skal udfyldes"],
    ["a start that is no date", { event_start: "4. december" }, "event_start", "Angiv dato og klokkeslæt"],
    ["a day that does not exist", { event_start: "2026-02-30T20:00" }, "event_start", "Angiv dato og klokkeslæt"],
    ["doors at 25 o'clock", { event_doors: "25:00" }, "event_doors", "Angiv et klokkeslæt"],
    ["an age of 120", { event_age: "120" }, "event_age", "Angiv en alder mellem 0 og 99"],
    ["a ticket link without https", { event_ticket_url: "javascript:alert(1)" }, "event_ticket_url", "webadresse"],
    ["a ticket link to no host", { event_ticket_url: "https://localhost" }, "event_ticket_url", "webadresse"],
    ["an unknown status", { event_status: "udskudt" }, "event_status", "Vælg koncertens status"],
    ["a moved concert without its new time", { event_status: "flyttet" }, "event_moved_to", "Angiv den nye dato"],
    ["an end before the start", { event_end: "2026-12-04T19:00" }, "event_end", "Slut skal være efter start"],
    [
      "an end before a moved concert's new start",
      { event_status: "flyttet", event_moved_to: "2027-01-10T20:00", event_end: "2026-12-04T23:00" },
      "event_end",
      "Slut skal være efter start",
    ],
  ])("refuses %s", (_, overrides, field, message) => {
    expect(messages(eventSchema, form(overrides))[field]?.[0]).toContain(message);
  });

  it("keeps a moved concert's new time, and drops one left behind when the status changed back", () => {
    expect(
      eventSchema.parse(form({ event_status: "flyttet", event_moved_to: "2027-01-10T20:00" })).event_moved_to,
    ).toEqual(new Date("2027-01-10T19:00:00Z"));
    expect(
      eventSchema.parse(form({ event_status: "planlagt", event_moved_to: "2027-01-10T20:00" })).event_moved_to,
    ).toBeNull();
  });

  it.each([
    ["link", "210 kr. inkl. gebyr"],
    ["none", "Gratis"],
    ["own", ""],
  ] as const)(
    "stores the price text of a concert whose sale is %s as %j: an own sale's price comes from the sale",
    (sale, kept) => {
      const parsed = eventSchema.parse(
        form({ event_ticket_sale: sale, event_price: ` ${kept || "175 kr. + gebyr"} ` }),
      );
      expect(parsed.event_price).toBe(kept);
    },
  );
});
