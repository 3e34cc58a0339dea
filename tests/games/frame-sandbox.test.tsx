// @vitest-environment jsdom
/**
 * The game and lottery frames (issue 22 §5): each carries a sandbox that lets the framed game
 * run, post its forms and open its pop-ups, but never navigate the portal's tab by itself —
 * only inside a click of the player (the lottery client's Back targets _top).
 */
import { CHAT_FRAME_SANDBOX } from "~/features/chat/chat-window";
import { MINI_GAME_FRAME_SANDBOX } from "~/features/mini-game/mini-game-widget";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { createRemixStub } from "@remix-run/testing";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { GAME_FRAME_SANDBOX } from "~/features/games/frame-sandbox";
import { InPageGame } from "~/features/games/game-frame";
import { LotteryFrame } from "~/features/lottery/lottery-frame";
import { i18nOptions } from "~/i18n/config";
import { resources } from "~/i18n/resources";

afterEach(cleanup);

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "CN", resources });

function renderAt(node: React.ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <AuthenticityTokenProvider token="t">{node}</AuthenticityTokenProvider> }]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/"]} />
    </I18nextProvider>,
  ).container;
}

function expectSandboxed(frame: HTMLIFrameElement | null) {
  expect(frame).not.toBeNull();
  const tokens = (frame!.getAttribute("sandbox") ?? "").split(/\s+/);
  expect(frame!.hasAttribute("sandbox")).toBe(true);
  expect(tokens).not.toContain("allow-top-navigation");
  expect(tokens).not.toContain("allow-top-navigation-to-custom-protocols");
  for (const needed of [
    "allow-scripts",
    "allow-same-origin",
    "allow-forms",
    "allow-popups",
    "allow-popups-to-escape-sandbox",
    "allow-modals",
  ])
    expect(tokens).toContain(needed);
  // The lottery client's Back (target="_top") works only inside the player's click.
  expect(tokens).toContain("allow-top-navigation-by-user-activation");
}

describe("the frames' sandbox", () => {
  it("is on the in-page game and the free trial (/seamless, /trial)", () => {
    for (const trial of [false, true]) {
      const container = renderAt(
        <InPageGame
          data={{
            game: {
              key: "k",
              url: "https://games.example/play/1",
              name: "Golden Orchard",
              vendor: "SLO",
              gameType: "RNG",
              backTo: "/electron",
              trial,
            },
            lobby: "/electron",
          }}
        />,
      );
      expectSandboxed(container.querySelector("iframe"));
      cleanup();
    }
  });

  it("is on the lottery client and the trend chart (/lottery, /lottery/trend)", () => {
    const container = renderAt(
      <LotteryFrame
        data={{ url: "https://lotto.example/demo-lottery/1", notice: null, numbersDropped: false, back: "/lott" }}
        title="Lottery"
      />,
    );
    expectSandboxed(container.querySelector("iframe"));
  });

  it("is on every <iframe> the portal's source draws (/vnLottery included)", () => {
    const files = (readdirSync("app", { recursive: true }) as string[]).filter((f) => f.endsWith(".tsx")).map((f) => path.join("app", f));
    const frames = files.flatMap((file) => [...readFileSync(file, "utf8").matchAll(/<iframe\b[^>]*>/g)].map((m) => ({ file, tag: m[0] })));
    const games = ["app/features/games/game-frame.tsx", "app/features/lottery/lottery-frame.tsx", "app/routes/_lottery+/vnLottery.tsx"];
    // The chat's frame (decision 048; ChatFrame, in the window and on /chat) has its own sandbox: a
    // chat page posts its own form.
    const chats = ["app/features/chat/chat-window.tsx"];
    // The mini-game's frame (decision 049): a small window over every page, which opens the full game in a new window.
    const minis = ["app/features/mini-game/mini-game-widget.tsx"];
    expect(frames.map((f) => f.file).sort()).toEqual([...games, ...chats, ...minis].sort());
    for (const { file, tag } of frames)
      expect(tag, file).toContain(
        chats.includes(file)
          ? "sandbox={CHAT_FRAME_SANDBOX}"
          : minis.includes(file)
            ? "sandbox={MINI_GAME_FRAME_SANDBOX}"
            : "sandbox={GAME_FRAME_SANDBOX}",
      );
    expect(GAME_FRAME_SANDBOX.split(" ")).not.toContain("allow-top-navigation");
    // A chat or a mini-game never takes the page away, even on a click.
    for (const sandbox of [CHAT_FRAME_SANDBOX, MINI_GAME_FRAME_SANDBOX])
      expect(sandbox.split(" ")).not.toEqual(expect.arrayContaining([expect.stringMatching(/^allow-top-navigation/)]));
  });
});
