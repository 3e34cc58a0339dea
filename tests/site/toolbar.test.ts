import { describe, expect, it } from "vitest";
import { toolbarEntries } from "~/features/site/toolbar.server";

const resources = [
  { resourceType: "IOS", url: "https://op.example/app/ios", qrCodeUrl: "" },
  { resourceType: "WECHAT", url: "", qrCodeUrl: "https://op.example/qr/wechat.svg" },
  { resourceType: "QQ", url: "https://qm.qq.com/q/demo", qrCodeUrl: "" },
  { resourceType: "Zalo", url: "javascript:alert(1)", qrCodeUrl: "javascript:alert(2)" },
  { resourceType: "SpeedTest", url: "/speed-test", qrCodeUrl: "" },
];
const ids = async (...args: Parameters<typeof toolbarEntries>) => (await toolbarEntries(...args)).map((e) => e.id);

describe("the tool bar's entries", () => {
  it("shows the messaging apps with a QR code (the operator's picture, or one drawn from the address), never a script address", async () => {
    const entries = await toolbarEntries(resources, "guest");
    expect(entries.find((e) => e.id === "wechat")).toEqual({ id: "wechat", href: null, qr: "https://op.example/qr/wechat.svg" });
    const qq = entries.find((e) => e.id === "qq");
    expect(qq).toMatchObject({ href: "https://qm.qq.com/q/demo" });
    expect(qq && "qr" in qq ? qq.qr : "").toMatch(/^data:image\/svg\+xml;base64,/);
    expect(entries.some((e) => e.id === "zalo")).toBe(false);
    expect(JSON.stringify(entries)).not.toContain("javascript:");
  });

  it("names the cashier and the centre through the login for a guest, leaves them out for free play, and the cashier where it is shut", async () => {
    expect(await ids(resources, "guest")).toEqual([
      "wechat",
      "qq",
      "service",
      "download",
      "promotions",
      "speed",
      "news",
      "help",
      "deposit",
      "member",
    ]);
    expect((await toolbarEntries(resources, "guest")).filter((e) => "gated" in e && e.gated).map((e) => e.id)).toEqual([
      "deposit",
      "member",
    ]);
    expect(await ids(resources, "trial")).not.toContain("member");
    expect(await ids(resources, "trial")).not.toContain("deposit");
    expect((await ids(resources, "player")).slice(-1)).toEqual(["member"]);
    expect((await ids(resources, "player-deposit")).slice(-2)).toEqual(["deposit", "member"]);
  });

  it("offers app download and the speed check only when the operator has them", async () => {
    expect(await ids([], "player")).toEqual(["service", "promotions", "news", "help", "member"]);
    expect(await ids(null, "player")).toEqual(["service", "promotions", "news", "help", "member"]);
  });

  it("works the entries out once per cached answer and kind", async () => {
    expect(toolbarEntries(resources, "guest")).toBe(toolbarEntries(resources, "guest"));
    expect(toolbarEntries(resources, "guest")).not.toBe(toolbarEntries(resources, "player"));
  });
});
