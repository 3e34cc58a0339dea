/**
 * The reference operator's lottery (decision 034): the clock's issues and lock windows, draws
 * made once and kept in SQLite (the same after a restart), the gateway's answers in the shapes
 * the portal reads, the lottery launch and its demo page, and the test clock.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchAnswer, lotteryDrawsAnswer, lotteryIssueAnswer, lotteryMenusAnswer } from "~/operator/answers";
import { startReferenceOperator, type ReferenceOperator } from "../../server/operator/index";
import { LOTTERY_GAMES } from "../../server/operator/lottery/catalogue";
import { drawWinNo, issueAt, issueState } from "../../server/operator/lottery/clock";
import { call, freePlayToken, post, tokenFor } from "../support/operator-calls";

const dir = mkdtempSync(path.join(tmpdir(), "lottery-"));
const dbPath = path.join(dir, "operator.db");
let op: ReferenceOperator;
let player: string;
beforeAll(async () => {
  op = await startReferenceOperator({ dbPath });
  player = await tokenFor(op, "player01", "Player123");
});
afterAll(async () => {
  await op.close();
  rmSync(dir, { recursive: true, force: true });
});

const setOffset = async (offsetMs: number) => (await post(op, "/__reference/lottery", { offsetMs })).value.now as number;
const CQSSC = LOTTERY_GAMES.find((g) => g.gameCode === "CQSSC")!;

describe("the lottery clock", () => {
  it("numbers issues by the operator's date (UTC+8) and a daily sequence", () => {
    // 2026-11-25 00:00:00 in UTC+8 is 2026-11-24 16:00 UTC.
    const midnight = Date.UTC(2026, 10, 24, 16, 0, 0);
    const ffc = { period: 60 };
    expect(issueAt(ffc, midnight).numero).toBe("20261125-0001");
    expect(issueAt(ffc, midnight + 59_999).numero).toBe("20261125-0001");
    expect(issueAt(ffc, midnight + 60_000).numero).toBe("20261125-0002");
    expect(issueAt(ffc, midnight - 1).numero, "the last of the day before").toBe("20261124-1440");
    expect(issueAt(ffc, midnight - 1, 1).numero, "the next crosses the day").toBe("20261125-0001");
    expect(issueAt({ period: 300 }, midnight + 301_000).numero).toBe("20261125-002");
    expect(issueAt(ffc, midnight).drawAt).toBe(midnight + 60_000);
  });

  it("stops sale in the lock window before each draw", () => {
    const t0 = Date.UTC(2026, 10, 24, 16, 0, 0);
    const issue = issueAt(CQSSC, t0 + 1_000);
    expect(issueState(CQSSC, issue, t0 + 1_000)).toEqual({ numero: issue.numero, isSale: true, remainTime: 299, lockTime: 30 });
    expect(issueState(CQSSC, issue, issue.drawAt - 31_000).isSale).toBe(true);
    expect(issueState(CQSSC, issue, issue.drawAt - 30_000)).toMatchObject({ isSale: false, remainTime: 30 });
    expect(issueState(CQSSC, issue, issue.drawAt - 1).isSale).toBe(false);
  });

  it("draws numbers as each game's code says", () => {
    for (let i = 0; i < 200; i++) {
      expect(drawWinNo("SSC")).toMatch(/^\d(,\d){4}$/);
      const x5 = drawWinNo("11X5").split(",");
      expect(new Set(x5).size).toBe(5);
      expect(x5.every((n) => /^(0[1-9]|1[01])$/.test(n))).toBe(true);
      expect(drawWinNo("K3")).toMatch(/^[1-6](,[1-6]){2}$/);
      expect(new Set(drawWinNo("PK10").split(",")).size).toBe(10);
      expect(drawWinNo("DIGITS6")).toMatch(/^\d{6}$/);
    }
  });
});

describe("the lottery gateway", () => {
  it("answers menus of each area with groups, tags and the Thai groups 9, 10 and 11", async () => {
    const lott = lotteryMenusAnswer.parse((await call(op, "/lgw/games/game_menus?prizeMode=LOTT")).value);
    expect(lott.map((g) => g.gameGroupId)).toEqual(expect.arrayContaining(["1", "2", "9", "10", "11"]));
    expect(lott.find((g) => g.gameGroupId === "1")!.gameMenus.length).toBeGreaterThan(4);
    expect(lott.flatMap((g) => g.gameMenus).some((g) => g.tag === "new")).toBe(true);
    const elott = lotteryMenusAnswer.parse((await call(op, "/lgw/games/game_menus?prizeMode=ELOTT")).value);
    expect(
      elott.some((g) => g.gameGroupId === "9"),
      "Thai lotteries are LOTT only",
    ).toBe(false);
    const sea = lotteryMenusAnswer.parse((await call(op, "/lgw/games/game_menus?prizeMode=SEA")).value);
    expect(sea.flatMap((g) => g.gameMenus.map((m) => m.gameCode))).toEqual(["SEA4D"]);
    const vn = lotteryMenusAnswer.parse((await call(op, "/lgw/vn/games/game_menu")).value);
    expect(vn.map((g) => g.gameGroupCode)).toEqual(["VN_NORTH", "VN_CENTRAL", "VN_SOUTH"]);
  });

  it("answers the open issue by the clock, and the test clock moves it", async () => {
    const now = await setOffset(0);
    const opened = lotteryIssueAnswer.parse((await call(op, "/lgw/games/opened/numero?gameId=101")).value);
    const expected = issueAt(CQSSC, now);
    expect(opened.gameCode).toBe("CQSSC");
    expect(opened.currentNumero?.numero).toBe(expected.numero);
    expect(opened.nextNumero?.numero).toBe(issueAt(CQSSC, now, 1).numero);
    expect(opened.previousNumero?.numero).toBe(issueAt(CQSSC, now, -1).numero);
    expect(opened.previousNumero?.winNo).toMatch(/^\d(,\d){4}$/);

    // Into the lock window of the open issue: 10 s before its draw.
    const lockAt = await setOffset(expected.drawAt - 10_000 - now);
    const locked = lotteryIssueAnswer.parse((await call(op, "/lotto/lgw/games/opened/numero?gameCode=CQSSC")).value);
    expect(locked.currentNumero).toMatchObject({ numero: expected.numero, isSale: false, lockTime: 30 });
    expect(locked.currentNumero!.remainTime).toBeLessThanOrEqual(10);
    // The lottery's clock is where the test asked (it may move back when the draw is less than 10 s away).
    expect(Math.abs(lockAt - (expected.drawAt - 10_000))).toBeLessThan(2_000);
    await setOffset(0);
    expect((await call(op, "/lgw/games/opened/numero?gameCode=NOPE")).success).toBe(false);
  });

  it("draws each issue once and keeps it, across a restart", async () => {
    const first = lotteryDrawsAnswer.parse((await call(op, "/lgw/draw/code/SD11X5?size=5")).value);
    expect(first).toHaveLength(5);
    for (const draw of first) expect(draw.winNo.split(",")).toHaveLength(5);
    expect(new Set(first.map((d) => d.numero)).size).toBe(5);
    await op.close();
    op = await startReferenceOperator({ dbPath });
    player = await tokenFor(op, "player01", "Player123");
    const again = lotteryDrawsAnswer.parse((await call(op, "/lgw/draw/code/SD11X5?size=5")).value);
    const byNumero = new Map(again.map((d) => [d.numero, d.winNo]));
    for (const draw of first) if (byNumero.has(draw.numero)) expect(byNumero.get(draw.numero)).toBe(draw.winNo);
    const latest = lotteryDrawsAnswer.parse((await call(op, "/lgw/draw?prizeMode=LOTT")).value);
    expect(latest.find((d) => d.gameCode === "SD11X5")?.winNo).toBe(again[0].winNo);
  });

  it("answers near issues: two drawn, the open one, two to come", async () => {
    const near = (await call(op, "/lgw/numeros/near?gameCode=TXFFC")).value as { status: string; winNo: string | null }[];
    expect(near.map((n) => n.status)).toEqual(["drawn", "drawn", "open", "upcoming", "upcoming"]);
    expect(near[0].winNo).toMatch(/^\d(,\d){4}$/);
    expect(near[2].winNo).toBeNull();
  });
});

describe("the lottery launch", () => {
  const body = (extra: Record<string, unknown>) => ({
    launchMode: "LOTT",
    lottoArea: "LOTT",
    lottoPrizeMode: "Traditional",
    lottoView: "betting",
    language: "EN",
    backUrl: "http://localhost:3000/lott",
    ...extra,
  });

  it("opens the demo lottery page with the game, its issue, the numbers and a Back link, and records it as recent", async () => {
    const json = await post(op, "/wps/game/launchGame", body({ lottoGameCode: "CQSSC", bet_param: "1,2,3,4,5" }), { token: player });
    expect(json.success, json.message).toBe(true);
    const url = launchAnswer.parse(json.value).url!;
    expect(url).toMatch(new RegExp(`^${op.url}/demo-lottery/[A-Za-z0-9_-]{32}$`));
    const html = await (await fetch(url)).text();
    expect(html).toContain("CQSSC");
    expect(html, "in the launch's language").toContain("Chongqing time lottery");
    expect(html).toContain(issueAt(CQSSC, Date.now()).numero.slice(0, 9));
    expect(html).toContain("1,2,3,4,5");
    expect(html).toContain('href="http://localhost:3000/lott"');
    expect(html).not.toContain(player);
    expect(html).not.toMatch(/<script/);
    const recent = (await call(op, "/lgw/games/game_menus/recent", { token: player })).value as { gameCode: string }[];
    expect(recent[0].gameCode).toBe("CQSSC");
  });

  it("refuses a game the area does not offer, a bad area, and free-play accounts", async () => {
    expect((await post(op, "/wps/game/launchGame", body({ lottoGameCode: "SEA4D" }), { token: player })).success).toBe(false);
    expect((await post(op, "/wps/game/launchGame", body({ lottoArea: "MOON", lottoGameCode: "CQSSC" }), { token: player })).success).toBe(
      false,
    );
    const trial = await freePlayToken(op);
    const refused = await post(op, "/wps/game/launchGame", body({ lottoGameCode: "CQSSC" }), { token: trial });
    expect(refused.errorCode).toBe("in_need_true_account");
    const lobby = await post(op, "/wps/game/launchGame", body({ lottoView: "lobby" }), { token: player });
    expect(lobby.success).toBe(true);
  });
});
