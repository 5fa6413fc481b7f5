import { describe, expect, it } from "vitest";
import { contentTypes } from "../content-types";
import { chosenFile, validateEntityForm } from "./validation";

const form = (fields: Record<string, string | File>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const image = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "cover.png", { type: "image/png" });
const audio = () => new File([new Uint8Array([0x49, 0x44, 0x33])], "sang.mp3", { type: "audio/mpeg" });
/** What a browser sends for a file input where nothing was chosen. */
const nothingChosen = () => new File([], "", { type: "application/octet-stream" });

describe("validateEntityForm", () => {
  it("marks every whitespace-only field as required", () => {
    const result = validateEntityForm(
      contentTypes.album,
      form({ album_title: "   ", album_artist: "\t", album_year: " ", album_image: image() }),
      {
        requireFiles: true,
      },
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.fieldErrors).toEqual({
      album_title: ["Feltet skal udfyldes"],
      album_artist: ["Feltet skal udfyldes"],
      album_year: ["Feltet skal udfyldes"],
    });
    expect(result.noFile).toBe(false);
    expect(result.toast).toEqual({ kind: "error", message: "Ret de markerede felter" });
    expect(result.values).toEqual({ album_title: "   ", album_artist: "\t", album_year: " " });
  });

  it("marks whitespace-only fields of other entities too", () => {
    const result = validateEntityForm(contentTypes.article, form({ article_header: "  ", article_text: "\n\n" }), {
      requireFiles: false,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.fieldErrors).toEqual({
      article_header: ["Feltet skal udfyldes"],
      article_text: ["Feltet skal udfyldes"],
    });
  });

  it("says 'Intet billed at uploade' when a required image is missing", () => {
    const missingImages: Record<string, string | File>[] = [{}, { album_image: nothingChosen() }, { album_image: "" }];
    for (const missing of missingImages) {
      const result = validateEntityForm(
        contentTypes.album,
        form({ album_title: "Fra kajen", album_artist: "Kajens Kvartet", album_year: "2024", ...missing }),
        {
          requireFiles: true,
        },
      );
      expect(result.success).toBe(false);
      if (result.success) return;
      expect(result.noFile).toBe(true);
      expect(result.toast).toEqual({ kind: "error", message: "Intet billed at uploade" });
      expect(result.fieldErrors).toEqual({ album_image: ["Intet billed at uploade"] });
    }
  });

  it("gives the image message together with the field errors", () => {
    const result = validateEntityForm(contentTypes.stock, form({ stock_title: " ", stock_text: "Tekst" }), {
      requireFiles: true,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.noFile).toBe(true);
    expect(result.toast?.message).toBe("Intet billed at uploade");
    expect(result.fieldErrors).toEqual({
      stock_title: ["Feltet skal udfyldes"],
      stock_alt: ["Billedet mangler en alternativ tekst. Skriv den i Mine Billeder eller her."],
      stock_image: ["Intet billed at uploade"],
    });
  });

  it("takes a library image instead of a file, and refuses a choice that is no id (decision 020)", () => {
    const fields = { album_title: "Fra kajen", album_artist: "Kajens Kvartet", album_year: "2024" };
    const chosen = validateEntityForm(
      contentTypes.album,
      form({ ...fields, album_image_media: "0b8f3a52-6d7e-4c1a-9f00-3c2b1a0d9e77" }),
      { requireFiles: true },
    );
    expect(chosen).toMatchObject({ success: true, mediaId: "0b8f3a52-6d7e-4c1a-9f00-3c2b1a0d9e77" });
    const refused = validateEntityForm(contentTypes.album, form({ ...fields, album_image_media: "../../etc" }), {
      requireFiles: true,
    });
    expect(refused).toMatchObject({
      success: false,
      fieldErrors: { album_image: ["Vælg et billede fra biblioteket igen."] },
    });
  });

  it("does not ask for an image when editing (the old one stays)", () => {
    const result = validateEntityForm(
      contentTypes.album,
      form({ album_title: "Fra kajen", album_artist: "Kajens Kvartet", album_year: "2024" }),
      {
        requireFiles: false,
      },
    );
    expect(result).toEqual({
      success: true,
      data: { album_title: "Fra kajen", album_artist: "Kajens Kvartet", album_year: 2024 },
      files: { image: null, audio: null },
      mediaId: null,
      published: false,
      values: { album_title: "Fra kajen", album_artist: "Kajens Kvartet", album_year: "2024" },
    });
  });

  it("answers the parsed data, the chosen file and the publish choice", () => {
    const file = image();
    const result = validateEntityForm(
      contentTypes.album,
      form({
        album_title: " Fra kajen ",
        album_artist: "Kajens Kvartet",
        album_year: "2024",
        album_image: file,
        published: "on",
      }),
      { requireFiles: true },
    );
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).toEqual({ album_title: "Fra kajen", album_artist: "Kajens Kvartet", album_year: 2024 });
    expect(result.files.image).toBeInstanceOf(File);
    expect(result.files.image?.name).toBe("cover.png");
    expect(result.files.audio).toBeNull();
    expect(result.published).toBe(true);
  });

  it("lets a section be created without an image", () => {
    const result = validateEntityForm(
      contentTypes.section,
      form({ section_header: "Om os", section_text: "Tekst", section_image: nothingChosen() }),
      {
        requireFiles: true,
      },
    );
    expect(result).toMatchObject({
      success: true,
      data: { section_header: "Om os", section_text: "Tekst" },
      files: { image: null },
    });
  });

  it("lets a track's text be left out, but not its audio file", () => {
    const withFile = validateEntityForm(contentTypes.audio, form({ audio_title: "Havnevals", audio_audio: audio() }), {
      requireFiles: true,
    });
    expect(withFile.success).toBe(true);
    if (!withFile.success) return;
    expect(withFile.data).toEqual({ audio_title: "Havnevals", audio_text: "" });
    expect(withFile.files.audio?.name).toBe("sang.mp3");

    const blankText = validateEntityForm(
      contentTypes.audio,
      form({ audio_title: "Havnevals", audio_text: "   ", audio_audio: audio() }),
      { requireFiles: true },
    );
    expect(blankText).toMatchObject({ success: true, data: { audio_text: "" } });

    const withoutFile = validateEntityForm(
      contentTypes.audio,
      form({ audio_title: "Havnevals", audio_audio: nothingChosen() }),
      { requireFiles: true },
    );
    expect(withoutFile.success).toBe(false);
    if (withoutFile.success) return;
    expect(withoutFile.noFile).toBe(true);
    expect(withoutFile.fieldErrors).toEqual({ audio_audio: ["Vælg en lydfil"] });
    // Not the image message: it is a sound file that is missing.
    expect(withoutFile.toast).toEqual({ kind: "error", message: "Ret de markerede felter" });
  });

  it("keeps the YouTube video id and explains a wrong link", () => {
    expect(
      validateEntityForm(
        contentTypes.youtube,
        form({ youtube_title: "Koncert", youtube_link: "https://youtu.be/dQw4w9WgXcQ?si=x" }),
        { requireFiles: true },
      ),
    ).toMatchObject({ success: true, data: { youtube_title: "Koncert", youtube_link: "dQw4w9WgXcQ" } });
    const wrong = validateEntityForm(
      contentTypes.youtube,
      form({ youtube_title: "Koncert", youtube_link: "https://vimeo.com/1" }),
      { requireFiles: true },
    );
    expect(wrong).toMatchObject({ success: false, noFile: false });
    if (wrong.success) return;
    expect(wrong.fieldErrors.youtube_link).toEqual([
      "Indsæt et link til en YouTube-video, fx https://www.youtube.com/watch?v=…",
    ]);
  });

  it("ignores fields the content type does not have", () => {
    const result = validateEntityForm(
      contentTypes.youtube,
      form({ youtube_title: "Koncert", youtube_link: "youtu.be/dQw4w9WgXcQ", id: "x", role: "admin" }),
      {
        requireFiles: false,
      },
    );
    expect(result).toMatchObject({ success: true, data: { youtube_title: "Koncert", youtube_link: "dQw4w9WgXcQ" } });
    if (result.success) expect(Object.keys(result.data).sort()).toEqual(["youtube_link", "youtube_title"]);
  });
});

describe("validateEntityForm with an amount and a group of checkboxes (the add-on's)", () => {
  const addOnForm = (requiredFor: string[], price = "1.500") => {
    const data = form({
      add_on_name: "Slutrengøring",
      add_on_price: price,
      add_on_unit: "booking",
      add_on_vat: "standard",
    });
    for (const value of requiredFor) data.append("add_on_required_for", value);
    return data;
  };

  it("takes every checked box of a plain form, and gives them back comma-joined", () => {
    expect(validateEntityForm(contentTypes.addOn, addOnForm(["privat", "forening"]), { requireFiles: true })).toEqual({
      success: true,
      data: {
        add_on_name: "Slutrengøring",
        add_on_description: "",
        add_on_price: 150_000,
        add_on_unit: "booking",
        add_on_vat: "standard",
        add_on_required_for: ["privat", "forening"],
      },
      files: { image: null, audio: null },
      mediaId: null,
      published: false,
      values: {
        add_on_name: "Slutrengøring",
        add_on_price: "1.500",
        add_on_unit: "booking",
        add_on_vat: "standard",
        add_on_required_for: "privat,forening",
      },
    });
  });

  it("takes no box checked as none", () => {
    expect(validateEntityForm(contentTypes.addOn, addOnForm([]), { requireFiles: true })).toMatchObject({
      success: true,
      data: { add_on_required_for: [] },
      values: { add_on_required_for: "" },
    });
  });

  it("refuses a value that is no option and an amount that is none, in Danish", () => {
    const result = validateEntityForm(contentTypes.addOn, addOnForm(["privat", "firma"], "1,500"), {
      requireFiles: true,
    });
    expect(result).toMatchObject({
      success: false,
      fieldErrors: {
        add_on_price: ["Angiv et beløb i kroner, fx 1.250,50"],
        add_on_required_for: ["Vælg kun blandt de viste muligheder"],
      },
      values: { add_on_price: "1,500", add_on_required_for: "privat,firma" },
      toast: { kind: "error", message: "Ret de markerede felter" },
    });
  });
});

describe("chosenFile", () => {
  it("takes a chosen file and ignores the empty one browsers send", () => {
    const file = image();
    expect(chosenFile(file)).toBe(file);
    expect(chosenFile(nothingChosen())).toBeNull();
    expect(chosenFile("cover.png")).toBeNull();
    expect(chosenFile(null)).toBeNull();
    expect(chosenFile(undefined)).toBeNull();
  });

  it("keeps an empty file that has a name, so the upload can say it is empty", () => {
    expect(chosenFile(new File([], "tom.png"))).not.toBeNull();
  });
});
