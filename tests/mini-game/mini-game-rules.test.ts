/** The mini-game's rules (decision 049): the routes that hide it, the lean of a drag, the viewport. */
import { describe, expect, it } from "vitest";
import { clampPosition, MAX_TILT_DEG, miniGameHidden, tiltOf } from "~/features/mini-game/mini-game";
import { miniGamesOn } from "~/features/mini-game/mini-game.server";

describe("the mini-game's rules", () => {
  it("hides on the spec's routes, /agent with everything under it, and nowhere else", () => {
    for (const path of [
      "/lottery",
      "/vnLottery",
      "/seamless",
      "/agent",
      "/agent/",
      "/agent/agentTeamOverview",
      "/agentHome",
      "/seaLottery",
    ])
      expect(miniGameHidden(path), path).toBe(true);
    for (const path of ["/", "/lott", "/lottery/trend", "/agents", "/member", "/promotions", "/seamlessly"])
      expect(miniGameHidden(path), path).toBe(false);
  });

  it("leans with the horizontal speed, never past ±25°, upright without time", () => {
    expect(tiltOf(0, 16)).toBe(0);
    expect(tiltOf(8, 16)).toBe(10);
    expect(tiltOf(-8, 16)).toBe(-10);
    expect(tiltOf(400, 16)).toBe(MAX_TILT_DEG);
    expect(tiltOf(-400, 16)).toBe(-MAX_TILT_DEG);
    expect(tiltOf(50, 0)).toBe(0);
  });

  it("keeps a box inside the viewport", () => {
    const size = { width: 52, height: 52 };
    const viewport = { width: 390, height: 844 };
    expect(clampPosition(-20, -5, size, viewport)).toEqual({ left: 0, top: 0 });
    expect(clampPosition(500, 900, size, viewport)).toEqual({ left: 338, top: 792 });
    expect(clampPosition(100.4, 200.6, size, viewport)).toEqual({ left: 100, top: 201 });
  });

  it("offers the games whose switch is on, the lottery first", () => {
    const switches = (...on: string[]) => ({ has: (code: string) => on.includes(code) });
    expect(miniGamesOn(switches("SEALOTTMINIGAME3", "LOTTMINIGAME3"))).toEqual(["LOTT", "SEA"]);
    expect(miniGamesOn(switches("SEALOTTMINIGAME3"))).toEqual(["SEA"]);
    expect(miniGamesOn(switches("CHAT3"))).toEqual([]);
  });
});
