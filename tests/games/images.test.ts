/** Where operator images load from (decision 021): absolute URLs kept, paths on a CDN or the operator's origin, the rest refused. */
import { describe, expect, it } from "vitest";
import { DEFAULT_LOGO, resolveImage, resolveLogo } from "~/features/games/images";

const ORIGIN = "https://api.operator.example";

describe("resolveImage", () => {
  it("keeps an absolute http(s) URL as it came", () => {
    expect(resolveImage("https://img.example/a/b.png", ["https://cdn.example"], ORIGIN)).toBe("https://img.example/a/b.png");
    expect(resolveImage("http://img.example/x.svg", [], ORIGIN)).toBe("http://img.example/x.svg");
    expect(resolveImage("  HTTPS://IMG.example/x.svg  ", [], ORIGIN)).toBe("https://img.example/x.svg");
  });

  it("puts a path on a CDN chosen at random from the list", () => {
    const cdns = ["https://cdn1.example", "https://cdn2.example/", "https://cdn3.example/img/"];
    expect(resolveImage("/res/games/g1.svg", cdns, ORIGIN, () => 0)).toBe("https://cdn1.example/res/games/g1.svg");
    expect(resolveImage("/res/games/g1.svg", cdns, ORIGIN, () => 0.5)).toBe("https://cdn2.example/res/games/g1.svg");
    expect(resolveImage("/res/games/g1.svg", cdns, ORIGIN, () => 0.99)).toBe("https://cdn3.example/img/res/games/g1.svg");
    // A random source that reaches 1 still picks the last CDN.
    expect(resolveImage("/x.png", cdns, ORIGIN, () => 1)).toBe("https://cdn3.example/img/x.png");
  });

  it("spreads paths over every CDN with Math.random", () => {
    const cdns = ["https://a.example", "https://b.example"];
    const hosts = new Set(Array.from({ length: 200 }, () => new URL(resolveImage("/x.png", cdns, ORIGIN)!).host));
    expect(hosts).toEqual(new Set(["a.example", "b.example"]));
  });

  it("reads a path against the operator's origin when there is no CDN (or none usable)", () => {
    expect(resolveImage("/res/vendors/DGL.svg", [], ORIGIN)).toBe("https://api.operator.example/res/vendors/DGL.svg");
    expect(resolveImage("/res/vendors/DGL.svg", null, "http://127.0.0.1:4010/")).toBe("http://127.0.0.1:4010/res/vendors/DGL.svg");
    expect(resolveImage("res/vendors/DGL.svg", ["javascript:alert(1)", "//cdn.example", ""], ORIGIN)).toBe(
      "https://api.operator.example/res/vendors/DGL.svg",
    );
  });

  it("answers null without a place to load a path from", () => {
    expect(resolveImage("/res/x.svg", [], "")).toBeNull();
    expect(resolveImage("/res/x.svg", [], "not a url")).toBeNull();
  });

  it.each([
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    ["  javascript:alert(1)"],
    ["vbscript:msgbox(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["data:image/svg+xml,<svg onload=alert(1)>"],
    ["//evil.example/x.png"],
    ["\\\\evil.example\\x.png"],
    ["ftp://files.example/x.png"],
    ["blob:https://x.example/123"],
    ["file:///etc/passwd"],
    [""],
    ["   "],
    [null],
    [undefined],
  ])("refuses %j", (value) => {
    expect(resolveImage(value as string | null | undefined, ["https://cdn.example"], ORIGIN)).toBeNull();
  });

  it("keeps a data: URL only when it is an image", () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    expect(resolveImage(png, [], ORIGIN)).toBe(png);
    expect(resolveImage("data:image/svg+xml;base64,PHN2Zy8+", [], ORIGIN)).toBe("data:image/svg+xml;base64,PHN2Zy8+");
    expect(resolveImage("data:application/javascript;base64,YWxlcnQoMSk=", [], ORIGIN)).toBeNull();
  });
});

describe("resolveLogo", () => {
  it("keeps the portal's own path, an absolute URL or a data image; anything else is the default mark", () => {
    expect(resolveLogo("/brands/tiger.svg")).toBe("/brands/tiger.svg");
    expect(resolveLogo("https://cdn.example/logo.png")).toBe("https://cdn.example/logo.png");
    expect(resolveLogo(null)).toBe(DEFAULT_LOGO);
    expect(resolveLogo("")).toBe(DEFAULT_LOGO);
    expect(resolveLogo("javascript:alert(1)")).toBe(DEFAULT_LOGO);
    expect(resolveLogo("//evil.example/logo.png")).toBe(DEFAULT_LOGO);
    expect(resolveLogo("logo.png")).toBe(DEFAULT_LOGO);
  });
});
