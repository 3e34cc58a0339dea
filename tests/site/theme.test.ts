/** The merchant's theme stylesheet (decision 022): valid colours as custom properties, hostile values dropped, cached with an ETag. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { themeColour, themeCss, themeHref } from "~/styles/theme";
import { themeStylesheet } from "~/styles/theme.server";
import type { ReferenceOperator } from "../../server/operator/index";
import { args, getRequest, startPortalEnv } from "../support/portal";

describe("a theme colour", () => {
  it.each([
    ["#fff", "#fff"],
    ["#F2C14E", "#f2c14e"],
    ["#0b1020cc", "#0b1020cc"],
    ["rgb(12, 34, 56)", "rgb(12, 34, 56)"],
    ["rgb(12 34 56)", "rgb(12 34 56)"],
    ["rgba(12,34,56,0.5)", "rgba(12,34,56,0.5)"],
    ["rgb(12 34 56 / 50%)", "rgb(12 34 56 / 50%)"],
    ["hsl(45, 86%, 63%)", "hsl(45, 86%, 63%)"],
    ["HSL(45 86% 63%)", "hsl(45 86% 63%)"],
    ["  #abc  ", "#abc"],
  ])("accepts %j", (value, css) => {
    expect(themeColour(value)).toBe(css);
  });

  it.each([
    ["red;}body{display:none"],
    ["red"],
    ["#ff0000;}body{display:none}"],
    ["#ff00"],
    ["#ff00000"],
    ["#gggggg"],
    ["rgb(1,2,3);background:url(https://evil.example)"],
    ["rgb(1,2)"],
    ["rgb(var(--x),2,3)"],
    ["rgb(1,2,3) !important"],
    ["hsl(45deg, 86%, 63%)"],
    ["url(javascript:alert(1))"],
    ["expression(alert(1))"],
    ["#fff\\;"],
    ["</style><script>alert(1)</script>"],
    ["calc(1px + 2px)"],
    ["rgb(1111,2,3)"],
    [""],
    [42],
    [null],
    [{ toString: () => "#fff" }],
  ])("drops %j", (value) => {
    expect(themeColour(value)).toBeNull();
  });
});

describe("the stylesheet", () => {
  it("sets the custom property of each valid role and drops the rest, never echoing them", () => {
    const css = themeCss({
      primary: "#e4572e",
      primaryInk: "#fff",
      background: "red;}body{display:none",
      text: "rgb(240, 240, 240)",
      muted: "}",
    });
    expect(css).toContain(":root{--brand:#e4572e;--brand-ink:#fff;--text:rgb(240, 240, 240)}");
    expect(css).not.toContain("display");
    expect(css).not.toContain("--bg");
    expect(css.match(/[{}]/g)).toEqual(["{", "}"]);
  });

  it("is an empty rule without a theme (the default dark theme of app.css stays)", () => {
    expect(themeCss(null)).toContain(":root{}");
    expect(themeCss({})).toContain(":root{}");
  });

  it("has a version that changes with the colours and only with them", () => {
    const a = themeStylesheet({ primary: "#e4572e" }).version;
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(themeStylesheet({ primary: "#e4572e", line: "nonsense" }).version).toBe(a);
    expect(themeStylesheet({ primary: "#e4572f" }).version).not.toBe(a);
    expect(themeHref(a)).toBe(`/resources/theme.css?v=${a}`);
    expect(themeHref(null)).toBe("/resources/theme.css");
  });
});

describe("GET /resources/theme.css", () => {
  let operator: ReferenceOperator;
  beforeAll(async () => {
    operator = await startPortalEnv();
  });
  afterAll(() => operator.close());

  it("answers CSS cached for five minutes with an ETag, and 304 when the browser has it", async () => {
    const route = await import("~/routes/resources+/theme[.]css");
    const response = await route.loader({ request: getRequest("/resources/theme.css"), params: {}, context: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/css; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(await response.text()).toMatch(/:root\{[^{}]*\}/);

    const again = await route.loader({
      request: new Request("http://portal.test/resources/theme.css", { headers: { "If-None-Match": `W/${etag}, "other"` } }),
      params: {},
      context: {},
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("links the stylesheet from the root with the theme's version", async () => {
    const root = await import("~/root");
    const data = await (await root.loader(args(getRequest("/")))).json();
    const route = await import("~/routes/resources+/theme[.]css");
    const response = await route.loader({ request: getRequest("/resources/theme.css"), params: {}, context: {} });
    expect(response.headers.get("ETag")).toBe(`"${data.site.themeVersion}"`);
  });
});
