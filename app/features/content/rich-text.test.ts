import { describe, expect, it } from "vitest";
import { submittedAsHtml } from "./rich-text";

describe("submittedAsHtml: what a text field holds, as the editor starts from it", () => {
  it.each([
    [
      "the editor's HTML stays as it is",
      "<p>Kom i <strong>god</strong> tid</p>",
      "<p>Kom i <strong>god</strong> tid</p>",
    ],
    ["plain text becomes a paragraph", "Afsnittet Alfa.", "<p>Afsnittet Alfa.</p>"],
    ["blank lines part paragraphs, single breaks stay", "Et\nto\n\nTre", "<p>Et<br>to</p><p>Tre</p>"],
    ["markup characters in plain text are text", "1 < 2 & 3 > 2", "<p>1 &lt; 2 &amp; 3 &gt; 2</p>"],
    ["an empty field is empty", "  \n ", ""],
  ])("%s", (_, text, html) => {
    expect(submittedAsHtml(text)).toBe(html);
  });
});
