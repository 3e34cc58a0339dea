// @vitest-environment jsdom
/**
 * GatedLink with Testing Library: the gated entry's address for a guest and for a player, and
 * the shell setting loginPop deciding between the pop-up and the login page.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRemixStub } from "@remix-run/testing";
import { json } from "@remix-run/node";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { Outlet } from "@remix-run/react";
import { GatedLink } from "~/features/auth/login-dialog";
import { i18nOptions } from "~/i18n/config";
import { resources } from "~/i18n/resources";

afterEach(cleanup);

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "CN", resources });

function renderHome(options: { loginPop: boolean; player?: boolean }) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: () =>
        json({
          site: { loginPop: options.loginPop },
          player: options.player ? { nickname: "P", account: "p", balance: null } : null,
        }),
      Component: () => (
        <AuthenticityTokenProvider token="csrf-token">
          <Outlet />
        </AuthenticityTokenProvider>
      ),
      children: [
        { index: true, Component: () => <GatedLink to="/member">会员中心</GatedLink> },
        {
          path: "login",
          Component: () => <p>login page</p>,
          loader: () =>
            json({
              lastUsername: "",
              captchaImage: null,
              captchaRequired: false,
              tab: "password",
              tabs: ["password"],
              redirectTo: "/member",
            }),
        },
        { path: "member", Component: () => <p>member page</p> },
      ],
    },
  ]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/"]} />
    </I18nextProvider>,
  );
}

describe("GatedLink", () => {
  it("for a guest with loginPop on: the link names the login page, a click opens the pop-up instead", async () => {
    renderHome({ loginPop: true });
    const link = await screen.findByRole("link", { name: "会员中心" });
    expect(link.getAttribute("href")).toBe("/login?redirectTo=%2Fmember");
    fireEvent.click(link);
    const dialog = await waitFor(() => {
      const d = document.querySelector("dialog");
      if (!d) throw new Error("no dialog yet");
      return d;
    });
    // The pop-up draws the /login route's form from its loader data.
    await waitFor(() => expect(dialog.querySelector("form#popup-login")).not.toBeNull());
    expect(dialog.querySelector('input[name="username"]')).not.toBeNull();
    expect(screen.queryByText("login page")).toBeNull();
  });

  it("for a guest with loginPop off: the click goes to the login page", async () => {
    renderHome({ loginPop: false });
    fireEvent.click(await screen.findByRole("link", { name: "会员中心" }));
    expect(await screen.findByText("login page")).toBeTruthy();
    expect(document.querySelector("dialog")).toBeNull();
  });

  it("for a player: a plain link to the target", async () => {
    renderHome({ loginPop: true, player: true });
    const link = await screen.findByRole("link", { name: "会员中心" });
    expect(link.getAttribute("href")).toBe("/member");
    fireEvent.click(link);
    expect(await screen.findByText("member page")).toBeTruthy();
    expect(document.querySelector("dialog")).toBeNull();
  });
});
