import { describe, expect, it } from "vitest";
import {
  inUseMessage,
  libraryForms,
  mediaChoiceSchema,
  originalNameOf,
  statusText,
  useEditPath,
  usesText,
  type ImageUse,
} from "./library";

const use = (kind: ImageUse["kind"], title: string): ImageUse => ({ kind, id: title, title, editId: title });

describe("where an image is used, in words", () => {
  it.each([
    [[], ""],
    [[use("album", "Natlys")], 'albummet "Natlys"'],
    [[use("album", "X"), use("banner", "Y")], 'albummet "X", banneret "Y"'],
    [
      [use("page", "Priser"), use("section", "Salen"), use("article", "Nyhed"), use("stock", "Baren")],
      'siden "Priser", afsnittet "Salen", artiklen "Nyhed", galleribilledet "Baren"',
    ],
    [
      [1, 2, 3, 4, 5, 6, 7].map((n) => use("event", `K${n}`)),
      'koncerten "K1", koncerten "K2", koncerten "K3", koncerten "K4", koncerten "K5" og 2 mere',
    ],
  ] as const)("%j → %s", (uses, line) => {
    expect(usesText(uses)).toBe(line);
  });

  it.each([
    ["section", "page-1", "/page/page-1"],
    ["stock", "s-1", "/stock/s-1"],
    ["event", "e-1", "/event/e-1"],
  ] as const)("edits a %s at its admin page", (kind, editId, path) => {
    expect(useEditPath({ kind, editId })).toBe(path);
  });

  it("tells why an image in use cannot be deleted, and what to do", () => {
    expect(inUseMessage([use("album", "X"), use("banner", "Y")])).toBe(
      'Billedet bruges stadig: albummet "X", banneret "Y". Vælg et andet billede dér først.',
    );
  });
});

describe("an image's state", () => {
  it.each([
    ["processing", null, "Behandles…"],
    ["ready", null, "Klar"],
    ["failed", "Filen er ikke et billede.", "Fejlede: Filen er ikke et billede."],
    ["failed", null, "Fejlede: Kunne ikke uploade billede"],
  ] as const)("%s (%s) → %s", (status, failure, text) => {
    expect(statusText(status, failure)).toBe(text);
  });
});

describe("the uploaded file's name", () => {
  it.each([
    ["IMG_0042.HEIC", "IMG_0042.HEIC"],
    ["C:\\Users\\mette\\Billeder\\scene.jpg", "scene.jpg"],
    ["../../etc/passwd", "passwd"],
    ["  koncert\u0000\u0007 aften.png ", "koncert aften.png"],
    ["", "billede"],
    [null, "billede"],
    ["x".repeat(300), "x".repeat(200)],
    ["æ".repeat(250), "æ".repeat(200)],
  ])("%j → %j", (name, kept) => {
    expect(originalNameOf(name)).toBe(kept);
  });
});

describe("the forms' library choices", () => {
  const id = "0b8f3a52-6d7e-4c1a-9f00-3c2b1a0d9e77";
  it.each([
    ["", null],
    ["  ", null],
    [id, id],
    [` ${id} `, id],
  ])("%j is chosen as %j", (value, chosen) => {
    expect(mediaChoiceSchema.parse(value)).toBe(chosen);
  });

  it.each(["1", "../x", "0b8f3a52-6d7e-4c1a-9f00-3c2b1a0d9e7z", `${id}0`])("refuses %j in Danish", (value) => {
    const parsed = mediaChoiceSchema.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Vælg et billede fra biblioteket igen.");
  });

  it("bounds the alt text and needs a real id for the library page's forms", () => {
    expect(libraryForms.safeParse({ intent: "alt", id, alt: " Scenen " }).data).toEqual({
      intent: "alt",
      id,
      alt: "Scenen",
    });
    expect(libraryForms.safeParse({ intent: "alt", id, alt: "x".repeat(501) }).success).toBe(false);
    expect(libraryForms.safeParse({ intent: "delete", id: "ikke-et-id" }).success).toBe(false);
    expect(libraryForms.safeParse({ intent: "slet-alt", id }).success).toBe(false);
  });
});
