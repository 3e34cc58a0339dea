// @vitest-environment jsdom
/**
 * The Play and free-trial forms and the failure dialogs as the browser gets them: plain posts
 * before scripts (hidden fields, target=_blank for new-window games), and with scripts the
 * original's behaviour — a blank window opened inside the click, sent to the game or closed on a
 * failure whose dialog opens over the page; a guest's Play opening the login.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRemixStub } from "@remix-run/testing";
import { json } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { PlayForm, TrialForm } from "~/features/games/play-form";
import { LaunchFailedView } from "~/features/games/launch-dialog";
import type { LaunchFailedData, LaunchOutcome } from "~/features/games/launch.server";
import type { GameView } from "~/features/games/types";
import { i18nOptions } from "~/i18n/config";
import { resources } from "~/i18n/resources";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// jsdom has <dialog> without its modal methods.
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.removeAttribute("open");
  this.dispatchEvent(new Event("close"));
};

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "CN", resources });
const CN = { ...resources.CN.common, ...resources.CN.games } as Record<string, string>;

const game = (over: Partial<GameView> = {}): GameView => ({
  key: "SLO:10450",
  name: "Happy Wealth God",
  icon: null,
  vendor: "SLO",
  vendorName: "Slot Orchard",
  gameType: "RNG",
  gameId: "SLO003",
  roomId: null,
  nodeId: "10450",
  matchId: null,
  leagueId: null,
  sourceType: null,
  marketingDetailId: null,
  trial: false,
  newWindow: true,
  hot: false,
  isNew: false,
  category: null,
  favourite: false,
  ...over,
});

type Who = "guest" | "player" | "trial";
const FAILED: LaunchFailedData = {
  reason: "balance",
  backTo: "/electron?page=SLO",
  vendor: "SLO",
  scope: "game",
  maintenance: null,
  notice: null,
  games: [],
  slide: 1,
  slideLinks: [],
  retry: null,
  service: [],
};

/** A lobby page at /electron?page=SLO with the root's data, a launch action and the dialog route. */
function lobby(
  children: React.ReactNode,
  { who = "player", loginPop = true, outcome }: { who?: Who; loginPop?: boolean; outcome?: LaunchOutcome } = {},
) {
  const launched = vi.fn(async () => json(outcome ?? { kind: "game", location: "https://games.example/play/t1" }));
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: () =>
        json({
          player: who === "guest" ? null : { nickname: "Lucky", account: "player01", balance: "¥1.00", trial: who === "trial" },
          site: { loginPop, title: "", logoUrl: "", languages: [] },
        }),
      Component: () => (
        <AuthenticityTokenProvider token="csrf-token">
          <Outlet />
        </AuthenticityTokenProvider>
      ),
      children: [
        { path: "electron", Component: () => <>{children}</> },
        { path: "games/launch", action: launched },
        { path: "games/launch-failed", loader: () => json(FAILED) },
        { path: "login", loader: () => json(null), Component: () => <p>LOGIN PAGE</p> },
        { path: "seamless", Component: () => <p>SEAMLESS PAGE</p> },
      ],
    },
  ]);
  const ui = (
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/electron?page=SLO"]} />
    </I18nextProvider>
  );
  return { ui, launched };
}

/** A window.open that hands out a fake blank window. */
function fakeWindow(blocked = false) {
  const doc = document.implementation.createHTMLDocument("");
  const win = { document: doc, closed: false, opener: window as unknown, location: { replace: vi.fn() }, close: vi.fn() };
  const open = vi.fn(() => (blocked ? null : (win as unknown as Window)));
  vi.stubGlobal("open", open);
  return { win, open };
}

describe("before scripts run", () => {
  it("Play is a plain post of the game's hidden fields to /games/launch, in a new tab for a new-window game", async () => {
    const { ui } = lobby(<PlayForm game={game()} />);
    render(ui);
    const button = await screen.findByRole("button", { name: /开始游戏/ });
    expect(button.textContent).toBe("开始游戏 Happy Wealth God");
    const form = button.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/games/launch");
    expect(form.getAttribute("target")).toBe("_blank");
    expect(Object.fromEntries(new FormData(form))).toEqual({
      csrf: "csrf-token",
      vendor: "SLO",
      gameType: "RNG",
      gameId: "SLO003",
      nodeId: "10450",
      newWindow: "1",
      name: "Happy Wealth God",
      backTo: "/electron?page=SLO",
    });
  });

  it("an in-page game posts in this tab; the free trial only when the game offers one, with intent=trial", async () => {
    const { ui } = lobby(
      <>
        <PlayForm game={game({ newWindow: false, key: "a" })} />
        <TrialForm game={game({ key: "b" })} />
        <TrialForm game={game({ key: "c", trial: true, nodeId: "20001" })} />
      </>,
    );
    render(ui);
    const play = await screen.findByRole("button", { name: /开始游戏/ });
    expect(play.closest("form")!.hasAttribute("target")).toBe(false);
    const trials = screen.getAllByRole("button", { name: /免费试玩/ });
    expect(trials).toHaveLength(1);
    const form = trials[0].closest("form")!;
    expect(form.hasAttribute("target")).toBe(false);
    expect(Object.fromEntries(new FormData(form))).toMatchObject({ intent: "trial", nodeId: "20001", backTo: "/electron?page=SLO" });
  });
});

describe("with scripts", () => {
  it("a new-window game: a blank window opens inside the click, and is sent to the game", async () => {
    const { win, open } = fakeWindow();
    const { ui, launched } = lobby(<PlayForm game={game()} />);
    render(ui);
    fireEvent.click(await screen.findByRole("button", { name: /开始游戏/ }));
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(win.document.body.textContent).toBe(CN.launch_opening);
    await waitFor(() => expect(win.location.replace).toHaveBeenCalledWith("https://games.example/play/t1"));
    expect(win.opener).toBeNull();
    expect(win.close).not.toHaveBeenCalled();
    const posted = (launched.mock.calls[0] as unknown as [{ request: Request }])[0].request;
    expect(Object.fromEntries(await posted.formData())).toMatchObject({ _client: "json", csrf: "csrf-token", gameId: "SLO003" });
  });

  it("a failure: the blank window closes and the dialog opens over the page; Cancel closes it", async () => {
    const { win } = fakeWindow();
    const { ui } = lobby(<PlayForm game={game()} />, {
      outcome: { kind: "dialog", location: "/games/launch-failed?reason=balance&backTo=%2Felectron%3Fpage%3DSLO" },
    });
    render(ui);
    fireEvent.click(await screen.findByRole("button", { name: /开始游戏/ }));
    await screen.findByRole("dialog");
    expect(win.close).toHaveBeenCalled();
    expect(await screen.findByRole("heading", { name: CN.launch_balance_title })).toBeTruthy();
    expect(screen.getByRole("link", { name: CN.launch_deposit }).getAttribute("href")).toBe("/member/depositv2");
    fireEvent.click(screen.getByRole("button", { name: CN.launch_cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("an in-page game: no window, the in-page view when the launch goes through", async () => {
    const { open } = fakeWindow();
    const { ui } = lobby(<PlayForm game={game({ newWindow: false })} />, {
      outcome: { kind: "page", location: "/seamless?gameType=RNG&vendor=SLO&key=k1" },
    });
    render(ui);
    fireEvent.click(await screen.findByRole("button", { name: /开始游戏/ }));
    expect(await screen.findByText("SEAMLESS PAGE")).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it("a guest's Play opens the pop-up login when loginPop is on, without posting", async () => {
    const { open } = fakeWindow();
    const { ui, launched } = lobby(<PlayForm game={game()} />, { who: "guest" });
    render(ui);
    fireEvent.click(await screen.findByRole("button", { name: /开始游戏/ }));
    expect(await screen.findByRole("dialog")).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    expect(launched).not.toHaveBeenCalled();
  });

  it("a guest's Play leads to the login page when loginPop is off", async () => {
    fakeWindow();
    const { ui, launched } = lobby(<PlayForm game={game()} />, { who: "guest", loginPop: false });
    render(ui);
    fireEvent.click(await screen.findByRole("button", { name: /开始游戏/ }));
    expect(await screen.findByText("LOGIN PAGE")).toBeTruthy();
    expect(launched).not.toHaveBeenCalled();
  });

  it("a trial account's Play opens no window; the refusal comes as the dialog", async () => {
    const { open } = fakeWindow();
    const { ui, launched } = lobby(<PlayForm game={game()} />, {
      who: "trial",
      outcome: { kind: "dialog", location: "/games/launch-failed?reason=need_true_account" },
    });
    render(ui);
    fireEvent.click(await screen.findByRole("button", { name: /开始游戏/ }));
    await waitFor(() => expect(launched).toHaveBeenCalled());
    expect(open).not.toHaveBeenCalled();
    expect(await screen.findByRole("dialog")).toBeTruthy();
  });

  it("a blocked pop-up leaves the plain post to the browser (target=_blank)", async () => {
    fakeWindow(true);
    const { ui, launched } = lobby(<PlayForm game={game()} />);
    render(ui);
    const button = await screen.findByRole("button", { name: /开始游戏/ });
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    button.closest("form")!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    expect(launched).not.toHaveBeenCalled();
  });
});

describe("the dialogs' view", () => {
  const view = (data: Partial<LaunchFailedData>, onClose?: () => void) => {
    const { ui } = lobby(<LaunchFailedView data={{ ...FAILED, ...data }} onClose={onClose} />);
    return render(ui);
  };

  it("domain check: Retry posts the same launch in this tab (the page), customer service opens aside", async () => {
    view({
      reason: "domain",
      retry: { vendor: "NEO", gameType: "RNG", gameId: "NEO002", newWindow: "1" },
      service: [
        { name: "Live chat", url: "https://chat.example/x" },
        { name: "Telegram", url: "https://t.me/help" },
      ],
    });
    expect(await screen.findByText(CN.domain_not_available)).toBeTruthy();
    const retry = screen.getByRole("button", { name: CN.launch_retry }).closest("form")!;
    expect(retry.hasAttribute("target")).toBe(false);
    expect(Object.fromEntries(new FormData(retry))).toMatchObject({
      vendor: "NEO",
      gameId: "NEO002",
      newWindow: "1",
      backTo: "/electron?page=SLO",
    });
    // Two entries: a menu under the customer-service button, each entry by its name.
    expect(screen.getByText(CN.launch_customer_service).tagName).toBe("SUMMARY");
    const service = [screen.getByRole("link", { name: /Live chat/ }), screen.getByRole("link", { name: /Telegram/ })];
    expect(service.map((a) => [a.getAttribute("href"), a.getAttribute("target"), a.getAttribute("rel")])).toEqual([
      ["https://chat.example/x", "_blank", "noopener noreferrer"],
      ["https://t.me/help", "_blank", "noopener noreferrer"],
    ]);
    expect(screen.getByRole("link", { name: CN.launch_cancel }).getAttribute("href")).toBe("/electron?page=SLO");
  });

  it("vendor maintenance with its times; a message of the operator as it came", async () => {
    view({ reason: "maintenance", scope: "vendor", maintenance: { start: "2026/11/22 14:00 (UTC+08:00)", end: null } });
    expect(await screen.findByText(CN.vendor_under_maintenance)).toBeTruthy();
    expect(screen.getByTestId("maintenance-times").textContent).toBe("维护时间：2026/11/22 14:00 (UTC+08:00) 至 —");
    cleanup();
    view({ reason: "message", notice: { text: "<b>raw</b> operator text" } });
    expect(await screen.findByText("<b>raw</b> operator text")).toBeTruthy();
    cleanup();
    view({ reason: "message", notice: null });
    expect(await screen.findByText(CN.launch_failed)).toBeTruthy();
  });

  it("recommendations: the games with their Play (in this tab on the page), and the slides as links", async () => {
    view({
      reason: "recommend",
      games: [game({ key: "g1", nodeId: "1", name: "One" }), game({ key: "g2", nodeId: "2", name: "Two", trial: true })],
      slide: 2,
      slideLinks: ["/games/launch-failed?reason=recommend", "/games/launch-failed?reason=recommend&slide=2"],
    });
    const plays = await screen.findAllByRole("button", { name: /开始游戏/ });
    expect(plays).toHaveLength(2);
    expect(plays[0].closest("form")!.hasAttribute("target")).toBe(false);
    expect(screen.getAllByRole("button", { name: /免费试玩/ })).toHaveLength(1);
    const current = screen.getByRole("link", { current: "page" });
    expect(current.getAttribute("href")).toBe("/games/launch-failed?reason=recommend&slide=2");
  });

  it("the modal closes by buttons, the page by links back", async () => {
    const onClose = vi.fn();
    view({ reason: "stay_tuned" }, onClose);
    expect(await screen.findByText(CN.in_stay_tuned)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: CN.launch_ok }));
    expect(onClose).toHaveBeenCalled();
  });
});
