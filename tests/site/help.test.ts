/**
 * The help centre and the app download page (document 001, section 2, screens 12 and 16): the
 * help tree's views (cleaned HTML, text titles, one topic per tag), which topic an address asks
 * for (`?tag`, `#tag`, `?only=1`, an unknown tag), the reference operator's tree in each language
 * through the route's loader, and the download page's QR codes (drawn on the server, once per
 * address) and install guide.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { getRequest, run, startPortalEnv } from "../support/portal";
import type { HelpTopic } from "~/features/content/help-topics";

let reference: ReferenceOperator;
let help: typeof import("~/features/content/help.server");
let topics: typeof import("~/features/content/help-topics");
let download: typeof import("~/features/content/download.server");
let helpRoute: typeof import("~/routes/_content+/help");
let downloadRoute: typeof import("~/routes/_content+/download");
let appRoute: typeof import("~/routes/_content+/app");

beforeAll(async () => {
  reference = await startPortalEnv();
  help = await import("~/features/content/help.server");
  topics = await import("~/features/content/help-topics");
  download = await import("~/features/content/download.server");
  helpRoute = await import("~/routes/_content+/help");
  downloadRoute = await import("~/routes/_content+/download");
  appRoute = await import("~/routes/_content+/app");
});

const HOSTILE =
  '<p onclick="steal()">Hello <b>there</b></p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)" onmouseover="x()">link</a><p style="position:fixed">covered</p><iframe src="https://evil.example"></iframe>';

const answer = () =>
  help.helpAnswer.parse([
    { tag: "register", title: "<b>Registering</b>", content: HOSTILE, children: [] },
    {
      tag: "deposit",
      title: "Deposits",
      content: "<h1>Paying in</h1><p>Choose a way to pay.</p>",
      children: [
        { tag: "deposit-bank", title: "Bank transfer", content: "<p>Bank</p>" },
        { tag: "deposit-ewallet", title: "E-wallets", content: "<p>Wallets</p>", children: null },
      ],
    },
    { tag: 42, title: "A numeric tag", content: "<p>" + "word ".repeat(60) + "</p>" },
    { tag: "deposit", title: "A second deposit", content: "<p>never shown</p>" },
    { tag: "  ", title: "No tag", content: "<p>never shown</p>" },
    { tag: "withdraw", title: "", content: "" },
  ]);

const on = /\son\w+\s*=/i;

describe("the help tree's views", () => {
  it("cleans the operator's HTML and reduces titles to text", () => {
    const [register, deposit] = help.helpTopics(answer());
    expect(register.title).toBe("Registering");
    expect(register.html).not.toMatch(/<script|<iframe|style=|javascript:/i);
    expect(register.html).not.toMatch(on);
    expect(register.html).toContain("<b>there</b>");
    expect(register.summary).toBe("Hello there link covered");
    // Headings start below the page's and the topic's own.
    expect(deposit.html).toBe("<h3>Paying in</h3><p>Choose a way to pay.</p>");
    expect(deposit.summary).toBe("Paying in Choose a way to pay.");
  });

  it("keeps one topic per tag: numeric tags as text, none without a tag or twice the same; an empty title shows the tag", () => {
    const tree = help.helpTopics(answer());
    expect(tree.map((t) => t.tag)).toEqual(["register", "deposit", "42", "withdraw"]);
    expect(tree[1].children.map((t) => t.tag)).toEqual(["deposit-bank", "deposit-ewallet"]);
    expect(tree[3].title).toBe("withdraw");
    expect(tree[2].summary.length).toBeLessThanOrEqual(80);
    expect(tree[2].summary.endsWith("…")).toBe(true);
  });

  it("makes the views once per answer", () => {
    const cached = answer();
    expect(help.helpTopics(cached)).toBe(help.helpTopics(cached));
    expect(help.helpTopics(answer())).not.toBe(help.helpTopics(cached));
  });

  it("asks the operator in the page's language, CN for anything else", () => {
    expect(["CN", "TW", "JA", "EN", "TH", "VI"].map(help.helpLanguage)).toEqual(["CN", "TW", "JA", "EN", "TH", "VI"]);
    expect(help.helpLanguage("RU")).toBe("CN");
  });
});

describe("which topic an address asks for", () => {
  let tree: HelpTopic[];
  beforeAll(() => {
    tree = help.helpTopics(answer());
  });

  it("no tag: the menu list of every topic", () => {
    expect(topics.chooseTopic(tree, null, false)).toEqual({ topic: null, path: [], listed: tree, unknown: false });
    expect(topics.chooseTopic(tree, "", true).topic).toBeNull();
  });

  it("a tag: that topic, its branch open, every topic listed", () => {
    const choice = topics.chooseTopic(tree, "deposit-ewallet", false);
    expect(choice.topic?.title).toBe("E-wallets");
    expect(choice.path).toEqual(["deposit", "deposit-ewallet"]);
    expect(choice.listed).toHaveLength(4);
    expect(choice.unknown).toBe(false);
  });

  it("only=1: the asked topic's top-level topic alone, with its children", () => {
    expect(topics.chooseTopic(tree, "deposit", true).listed.map((t) => t.tag)).toEqual(["deposit"]);
    const child = topics.chooseTopic(tree, "deposit-bank", true);
    expect(child.topic?.tag).toBe("deposit-bank");
    expect(child.listed.map((t) => t.tag)).toEqual(["deposit"]);
    expect(child.listed[0].children).toHaveLength(2);
  });

  it("an unknown tag: the first topic, said so, every topic listed (only=1 cannot narrow to nothing)", () => {
    for (const only of [false, true]) {
      const choice = topics.chooseTopic(tree, "nope", only);
      expect(choice.topic?.tag).toBe("register");
      expect(choice.unknown).toBe(true);
      expect(choice.listed).toHaveLength(4);
    }
    expect(topics.chooseTopic([], "nope", false)).toEqual({ topic: null, path: [], listed: [], unknown: true });
  });

  it("a hash names a topic only when the tree has it; other fragments are the page's", () => {
    expect(topics.tagOfHash(tree, "#withdraw")).toBe("withdraw");
    expect(topics.tagOfHash(tree, "#deposit-bank")).toBe("deposit-bank");
    expect(topics.tagOfHash(tree, "#main")).toBeNull();
    expect(topics.tagOfHash(tree, "#")).toBeNull();
    expect(topics.tagOfHash(tree, "#%E0%A4%A")).toBeNull();
  });

  it("links each topic by a query the server reads", () => {
    expect(topics.helpHref("deposit")).toBe("/help?tag=deposit");
    expect(topics.helpHref("a b&c", true)).toBe("/help?tag=a+b%26c&only=1");
  });
});

describe("the help page's loader (reference operator)", () => {
  const load = async (url: string) => {
    const response = await run(() => helpRoute.loader({ request: getRequest(url), params: {}, context: {} }));
    return { status: response.status, data: (await response.json()) as { topics: HelpTopic[] | null } };
  };

  it("reads the tree in the page's language", async () => {
    const cn = await load("/help");
    expect(cn.status).toBe(200);
    expect(cn.data.topics?.map((t) => t.tag)).toEqual([
      "register",
      "deposit",
      "withdraw",
      "security",
      "responsible-gaming",
      "faq",
      "about",
    ]);
    expect(cn.data.topics?.[1].children.map((t) => t.tag)).toEqual(["deposit-bank", "deposit-ewallet"]);
    expect(cn.data.topics?.[0].title).toBe("注册账户");
    const en = await load("/help?lng=EN");
    expect(en.data.topics?.[0].title).toBe("Registering");
    const tw = await load("/help?lng=TW");
    expect(tw.data.topics?.[0].title).toBe("註冊帳戶");
  });

  it("draws no script and no event attribute from any topic", async () => {
    const { data } = await load("/help?lng=EN");
    const all = (list: HelpTopic[]): HelpTopic[] => list.flatMap((t) => [t, ...all(t.children)]);
    for (const topic of all(data.topics ?? [])) {
      expect(topic.html).not.toMatch(/<script/i);
      expect(topic.html).not.toMatch(on);
    }
  });

  it("reads the tree again for a new language, not for a new topic", () => {
    const ask = (from: string, to: string, formMethod?: "POST") =>
      helpRoute.shouldRevalidate!({
        currentUrl: new URL(from, "http://portal.test"),
        nextUrl: new URL(to, "http://portal.test"),
        currentParams: {},
        nextParams: {},
        formMethod,
        defaultShouldRevalidate: true,
      });
    expect(ask("/help", "/help?tag=deposit")).toBe(false);
    expect(ask("/help?tag=deposit", "/help?tag=withdraw&only=1")).toBe(false);
    expect(ask("/help?tag=deposit", "/help?tag=deposit&lng=EN")).toBe(true);
    expect(ask("/help", "/help")).toBe(true);
    expect(ask("/help", "/help?tag=deposit", "POST")).toBe(true);
  });
});

describe("the app download page", () => {
  const decode = (dataUrl: string) => Buffer.from(dataUrl.replace("data:image/svg+xml;base64,", ""), "base64").toString("utf8");

  it("draws a QR code as an SVG data URL, a different one per address, once per address", async () => {
    const a = download.qrImage("https://example.com/app/ios");
    expect(download.qrImage("https://example.com/app/ios")).toBe(a);
    const [first, second] = await Promise.all([a, download.qrImage("https://example.com/app/android")]);
    expect(first).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/);
    expect(decode(first)).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(decode(first)).not.toMatch(/<script|\son\w+=/i);
    expect(second).not.toBe(first);
  });

  it("keeps at most 32 addresses: an address pushed out is drawn anew", async () => {
    const kept = download.qrImage("https://example.com/kept");
    for (let i = 0; i < 32; i++) await download.qrImage(`https://example.com/other/${i}`);
    const again = download.qrImage("https://example.com/kept");
    expect(again).not.toBe(kept);
    expect(await again).toBe(await kept);
  });

  it("offers iOS, Android and H5 in that order, those with a web address only; a given QR image is kept", async () => {
    const resources = [
      { resourceType: "H5", url: "https://h5.example", qrCodeUrl: "" },
      { resourceType: "WECHAT", url: "", qrCodeUrl: "https://cdn.example/wechat.png" },
      { resourceType: "Android", url: "javascript:alert(1)", qrCodeUrl: "" },
      { resourceType: "ios", url: "https://ios.example", qrCodeUrl: "https://cdn.example/ios-qr.png" },
    ];
    const offered = await download.appDownloads(resources);
    expect(offered.map((d) => [d.platform, d.url])).toEqual([
      ["IOS", "https://ios.example"],
      ["H5", "https://h5.example"],
    ]);
    expect(offered[0].qr).toBe("https://cdn.example/ios-qr.png");
    expect(offered[1].qr).toBe(await download.qrImage("https://h5.example"));
    expect(await download.appDownloads(null)).toEqual([]);
  });

  it("draws its own QR code when the given image could not be shown (a stranger's http: address)", async () => {
    const [ios] = await download.appDownloads([
      { resourceType: "IOS", url: "https://ios.example", qrCodeUrl: "http://elsewhere.example/qr.png" },
    ]);
    expect(ios.qr).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it("puts the install guide in its order, as text", () => {
    expect(
      download.installGuide([
        { step: 2, title: "Second", text: "<b>two</b>" },
        { step: 1, title: "First", text: "one" },
        { step: 3, title: "", text: "" },
      ]),
    ).toEqual([
      { title: "First", text: "one" },
      { title: "Second", text: "two" },
    ]);
    expect(download.installGuide(undefined)).toEqual([]);
    // Text, not HTML: React escapes it where it is drawn, so no entity shows through.
    expect(download.installGuide([{ step: 1, title: "Settings → VPN & Device", text: "1 < 2 &amp; <i>3</i> &amp;lt;" }])).toEqual([
      { title: "Settings → VPN & Device", text: "1 < 2 & 3 &lt;" },
    ]);
  });

  it("answers the reference operator's three apps and six steps in the page's language", async () => {
    const response = await run(() => downloadRoute.loader({ request: getRequest("/download?lng=EN"), params: {}, context: {} }));
    expect(response.status).toBe(200);
    const data = (await response.json()) as { downloads: { platform: string; url: string; qr: string }[]; guide: { title: string }[] };
    expect(data.downloads.map((d) => d.platform)).toEqual(["IOS", "Android", "H5"]);
    expect(data.downloads[0].url).toBe(`${reference.url}/demo-content/app/ios`);
    for (const d of data.downloads) expect(d.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(data.guide).toHaveLength(6);
    const cn = await run(() => downloadRoute.loader({ request: getRequest("/download"), params: {}, context: {} }));
    const cnGuide = ((await cn.json()) as { guide: { title: string }[] }).guide;
    expect(cnGuide[0].title).not.toBe(data.guide[0].title);
  });

  it("/app is the same page, by a permanent redirect that keeps the query", async () => {
    const response = await run(() => appRoute.loader({ request: getRequest("/app?lng=EN"), params: {}, context: {} }));
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/download?lng=EN");
  });
});
