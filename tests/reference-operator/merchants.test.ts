/**
 * Two merchants on one reference operator: the second brand's settings, theme, logo, switches
 * and accounts; the status' CDN lists; and a database file from before the theme columns.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchAnswer, settingsAnswer, statusAnswer } from "~/operator/answers";
import {
  SECOND_MERCHANT_ACCOUNTS,
  SECOND_MERCHANT_CODE,
  startReferenceOperator,
  WHITELABEL_FEATURES,
  FEATURES_OFF_BY_DEFAULT,
  type ReferenceOperator,
} from "../../server/operator/index";
import { call, launchBody, post, relayGet, tokenFor } from "../support/operator-calls";

const HEX = /^#[0-9a-f]{6}$/i;

describe("merchants: the second brand", () => {
  let op: ReferenceOperator;
  beforeAll(async () => {
    op = await startReferenceOperator();
  });
  afterAll(() => op.close());

  it("answers its own title, currency, absolute logo and theme", async () => {
    const demo = settingsAnswer.parse((await call(op, "/wps/system/settings/consolidated")).value);
    const demo2 = settingsAnswer.parse((await call(op, "/wps/system/settings/consolidated", { merchant: SECOND_MERCHANT_CODE })).value);
    expect(demo2).toMatchObject({ merchantCode: "demo2", siteTitle: "Lucky Tiger", currency: "THB", currencySymbol: "฿" });
    expect(demo2.logoUrl).toBe(`${op.url}/res/logo/demo2.svg`);
    expect(demo.logoUrl).toBe("/logo.svg");
    const roles = ["primary", "primaryInk", "accent", "background", "surface", "surfaceRaised", "text", "muted", "line"];
    for (const theme of [demo.theme, demo2.theme]) {
      expect(Object.keys(theme ?? {}).sort()).toEqual([...roles].sort());
      for (const role of roles) expect((theme as Record<string, string>)[role]).toMatch(HEX);
    }
    expect(demo.theme).toMatchObject({ primary: "#f5b400", background: "#0d1117" });
    expect(demo2.theme?.primary).not.toBe(demo.theme?.primary);
    expect(demo2.theme?.background).not.toBe(demo.theme?.background);
    const logo = await fetch(demo2.logoUrl!);
    expect(logo.headers.get("content-type")).toBe("image/svg+xml");
    expect(await logo.text()).toContain(demo2.theme!.primary!);
  });

  it("has the whitelabel switches at their defaults and its own accounts", async () => {
    const { value } = await call(op, "/wps/system/whitelabel", { merchant: SECOND_MERCHANT_CODE });
    expect(Object.keys(value.features).sort()).toEqual([...WHITELABEL_FEATURES].sort());
    // Every switch on but the credit-margin mode, which would hide deposit and withdraw.
    for (const [name, on] of Object.entries(value.features)) expect([name, on]).toEqual([name, !FEATURES_OFF_BY_DEFAULT.has(name)]);
    const [tiger] = SECOND_MERCHANT_ACCOUNTS;
    const token = await tokenFor(op, tiger.username, tiger.password, SECOND_MERCHANT_CODE);
    const info = await call(op, "/wps/member/info", { token, merchant: SECOND_MERCHANT_CODE });
    expect(info.value.account).toBe(tiger.username);
    const balance = await call(op, "/wps/v2/wallets/balance", { token, merchant: SECOND_MERCHANT_CODE });
    expect(balance.value).toMatchObject({ balance: tiger.balance, currency: "THB", currencySymbol: "฿" });
    // A token belongs to its merchant; the accounts do too.
    expect((await call(op, "/wps/member/info", { token })).errorCode).toBe("user.or.token.invalid");
    const registerRules = await call(op, "/wps/system/setting/register", { merchant: SECOND_MERCHANT_CODE });
    expect(registerRules.value.length).toBeGreaterThan(3);
  });

  it("plays the shared catalogue with the second brand's members", async () => {
    const [tiger] = SECOND_MERCHANT_ACCOUNTS;
    const token = await tokenFor(op, tiger.username, tiger.password, SECOND_MERCHANT_CODE);
    const game = (await relayGet(op, "GCSGAME_gameList", { vassalage: "SLO" }, { merchant: SECOND_MERCHANT_CODE })).value.games[4];
    const json = await post(op, "/wps/game/launchGame", launchBody({ gameId: game.gameId }, { merchantCode: "demo2" }), {
      token,
      merchant: SECOND_MERCHANT_CODE,
    });
    const html = await (await fetch(launchAnswer.parse(json.value).url!)).text();
    expect(html).toContain(tiger.username);
    expect((await relayGet(op, "GCS_recentGame", {}, { token, merchant: SECOND_MERCHANT_CODE })).value.list[0].gameId).toBe(game.gameId);
  });

  it("answers the CDN lists in the status, empty until set", async () => {
    const before = statusAnswer.parse((await call(op, "/wps/system/status", { merchant: SECOND_MERCHANT_CODE })).value);
    expect(before.info).toEqual({ imageCDNs: [], launchGameCDNs: [] });
    const set = await post(op, "/__reference/cdns", { merchant: "demo2", imageCDNs: ["https://img.example.test"] }, { merchant: null });
    expect(set.value).toEqual({ imageCDNs: ["https://img.example.test"], launchGameCDNs: [] });
    await post(op, "/__reference/cdns", { merchant: "demo2", launchGameCDNs: ["https://play.example.test"] }, { merchant: null });
    const after = statusAnswer.parse((await call(op, "/wps/system/status", { merchant: SECOND_MERCHANT_CODE })).value);
    expect(after.info).toEqual({ imageCDNs: ["https://img.example.test"], launchGameCDNs: ["https://play.example.test"] });
    expect((await call(op, "/wps/system/status")).value.info).toMatchObject({ imageCDNs: [], launchGameCDNs: [] });
    expect((await post(op, "/__reference/cdns", { imageCDNs: "nope" }, { merchant: null })).errorCode).toBe("request.invalid");
  });
});

describe("merchants: a database file from before the second brand", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "operator-merchants-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("gains the theme and CDN columns, the second merchant and its accounts", async () => {
    const path = join(dir, "operator.db");
    const old = new Database(path);
    old.exec(`CREATE TABLE merchants (code TEXT PRIMARY KEY, site_title TEXT NOT NULL, currency TEXT NOT NULL, currency_symbol TEXT NOT NULL,
      currency_position TEXT NOT NULL, logo_url TEXT NOT NULL, register_url TEXT NOT NULL, maintenance INTEGER NOT NULL DEFAULT 0,
      maintenance_start TEXT, maintenance_end TEXT, region_restriction INTEGER NOT NULL DEFAULT 0);
      INSERT INTO merchants (code, site_title, currency, currency_symbol, currency_position, logo_url, register_url)
      VALUES ('demo', 'Old Title', 'CNY', '¥', 'F', '/logo.svg', 'http://localhost:3000/register');`);
    old.close();
    const op = await startReferenceOperator({ dbPath: path });
    try {
      const demo = (await call(op, "/wps/system/settings/consolidated")).value;
      expect(demo.siteTitle).toBe("Old Title");
      expect(demo.theme.primary).toBe("#f5b400");
      expect((await call(op, "/wps/system/status")).value.info).toMatchObject({ imageCDNs: [], launchGameCDNs: [] });
      expect((await call(op, "/wps/system/settings/consolidated", { merchant: "demo2" })).value.siteTitle).toBe("Lucky Tiger");
      await tokenFor(op, "tiger01", "Tiger1234", "demo2");
    } finally {
      await op.close();
    }
  });
});
