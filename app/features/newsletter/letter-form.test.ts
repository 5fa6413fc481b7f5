import { describe, expect, it } from "vitest";
import type { LetterBlock } from "./letter";
import {
  blockFieldNames,
  changedBlocks,
  editorIntentOf,
  isLetterHref,
  letterProblems,
  newBlock,
  readLetterForm,
} from "./letter-form";

describe("a button's address", () => {
  it.each([
    ["/koncerter", true],
    ["/koncerter/123?uge=2#billetter", true],
    ["https://billetter.example.dk/koncert", true],
    ["HTTP://example.dk", true],
    ["//ond.example/x", false],
    ["javascript:alert(1)", false],
    ["mailto:info@example.dk", false],
    ["https://", false],
    ["https://example.dk/med mellemrum", false],
    ["/sti\\med\\backslash", false],
    ["koncerter", false],
  ])("%s → %s", (href, allowed) => {
    expect(isLetterHref(href)).toBe(allowed);
  });
});

describe("the editor's intents", () => {
  it.each([
    ["save", { kind: "save" }],
    ["add-image", { kind: "add", type: "image" }],
    ["add-concerts", { kind: "add", type: "concerts" }],
    ["up-3", { kind: "up", index: 3 }],
    ["down-0", { kind: "down", index: 0 }],
    ["remove-29", { kind: "remove", index: 29 }],
    ["add-video", null],
    ["remove-100", null],
    ["up--1", null],
    ["test", null],
  ])("%s", (value, intent) => {
    expect(editorIntentOf(value)).toEqual(intent);
  });
});

describe("adding, moving and removing blocks", () => {
  const blocks = ["a", "b", "c"];
  const made = (type: string) => `ny ${type}`;
  it.each([
    [{ kind: "up", index: 1 } as const, ["b", "a", "c"]],
    [{ kind: "up", index: 0 } as const, ["a", "b", "c"]],
    [{ kind: "down", index: 1 } as const, ["a", "c", "b"]],
    [{ kind: "down", index: 2 } as const, ["a", "b", "c"]],
    [{ kind: "remove", index: 0 } as const, ["b", "c"]],
    [{ kind: "remove", index: 7 } as const, ["a", "b", "c"]],
    [{ kind: "add", type: "button" } as const, ["a", "b", "c", "ny button"]],
  ])("%o", (intent, expected) => {
    expect(changedBlocks(blocks, intent, made)).toEqual({ ok: true, blocks: expected });
  });

  it("refuses a block more than a letter may have", () => {
    const full = Array.from({ length: 30 }, () => "x");
    expect(changedBlocks(full, { kind: "add", type: "text" }, made)).toEqual({
      ok: false,
      message: "Et brev kan højst have 30 blokke.",
    });
  });
});

describe("what keeps a letter from being sent", () => {
  it("names each block not filled in, and an empty letter", () => {
    const blocks: LetterBlock[] = [
      newBlock("text"),
      { type: "image", mediaId: "", alt: "" },
      { type: "button", label: "Køb", href: "" },
    ];
    expect(letterProblems(blocks)).toEqual([
      "Brevet har intet indhold endnu.",
      "Blok 2 (Billede): vælg et billede.",
      "Blok 3 (Knap med link): skriv knappens adresse.",
    ]);
    expect(letterProblems([{ type: "concerts" }, newBlock("text")])).toEqual([]);
  });
});

describe("reading the letter's form", () => {
  it("reads the blocks in order until one is missing, and names the wrong fields", () => {
    const form = new FormData();
    form.set("emne", "Hej");
    const first = blockFieldNames(0);
    form.set(first.type, "button");
    form.set(first.label, "Se mere");
    form.set(first.href, "ftp://example.dk");
    form.set(blockFieldNames(1).type, "concerts");
    form.set(blockFieldNames(3).type, "text");
    const read = readLetterForm(form);
    expect(read).toMatchObject({ ok: false, fieldErrors: { blok_0_adresse: [expect.any(String)] } });
    if (read.ok) return;
    expect(read.posted).toEqual([{ type: "button", label: "Se mere", href: "ftp://example.dk" }, { type: "concerts" }]);
  });

  it("refuses a block of no known kind as a whole", () => {
    const form = new FormData();
    form.set("emne", "Hej");
    form.set(blockFieldNames(0).type, "video");
    expect(readLetterForm(form)).toMatchObject({ ok: false, formError: "Brevet har en ukendt blok." });
  });
});
