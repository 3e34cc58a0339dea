// @vitest-environment jsdom
/**
 * The other ways in on the login page: only the switched-on ones appear; social buttons say they
 * need scripts until scripts run; without an identity-service configuration a press shows
 * 'site not support Google Service.' instead of starting a sign-in.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRemixStub } from "@remix-run/testing";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { Outlet } from "@remix-run/react";
import { OtherWaysIn } from "~/features/auth/other-ways-in";
import { i18nOptions } from "~/i18n/config";
import { resources } from "~/i18n/resources";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "CN", resources });
const CN = { ...resources.CN.common, ...resources.CN.auth } as Record<string, string>;

function page(enabled: string[], url = "/login") {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <AuthenticityTokenProvider token="csrf-token">
          <Outlet />
        </AuthenticityTokenProvider>
      ),
      children: [{ path: "login", Component: () => <OtherWaysIn enabled={enabled} redirectTo="/member" /> }],
    },
  ]);
  return (
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>
  );
}

const ALL = ["GOOGLELOGIN3", "FACEBOOKLOGIN3", "TWITTERLOGIN3", "LINELOGIN3", "TELEGRAMLOGIN3", "FREEPLAY3"];

describe("OtherWaysIn", () => {
  it("shows nothing when every switch is off", () => {
    vi.stubGlobal("fetch", vi.fn());
    const { container } = render(page(["MOBILELOGIN3"]));
    expect(container.innerHTML).toBe("");
  });

  it("shows only the switched-on ways in", () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ config: null }))),
    );
    render(page(["LINELOGIN3", "FREEPLAY3"]));
    expect(screen.getByRole("button", { name: "使用 LINE 登录" })).toBeTruthy();
    expect(screen.getByRole("button", { name: CN.free_play })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "使用 Google 登录" })).toBeNull();
    expect(screen.queryByRole("link", { name: CN.telegram_login })).toBeNull();
  });

  it("before scripts run, the social buttons are disabled and say they need scripts", () => {
    const html = renderToString(page(ALL));
    expect(html).toContain(CN.social_needs_scripts);
    // The label follows the provider's mark (an inline <svg>) inside the button.
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*><svg[^]*?<\/svg><span>使用 Google 登录/);
    // The free-play form and the Telegram link work without scripts.
    expect(html).toContain(CN.free_play);
    expect(html).toContain('href="/login/telegram?redirectTo=%2Fmember"');
  });

  it("with scripts, a press without a configuration shows 'site not support Google Service.'", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ config: null })));
    vi.stubGlobal("fetch", fetchMock);
    render(page(ALL));
    const google = await screen.findByRole("button", { name: "使用 Google 登录" });
    await waitFor(() => expect((google as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText(CN.social_needs_scripts)).toBeNull();
    fireEvent.click(google);
    expect(await screen.findByText(CN["site not support Google Service."])).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith("/resources/firebase-config", expect.anything());
  });

  it("Telegram fields in the query become a confirmation form, never a login by themselves", () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ config: null }))),
    );
    render(page(["TELEGRAMLOGIN3"], "/login?telegram=confirm&id=42&first_name=Tele&username=tele42&auth_date=1&hash=ab"));
    const button = screen.getByRole("button", { name: "以 @tele42 的 Telegram 身份继续" });
    const form = button.closest("form")!;
    expect(form.getAttribute("action")).toBe("/login/telegram");
    expect(Object.fromEntries(new FormData(form))).toMatchObject({ id: "42", hash: "ab", auth_date: "1", redirectTo: "/member" });
  });
});
