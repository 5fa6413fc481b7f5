import { describe, expect, it } from "vitest";
import { EMPTY_PAGE_HEADER, pageViewFrom, paragraphs } from "./page-view";

describe("pageViewFrom", () => {
  it("uses the first page of the list", () => {
    const view = pageViewFrom([
      { header: "Nyeste", image: null, sections: [] },
      { header: "Ældre", image: null, sections: [] },
    ]);
    expect(view).toMatchObject({ header: "Nyeste", isEmpty: false });
  });

  it("falls back to the spec's empty page", () => {
    expect(pageViewFrom([])).toEqual({ header: EMPTY_PAGE_HEADER, image: null, sections: [], isEmpty: true });
    expect(EMPTY_PAGE_HEADER).toBe("Empty page");
  });
});

describe("paragraphs", () => {
  it("splits at blank lines and keeps single line breaks inside a paragraph", () => {
    expect(paragraphs("En\nto\n\n  Tre  \n \n\nFire")).toEqual(["En\nto", "Tre", "Fire"]);
    expect(paragraphs("   ")).toEqual([]);
  });
});
