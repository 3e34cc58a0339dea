/**
 * Operator HTML is cleaned before any page renders it (app/server/operator-html.server.ts): the
 * back office is another party, and what it writes must not run, post, frame or restyle.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { startPortalEnv } from "../support/portal";

let clean: (html: string) => string;
let text: (html: string) => string;

beforeAll(async () => {
  await startPortalEnv();
  ({ cleanOperatorHtml: clean, operatorText: text } = await import("~/server/operator-html.server"));
});

describe("cleanOperatorHtml", () => {
  it("keeps the formatting a notice uses", () => {
    const html =
      '<h3>Rules</h3><p>Deposit <strong>100</strong> and get <em>100%</em>.</p><ul><li>one</li></ul><table><tr><td colspan="2">x</td></tr></table>';
    expect(clean(html)).toBe(html);
  });

  it.each([
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<img src="https://cdn.example/a.png" onerror="alert(1)">', '<img src="https://cdn.example/a.png" loading="lazy" />'],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="JaVaScRiPt&colon;alert(1)">x</a>', "<a>x</a>"],
    ['<p style="position:fixed;inset:0" class="x" id="login">covered</p>', "<p>covered</p>"],
    ['<iframe src="https://evil.example"></iframe><p>a</p>', "<p>a</p>"],
    ['<form action="https://evil.example"><input name="password"><button>Go</button></form>', "Go"],
    ["<style>body{display:none}</style>text", "text"],
    ["<svg><script>alert(1)</script></svg>", ""],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ""],
    ['<img src="http://tracker.example/p.gif">', ""],
    ['<a href="//evil.example/x">x</a>', "<a>x</a>"],
    ["<h1>Big</h1><h2>Also</h2>", "<h3>Big</h3><h3>Also</h3>"],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/">', ""],
  ])("cleans %s", (dirty, expected) => {
    expect(clean(dirty)).toBe(expected);
  });

  it("opens an outside link in a new tab cut from the page, and keeps the portal's own links as they are", () => {
    expect(clean('<a href="https://example.com/x" target="_top" rel="opener">x</a>')).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(clean('<a href="/register" target="_blank">x</a>')).toBe('<a href="/register">x</a>');
  });

  it("allows the operator's own http: images (img-src names its origins)", () => {
    const src = `${process.env.OPERATOR_PUBLIC_URL ?? process.env.OPERATOR_API_URL}/demo-content/promotions/1.svg`;
    expect(clean(`<img src="${src}" alt="promo">`)).toBe(`<img src="${src}" alt="promo" loading="lazy" />`);
  });

  it("leaves odd Unicode and entities as text", () => {
    expect(clean("<p>限時優惠 🎰 &lt;b&gt; \u202Eevil</p>")).toBe("<p>限時優惠 🎰 &lt;b&gt; \u202Eevil</p>");
  });
});

describe("operatorText", () => {
  it("is the text without any markup, in one line", () => {
    expect(text("<p>New <b>lottery</b></p>\n<script>x()</script><p>game</p>")).toBe("New lottery game");
  });
});
