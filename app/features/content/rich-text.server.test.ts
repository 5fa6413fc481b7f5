import { describe, expect, it } from "vitest";
import {
  normalizeRichText,
  plainTextToRichText,
  richTextBlocks,
  richTextLead,
  richTextPlain,
} from "./rich-text.server";

describe("normalizeRichText: what the editor sends is stored as it is", () => {
  it.each([
    ["<p>Hej</p>", "<p>Hej</p>"],
    ["<p><strong>Fed</strong> og <em>kursiv</em></p>", "<p><strong>Fed</strong> og <em>kursiv</em></p>"],
    [
      '<p><a href="https://billetto.dk/e/1">Billetter</a></p>',
      '<p><a href="https://billetto.dk/e/1">Billetter</a></p>',
    ],
    ['<p><a href="/koncerter">Programmet</a></p>', '<p><a href="/koncerter">Programmet</a></p>'],
    ["<h3>Overskrift</h3><h4>Under</h4>", "<h3>Overskrift</h3><h4>Under</h4>"],
    ["<ul><li><p>En</p></li><li><p>To</p></li></ul>", "<ul><li><p>En</p></li><li><p>To</p></li></ul>"],
    [
      "<ol><li><p>Først</p><ul><li><p>inde i</p></li></ul></li></ol>",
      "<ol><li><p>Først</p><ul><li><p>inde i</p></li></ul></li></ol>",
    ],
    ["<p>Linje<br>og linje</p>", "<p>Linje<br>og linje</p>"],
    ["<p>a &lt; b &amp; c &gt; d</p>", "<p>a &lt; b &amp; c &gt; d</p>"],
    ["<p>Æbler, øl og å</p>", "<p>Æbler, øl og å</p>"],
  ])("%s", (input, stored) => {
    expect(normalizeRichText(input)).toBe(stored);
    expect(normalizeRichText(stored)).toBe(stored);
  });
});

describe("normalizeRichText: other HTML is mapped onto the subset", () => {
  it.each([
    ["<p><b>fed</b> <i>kursiv</i></p>", "<p><strong>fed</strong> <em>kursiv</em></p>"],
    ["<h1>Stor</h1><h2>Mellem</h2><h5>Lille</h5>", "<h3>Stor</h3><h3>Mellem</h3><h4>Lille</h4>"],
    ["<div>blok</div>", "<p>blok</p>"],
    ['<p><span style="color:red">farve</span></p>', "<p>farve</p>"],
    ["<p></p><p> </p><p><br></p><p>Tekst</p>", "<p>Tekst</p>"],
    ["<p><br>Tekst<br></p>", "<p>Tekst</p>"],
    ["<ul><li></li></ul><p>x</p>", "<p>x</p>"],
    ["<p>x<p>y</p></p>", "<p>x</p><p>y</p>"],
    ["<li>løst punkt</li>", "<ul><li><p>løst punkt</p></li></ul>"],
    ["<strong>uden afsnit</strong>", "<p><strong>uden afsnit</strong></p>"],
    ["<p>før<ul><li>liste i afsnit</li></ul>", "<p>før</p><ul><li><p>liste i afsnit</p></li></ul>"],
    ['<p><a href="https://a.dk"><a href="https://b.dk">inde</a></a></p>', '<p><a href="https://a.dk">inde</a></p>'],
    ["<p><a>uden adresse</a></p>", "<p>uden adresse</p>"],
    [
      '<p><a href="https://a.dk" target="_blank" rel="opener" class="x">link</a></p>',
      '<p><a href="https://a.dk">link</a></p>',
    ],
    ["<p><table><tr><td>celle</td></tr></table></p>", "<p>celle</p>"],
  ])("%s", (input, stored) => {
    expect(normalizeRichText(input)).toBe(stored);
  });
});

describe("normalizeRichText: XSS payloads through the editor's format", () => {
  it.each([
    ["<p><script>alert(1)</script>Hej</p>", "<p>Hej</p>"],
    ["<p>Hej</p><script>alert(1)</script>", "<p>Hej</p>"],
    ['<p><img src="x" onerror="alert(1)">Hej</p>', "<p>Hej</p>"],
    ['<p><a href="javascript:alert(1)">klik</a></p>', "<p>klik</p>"],
    ['<p><a href="JaVaScRiPt:alert(1)">klik</a></p>', "<p>klik</p>"],
    ['<p><a href=" javascript:alert(1)">klik</a></p>', "<p>klik</p>"],
    ['<p><a href="java\tscript:alert(1)">klik</a></p>', "<p>klik</p>"],
    ['<p><a href="&#106;avascript:alert(1)">klik</a></p>', "<p>klik</p>"],
    ['<p><a href="&#x6A;avascript&#58;alert(1)">klik</a></p>', "<p>klik</p>"],
    ['<p><a href="javascript&colon;alert(1)">klik</a></p>', "<p>klik</p>"],
    ['<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">klik</a></p>', "<p>klik</p>"],
    ['<p><a href="vbscript:msgbox(1)">klik</a></p>', "<p>klik</p>"],
    ['<p><a href="//evil.example/x">klik</a></p>', "<p>klik</p>"],
    ['<p><svg onload="alert(1)"><circle r="1"/></svg>Hej</p>', "<p>Hej</p>"],
    ["<p><svg><script>alert(1)</script></svg>Hej</p>", "<p>Hej</p>"],
    ["<style>p{color:red}</style><p>Hej</p>", "<p>Hej</p>"],
    ['<p style="background:url(javascript:alert(1))" onclick="alert(1)">Hej</p>', "<p>Hej</p>"],
    ['<p><strong onmouseover="alert(1)">Hej</strong></p>', "<p><strong>Hej</strong></p>"],
    ['<p><iframe src="https://evil.example"></iframe>Hej</p>', "<p>Hej</p>"],
    ['<p><object data="x.swf"></object><embed src="x">Hej</p>', "<p>Hej</p>"],
    ['<p><form action="https://evil.example"><input name="x"><button>Send</button></form></p>', "<p>Send</p>"],
    ['<p><math><mi xlink:href="javascript:alert(1)">x</mi></math></p>', "<p>x</p>"],
    ['<p><a href="https://a.dk" onclick="alert(1)">link</a></p>', '<p><a href="https://a.dk">link</a></p>'],
    ['<p>"><script>alert(1)</script></p>', '<p>"&gt;</p>'],
    ["<p><<script>script>alert(1)<</script>/script></p>", "<p>&lt;/script&gt;</p>"],
    ["<p><scr<script>ipt>alert(1)</script></p>", "<p>ipt&gt;alert(1)</p>"],
    ["<!--<script>alert(1)</script>--><p>Hej</p>", "<p>Hej</p>"],
    ["<p><![CDATA[<script>alert(1)</script>]]>Hej</p>", "<p>Hej</p>"],
    ['<p><a href="https://a.dk/"onmouseover="alert(1)">link</a></p>', '<p><a href="https://a.dk/">link</a></p>'],
    ['<p title="</p><script>alert(1)</script>">Hej</p>', "<p>Hej</p>"],
    ['<base href="https://evil.example/"><meta http-equiv="refresh" content="0"><p>Hej</p>', "<p>Hej</p>"],
  ])("%s", (input, stored) => {
    const output = normalizeRichText(input);
    expect(output).toBe(stored);
    expect(output).not.toMatch(/<(script|img|svg|style|iframe|object|embed|form|math|base|meta)\b/i);
    expect(output).not.toMatch(/\son\w+=|javascript:|data:|style=/i);
  });

  it("keeps a payload typed as text as visible text", () => {
    // What a visitor would read, not run: the editor escapes what is typed, and so does the plain-text path.
    expect(normalizeRichText("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
    expect(normalizeRichText('<img src=x onerror="alert(1)">')).toBe('<p>&lt;img src=x onerror="alert(1)"&gt;</p>');
  });
});

describe("normalizeRichText: addresses and Danish numbers become links", () => {
  it.each([
    [
      "<p>Skriv til booking@havnescenen.dk.</p>",
      '<p>Skriv til <a href="mailto:booking@havnescenen.dk">booking@havnescenen.dk</a>.</p>',
    ],
    ["<p>Ring 86 12 34 56.</p>", '<p>Ring <a href="tel:+4586123456">86 12 34 56</a>.</p>'],
    ["<p>Ring +45 86 12 34 56</p>", '<p>Ring <a href="tel:+4586123456">+45 86 12 34 56</a></p>'],
    ["<p>Ring +4586123456</p>", '<p>Ring <a href="tel:+4586123456">+4586123456</a></p>'],
    [
      "<p>Se https://aarhus.dk/kultur.</p>",
      '<p>Se <a href="https://aarhus.dk/kultur">https://aarhus.dk/kultur</a>.</p>',
    ],
    ["<p>Se www.aarhus.dk, tak</p>", '<p>Se <a href="https://www.aarhus.dk">www.aarhus.dk</a>, tak</p>'],
    [
      "<p>(https://da.wikipedia.org/wiki/Aarhus_(by))</p>",
      '<p>(<a href="https://da.wikipedia.org/wiki/Aarhus_(by)">https://da.wikipedia.org/wiki/Aarhus_(by)</a>)</p>',
    ],
    ["<p>https://a.dk/?a=1&amp;b=2</p>", '<p><a href="https://a.dk/?a=1&amp;b=2">https://a.dk/?a=1&amp;b=2</a></p>'],
    ["<p>CVR 12345678</p>", "<p>CVR 12345678</p>"],
    ["<p>Konto 12 34 56 78 90</p>", "<p>Konto 12 34 56 78 90</p>"],
    ["<p>Kl. 10-17 den 4. 12.</p>", "<p>Kl. 10-17 den 4. 12.</p>"],
    [
      '<p><a href="https://a.dk">skriv til info@a.dk eller ring 86 12 34 56</a></p>',
      '<p><a href="https://a.dk">skriv til info@a.dk eller ring 86 12 34 56</a></p>',
    ],
    ["<p><strong>info@a.dk</strong></p>", '<p><strong><a href="mailto:info@a.dk">info@a.dk</a></strong></p>'],
  ])("%s", (input, stored) => {
    expect(normalizeRichText(input)).toBe(stored);
    expect(normalizeRichText(stored)).toBe(stored);
  });
});

describe("plainTextToRichText: the texts of before", () => {
  it.each([
    ["", ""],
    ["   \n  ", ""],
    ["Et afsnit", "<p>Et afsnit</p>"],
    ["En\nto\n\n  Tre  \n \n\nFire", "<p>En<br>to</p><p>Tre</p><p>Fire</p>"],
    ["Windows\r\nlinjer\r\n\r\nnyt", "<p>Windows<br>linjer</p><p>nyt</p>"],
    ["a < b && c > d", "<p>a &lt; b &amp;&amp; c &gt; d</p>"],
    ["<b>ikke fed</b>", "<p>&lt;b&gt;ikke fed&lt;/b&gt;</p>"],
    ["&amp; står der", "<p>&amp;amp; står der</p>"],
    ["<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"],
    [
      "Skriv til booking@havnescenen.dk\neller se https://havnescenen.dk.",
      '<p>Skriv til <a href="mailto:booking@havnescenen.dk">booking@havnescenen.dk</a><br>eller se <a href="https://havnescenen.dk">https://havnescenen.dk</a>.</p>',
    ],
  ])("%j", (text, stored) => {
    expect(plainTextToRichText(text)).toBe(stored);
  });

  it.each([
    "En\nto\n\nTre",
    "a < b && c > d <p> </p> &amp;",
    "Pris: 210 kr. inkl. gebyr\nDørene åbner kl. 19.00\n\nSkriv til booking@havnescenen.dk eller ring +45 86 12 34 56.",
    "“Citat” – og tegn: § ½ € æøå ÆØÅ",
  ])("loses nothing: %j", (text) => {
    expect(richTextPlain(plainTextToRichText(text))).toBe(text);
  });
});

describe("reading", () => {
  const stored =
    '<h3>Husregler</h3><p>Kom <strong>i god tid</strong> &amp; <a href="https://aarhus.dk">læs mere</a>.<br>Tak</p><ul><li><p>En</p></li><li><p>To</p></li></ul><ol><li><p>Først</p></li></ol>';

  it("gives the tree React renders", () => {
    expect(richTextBlocks(stored)).toEqual([
      { type: "h3", children: ["Husregler"] },
      {
        type: "p",
        children: [
          "Kom ",
          { type: "strong", children: ["i god tid"] },
          " & ",
          { type: "a", href: "https://aarhus.dk", children: ["læs mere"] },
          ".",
          { type: "br" },
          "Tak",
        ],
      },
      { type: "ul", items: [[{ type: "p", children: ["En"] }], [{ type: "p", children: ["To"] }]] },
      { type: "ol", items: [[{ type: "p", children: ["Først"] }]] },
    ]);
  });

  it("leaves out anything outside the subset, even if it reached the database another way", () => {
    expect(richTextBlocks('<p onclick="x">a<script>b</script><a href="javascript:c">d</a></p>')).toEqual([
      { type: "p", children: ["a", "d"] },
    ]);
  });

  it("gives plain text with entities decoded", () => {
    expect(richTextPlain(stored)).toBe("Husregler\n\nKom i god tid & læs mere.\nTak\n\n• En\n• To\n\n1. Først");
    expect(richTextLead(stored)).toBe("Husregler");
    expect(richTextLead("<p>Kom &lt;nu&gt;</p>")).toBe("Kom <nu>");
    expect(richTextLead(`<p>${"a".repeat(200)}</p>`)).toHaveLength(160);
  });

  it("knows an empty text", () => {
    expect(normalizeRichText("<p></p>")).toBe("");
    expect(normalizeRichText("<p><br></p><ul><li></li></ul>")).toBe("");
    expect(normalizeRichText("<p><script>alert(1)</script></p>")).toBe("");
    expect(normalizeRichText("<p>x</p>")).toBe("<p>x</p>");
  });
});
