import { describe, expect, it } from "vitest";
import { EMPTY_PAGE_HEADER, pageViewFrom } from "./page-view";

describe("pageViewFrom", () => {
  it("uses the first page of the list", () => {
    const view = pageViewFrom([
      { header: "Nyeste", image: null, sections: [], description: "Først" },
      { header: "Ældre", image: null, sections: [], description: "" },
    ]);
    expect(view).toMatchObject({ header: "Nyeste", description: "Først", isEmpty: false });
  });

  it("falls back to the spec's empty page", () => {
    expect(pageViewFrom([])).toEqual({
      header: EMPTY_PAGE_HEADER,
      image: null,
      sections: [],
      description: "",
      isEmpty: true,
    });
    expect(EMPTY_PAGE_HEADER).toBe("Empty page");
  });
});
