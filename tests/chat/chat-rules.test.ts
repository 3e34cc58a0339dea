/** The chat window's rules (app/features/chat/chat.ts): its limits, the nearest corner, the badge. */
import { describe, expect, it } from "vitest";
import { badgeOf, CHAT_WINDOW, clampSize, nearestCorner } from "~/features/chat/chat";

describe("the chat window's size", () => {
  const desktop = { width: 1280, height: 800 };
  it("keeps 200–480 wide and at least 280 high", () => {
    expect(clampSize(100, 100, desktop)).toEqual({ width: 200, height: 280 });
    expect(clampSize(900, 600, desktop)).toEqual({ width: 480, height: 600 });
    expect(clampSize(CHAT_WINDOW.width, CHAT_WINDOW.height, desktop)).toEqual({ width: 360, height: 520 });
  });
  it("stays 16 px from each side of a phone and below the viewport less the button", () => {
    expect(clampSize(480, 2000, { width: 390, height: 844 }, 64)).toEqual({ width: 358, height: 844 - 32 - 64 });
    // A viewport too small for the limits still gets the minimum: the spec's floor wins.
    expect(clampSize(300, 300, { width: 180, height: 200 }, 64)).toEqual({ width: 200, height: 280 });
  });
});

describe("the nearest corner", () => {
  it.each([
    [10, 10, "top-left"],
    [1270, 10, "top-right"],
    [10, 790, "bottom-left"],
    [1270, 790, "bottom-right"],
    [641, 401, "bottom-right"],
  ] as const)("(%i, %i) → %s", (x, y, corner) => {
    expect(nearestCorner(x, y, 1280, 800)).toBe(corner);
  });
});

describe("the unread badge", () => {
  it("shows nothing for none, the count up to 99, dots over 99", () => {
    expect([null, 0, -1].map(badgeOf)).toEqual(["none", "none", "none"]);
    expect([1, 99].map(badgeOf)).toEqual(["1", "99"]);
    expect([100, 5000].map(badgeOf)).toEqual(["dots", "dots"]);
  });
});
