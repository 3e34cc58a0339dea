/**
 * The lottery's rules (document 001, sections 3 to 5 and 9; decision 034): the quick bet's games
 * and numbers, the bet link's bet_param per game type, the countdown's arithmetic and its
 * re-fetch throttle, draws as balls, and the prize mode a launch sends.
 */
import { describe, expect, it } from "vitest";
import {
  areaOfTemplate,
  countdownMs,
  deadlineOf,
  drawNumbers,
  formatCountdown,
  lotteryHref,
  lotteryLaunchBody,
  numberRule,
  parseBetParam,
  prizeModeFor,
  quickBetGames,
  quickBetHref,
  RefetchThrottle,
  remainingMs,
  trendHref,
  winNoBalls,
} from "~/features/lottery/lottery";

/** A seeded generator, so that each run checks the same thousand draws. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe("quick-bet numbers", () => {
  it("knows SSC and 11X5 by type or by code, and nothing else", () => {
    expect(numberRule("CQSSC")).toBe("SSC");
    expect(numberRule("TXFFC")).toBe("SSC");
    expect(numberRule("SD11X5")).toBe("11X5");
    expect(numberRule("ANY", "11x5")).toBe("11X5");
    expect(numberRule("JSK3")).toBeNull();
    expect(numberRule("BJPK10")).toBeNull();
  });

  it("draws five SSC digits 0–9, repeats allowed, every digit reachable", () => {
    const random = seeded(7);
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const numbers = drawNumbers("SSC", random);
      expect(numbers).toHaveLength(5);
      for (const n of numbers) {
        expect(n).toMatch(/^\d$/);
        seen.add(n);
      }
    }
    expect(seen.size).toBe(10);
    expect(drawNumbers("SSC", () => 0.999999)).toEqual(["9", "9", "9", "9", "9"]);
  });

  it("draws five distinct 11X5 numbers from 01 to 11, zero-padded", () => {
    const random = seeded(11);
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const numbers = drawNumbers("11X5", random);
      expect(numbers).toHaveLength(5);
      expect(new Set(numbers).size).toBe(5);
      for (const n of numbers) {
        expect(n).toMatch(/^(0[1-9]|1[01])$/);
        seen.add(n);
      }
    }
    expect(seen.size).toBe(11);
    // The highest random value never leaves the pool.
    expect(drawNumbers("11X5", () => 0.999999)).toEqual(["11", "10", "09", "08", "07"]);
  });

  it("reads a bet link's numbers by the game's rule and refuses the rest", () => {
    expect(parseBetParam("SSC", "1,2,3,4,5")).toEqual(["1", "2", "3", "4", "5"]);
    expect(parseBetParam("SSC", "0,0,0,0,0")).toEqual(["0", "0", "0", "0", "0"]);
    expect(parseBetParam("SSC", "1,2,3,4")).toBeNull();
    expect(parseBetParam("SSC", "1,2,3,4,10")).toBeNull();
    expect(parseBetParam("SSC", "01,2,3,4,5")).toBeNull();
    expect(parseBetParam("11X5", "01,02,03,04,05")).toEqual(["01", "02", "03", "04", "05"]);
    expect(parseBetParam("11X5", "01,01,03,04,05"), "repeats").toBeNull();
    expect(parseBetParam("11X5", "00,02,03,04,05")).toBeNull();
    expect(parseBetParam("11X5", "12,02,03,04,05")).toBeNull();
    expect(parseBetParam("11X5", "1,2,3,4,5"), "unpadded").toBeNull();
    expect(parseBetParam(null, "1,2,3,4,5")).toBeNull();
    expect(parseBetParam("SSC", "1,".repeat(40))).toBeNull();
  });

  it("offers the default games the operator has, in the defaults' order, at most five", () => {
    const offered = ["GD11X5", "JSK3", "CASSC", "TXFFC", "XJSSC"].map((gameCode) => ({ gameCode }));
    expect(quickBetGames(offered).map((g) => g.gameCode)).toEqual(["TXFFC", "GD11X5", "CASSC"]);
    expect(quickBetGames([{ gameCode: "JSK3" }])).toEqual([]);
    const all = ["CASSC", "GD11X5", "SD11X5", "TXFFC", "CQSSC", "CQSSC"].map((gameCode) => ({ gameCode }));
    expect(quickBetGames(all).map((g) => g.gameCode)).toEqual(["CQSSC", "TXFFC", "SD11X5", "GD11X5", "CASSC"]);
  });

  it("writes the bet link as the spec names it", () => {
    expect(quickBetHref({ gameId: "101", gameCode: "CQSSC" }, ["1", "2", "3", "4", "5"])).toBe(
      "/lottery?gameId=101&gameCode=CQSSC&bet_param=1%2C2%2C3%2C4%2C5",
    );
    expect(
      new URLSearchParams(quickBetHref({ gameId: "201", gameCode: "SD11X5" }, ["01", "11", "05", "07", "09"]).split("?")[1]).get(
        "bet_param",
      ),
    ).toBe("01,11,05,07,09");
    expect(lotteryHref({ gameCode: "CQSSC", defaultPlayType: "ssc_5star" })).toBe("/lottery?playType=ssc_5star&gameCode=CQSSC");
    expect(lotteryHref({ gameCode: "CQSSC" })).toBe("/lottery?gameCode=CQSSC");
  });
});

describe("countdown", () => {
  it("is (remainTime − lockTime) × 1000 ms while on sale, and none otherwise", () => {
    expect(countdownMs({ isSale: true, remainTime: 95, lockTime: 30 })).toBe(65_000);
    expect(countdownMs({ isSale: true, remainTime: 10, lockTime: 30 }), "never negative").toBe(0);
    expect(countdownMs({ isSale: false, remainTime: 20, lockTime: 30 })).toBeNull();
    expect(countdownMs({ isSale: true, remainTime: null, lockTime: 30 })).toBeNull();
    expect(countdownMs(null)).toBeNull();
    expect(countdownMs({ isSale: true, remainTime: 40 }), "no lock time").toBe(40_000);
  });

  it("shows HH:MM:SS rounded up, and --:--:-- when not on sale", () => {
    expect(formatCountdown(65_000)).toBe("00:01:05");
    expect(formatCountdown(64_001)).toBe("00:01:05");
    expect(formatCountdown(3_600_000 + 61_000)).toBe("01:01:01");
    expect(formatCountdown(0)).toBe("00:00:00");
    expect(formatCountdown(null)).toBe("--:--:--");
    expect(formatCountdown(Number.NaN)).toBe("--:--:--");
  });

  it("counts against a deadline, so a page that slept reads the right time", () => {
    const received = 1_000_000;
    const deadline = deadlineOf(65_000, received);
    expect(remainingMs(deadline, received + 1_000)).toBe(64_000);
    // 30 s asleep without a single tick: still exact, not 30 s behind.
    expect(remainingMs(deadline, received + 31_000)).toBe(34_000);
    expect(remainingMs(deadline, received + 90_000)).toBe(0);
    expect(remainingMs(deadlineOf(null, received), received)).toBeNull();
  });

  it("asks for the issue again at most once per 5 s", () => {
    const throttle = new RefetchThrottle();
    expect(throttle.take(10_000)).toBe(true);
    expect(throttle.take(10_001)).toBe(false);
    expect(throttle.take(14_999)).toBe(false);
    expect(throttle.nextAt()).toBe(15_000);
    expect(throttle.take(15_000)).toBe(true);
    // A countdown stuck at zero for a minute asks twelve times, not sixty.
    const stuck = new RefetchThrottle();
    let asked = 0;
    for (let t = 0; t < 60_000; t += 1_000) if (stuck.take(t)) asked++;
    expect(asked).toBe(12);
  });
});

describe("draws as balls", () => {
  it("splits a comma list into its numbers and single digits into digits", () => {
    expect(winNoBalls("1,2,3,4,5")).toEqual(["1", "2", "3", "4", "5"]);
    expect(winNoBalls("01, 11,05,07,09")).toEqual(["01", "11", "05", "07", "09"]);
    expect(winNoBalls("123456")).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(winNoBalls("")).toEqual([]);
    expect(winNoBalls(null)).toEqual([]);
  });
});

describe("prize modes and launches", () => {
  it("reads the templates' prize_mode, default lott", () => {
    expect(areaOfTemplate("lott")).toBe("LOTT");
    expect(areaOfTemplate("ELOTT")).toBe("ELOTT");
    expect(areaOfTemplate(undefined)).toBe("LOTT");
    expect(areaOfTemplate("something")).toBe("LOTT");
  });

  it("sends the modes of section 9: 1 traditional, 2 entertainment for the long dragon, SEA_Tradition", () => {
    expect(prizeModeFor("LOTT")).toBe("Traditional");
    expect(prizeModeFor("LOTT", true)).toBe("Entertainment");
    expect(prizeModeFor("ELOTT")).toBe("Elott_Traditional");
    expect(prizeModeFor("ELOTT", true)).toBe("Elott_Entertainment");
    expect(prizeModeFor("SEA")).toBe("SEA_Tradition");
  });

  it("builds the launch body with the lottery fields of the original builds", () => {
    const common = { language: "EN", merchantCode: "demo", backUrl: "https://portal.example/lott" };
    expect(lotteryLaunchBody({ area: "LOTT", gameCode: "CQSSC", gameId: "101", betParam: "1,2,3,4,5", ...common })).toEqual({
      lottoArea: "LOTT",
      launchMode: "LOTT",
      lottoPrizeMode: "Traditional",
      lottoGameCode: "CQSSC",
      lottoView: "betting",
      backUrl: "https://portal.example/lott",
      language: "EN",
      merchantCode: "demo",
      clientType: 3,
      gameId: "101",
      bet_param: "1,2,3,4,5",
    });
    const lobby = lotteryLaunchBody({ area: "LOTT", gameCode: null, ...common });
    expect(lobby.lottoView).toBe("lobby");
    expect(lobby).not.toHaveProperty("bet_param");
    const dragon = lotteryLaunchBody({ area: "ELOTT", gameCode: null, longDragon: true, ...common });
    expect(dragon).toMatchObject({ lottoGameCode: "long_dragon", lottoPrizeMode: "Elott_Entertainment", lottoView: "betting" });
  });

  it("links the trend route to the operator's chart page", () => {
    expect(trendHref("https://op.example/lottery-trend/", "CQSSC")).toBe(
      "/lottery/trend?gameUrl=https%3A%2F%2Fop.example%2Flottery-trend%2FCQSSC",
    );
    expect(trendHref(null, "CQSSC")).toBeNull();
  });
});
