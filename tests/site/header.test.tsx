// @vitest-environment jsdom
/**
 * The site header with Testing Library: one row whose menu (language, account actions) sits
 * behind a <details> button on phones, and what each kind of visitor is offered there. A trial
 * account is shown what it is and offered no password change.
 */
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { createRemixStub } from "@remix-run/testing";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { Shell, type ShellData } from "~/features/site/shell";
import { loadParts } from "~/components/lazy-part";
import type { GameMenu } from "~/features/games/menu";
import { i18nOptions } from "~/i18n/config";
import { resources } from "~/i18n/resources";

afterEach(cleanup);

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "CN", resources });
const CN = resources.CN.common as Record<string, string>;

const MENU: GameMenu = {
  groups: [
    {
      id: "LIVE",
      title: "真人视讯",
      gameType: "LIVE",
      href: "/live",
      long: false,
      children: [
        { code: "DGL", name: "Dragon Gate Live", icon: null, href: "/live?page=DGL", rebate: "1.2%", hot: true, vassalage: false },
      ],
    },
  ],
  agent: false,
};

/** The shell drawn as the browser draws it for a key new to the page: its shared parts once their modules are in. */
async function renderShell(player: ShellData["player"], menu: GameMenu | null = MENU) {
  const data: ShellData = { locale: "CN", site: { title: "Demo Gaming", logoUrl: "/logo.svg", languages: ["CN", "EN"] }, menu, player };
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <AuthenticityTokenProvider token="csrf-token">
          <Shell data={data}>
            <p>page</p>
          </Shell>
        </AuthenticityTokenProvider>
      ),
    },
  ]);
  render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/"]} />
    </I18nextProvider>,
  );
  await act(() => loadParts());
  return screen.getByRole("banner");
}

describe("the header", () => {
  it("has a menu button that works without scripts (<details>), its panel right after it", async () => {
    const header = await renderShell(null);
    const summary = header.querySelector("details.header-menu-toggle > summary");
    expect(summary?.textContent).toBe(CN.header_menu);
    // The panel is the <details>' next sibling: CSS opens it with details[open] + .header-menu.
    const panel = header.querySelector("details.header-menu-toggle + .header-menu");
    // The language picker: a <details> of its own with a button per language, each posting one POST
    // form (the form kept apart from the shared picker, issue 25, by the buttons' form attribute).
    const buttons = Array.from(panel?.querySelectorAll("details.language-menu button[name='lng']") ?? []) as HTMLButtonElement[];
    expect(buttons.map((b) => b.value)).toEqual(["CN", "EN"]);
    for (const button of buttons) {
      expect(button.form?.getAttribute("method")).toBe("post");
      expect(button.form?.getAttribute("action")).toBe("/resources/lang");
      expect(button.form?.querySelector("input[name='csrf']")).not.toBeNull();
    }
  });

  it("offers a guest Log in and Register in the row", async () => {
    const header = await renderShell(null);
    const row = header.querySelector(".header-account") as HTMLElement;
    expect(within(row).getByRole("link", { name: CN.login }).getAttribute("href")).toBe("/login");
    expect(within(row).getByRole("link", { name: CN.register }).getAttribute("href")).toBe("/register");
  });

  it("shows a player's name and balance in the row, the password change and logout in the menu", async () => {
    const header = await renderShell({ nickname: "Lucky Player", account: "player01", balance: "¥1.00", trial: false });
    const row = header.querySelector(".header-account") as HTMLElement;
    expect(within(row).getByTestId("nickname").textContent).toBe("Lucky Player");
    expect(within(row).getByTestId("balance").textContent).toBe("¥1.00");
    const menu = header.querySelector(".header-menu") as HTMLElement;
    expect(within(menu).getByRole("link", { name: CN.change_password }).getAttribute("href")).toBe("/change-password");
    expect(within(menu).getByRole("button", { name: CN.logout })).toBeTruthy();
    expect(within(header).queryByText(CN.header_trial)).toBeNull();
    // Log out asks first: without scripts the button is a GET of the /logout confirmation page.
    expect(within(menu).getByRole("button", { name: CN.logout }).closest("form")?.getAttribute("action")).toBe("/logout");
    expect(within(menu).getByRole("button", { name: CN.logout }).closest("form")?.getAttribute("method")).toBe("get");
    expect(within(header).queryByTestId("header-deposit")).toBeNull();
  });

  it("offers a player the Deposit (the cashier hand-off) when the deposit page is open to them, never to a trial account", async () => {
    const header = await renderShell({ nickname: "Lucky Player", account: "player01", balance: "¥1.00", deposit: true });
    expect(within(header).getByTestId("header-deposit").getAttribute("href")).toBe("/member/depositv2");
    expect(within(header).getByTestId("header-deposit").textContent).toBe(CN.header_deposit);
  });

  it("offers a trial account no Deposit", async () => {
    const header = await renderShell({ nickname: "", account: "guest12345678", balance: "¥2,000.00", trial: true, deposit: true });
    expect(within(header).queryByTestId("header-deposit")).toBeNull();
    expect(within(header).queryByRole("link", { name: CN.header_deposit })).toBeNull();
  });

  it("marks a trial account as free play and offers it no password change or member centre, only logout", async () => {
    const header = await renderShell({ nickname: "", account: "guest12345678", balance: "¥2,000.00", trial: true });
    expect(within(header).getByTestId("nickname").textContent).toBe("guest12345678");
    expect(within(header).getByText(CN.header_trial)).toBeTruthy();
    expect(within(header).queryByRole("link", { name: CN.change_password })).toBeNull();
    expect(within(header).queryByRole("link", { name: CN.home_member_centre })).toBeNull();
    expect(within(header).getByRole("button", { name: CN.logout })).toBeTruthy();
  });

  it("shows a player's VIP level (clubLabel) beside the name, and the member centre in the menu", async () => {
    const header = await renderShell({ nickname: "Lucky Player", account: "player01", balance: "¥1.00", vipLabel: "Gold" });
    expect(within(header).getByTestId("vip-label").textContent).toBe("Gold");
    const menu = header.querySelector(".header-menu") as HTMLElement;
    expect(within(menu).getByRole("link", { name: CN.home_member_centre }).getAttribute("href")).toBe("/member");
  });

  it("draws one game menu, in the header's menu: each group a <details> for the phone's list and its lobby's link for the bar", async () => {
    const header = await renderShell(null);
    const menus = header.querySelectorAll("nav.game-menu");
    expect(menus).toHaveLength(1);
    const nav = header.querySelector(".header-menu nav.game-menu") as HTMLElement;
    expect(within(nav).getByRole("link", { name: CN.menu_home }).getAttribute("href")).toBe("/");
    const group = nav.querySelector(".game-menu__item--group") as HTMLElement;
    expect(group.querySelector("details > summary")?.textContent).toBe("真人视讯");
    expect(within(group).getByRole("link", { name: "真人视讯" }).getAttribute("href")).toBe("/live");
    expect(
      within(group)
        .getByRole("link", { name: /Dragon Gate Live/ })
        .getAttribute("href"),
    ).toBe("/live?page=DGL");
    expect(within(group).getByText("返水 1.2%").className).toContain("badge--rebate");
    expect(within(nav).queryByTestId("menu-agent")).toBeNull();
    expect(header.nextElementSibling?.matches("nav")).toBe(false);
  });

  it("offers the agent entry in the game menu for an agent kind; without a vendor list it still shows home and the agent entry", async () => {
    const header = await renderShell({ nickname: "Agent Smith", account: "agent001", balance: "¥1.00" }, { groups: [], agent: true });
    const bar = header.querySelector("nav.game-menu") as HTMLElement;
    expect(within(bar).getByTestId("menu-agent").getAttribute("href")).toBe("/agent");
    expect(bar.querySelectorAll(".game-menu__item--group")).toHaveLength(0);
  });

  it("draws no game menu when the vendor list could not be read", async () => {
    const header = await renderShell(null, null);
    expect(header.querySelector(".game-menu")).toBeNull();
    expect(document.querySelector("nav.game-menu")).toBeNull();
  });
});
