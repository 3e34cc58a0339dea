// @vitest-environment jsdom
/**
 * The login view with Testing Library: the real route component in a Remix stub, its loader and
 * action replaced by fixed answers, so the form's own behaviour is what is under test.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRemixStub } from "@remix-run/testing";
import { json } from "@remix-run/node";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { Outlet } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import Login from "~/routes/_auth+/login";
import { loginSchema } from "~/schemas/login";
import { i18nOptions } from "~/i18n/config";
import { resources } from "~/i18n/resources";

afterEach(cleanup);

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "CN", resources });

/** The route's own reply for a wrong password: the schema passes, the operator refuses. */
async function wrongPasswordReply({ request }: { request: Request }) {
  const submission = parseWithZod(await request.formData(), { schema: loginSchema({ captchaRequired: false }) });
  return submission.reply({ hideFields: ["password", "captcha"], fieldErrors: { password: ["in_incorrect_password"] } });
}

function renderLogin(options: { captchaRequired?: boolean; wrongPassword?: boolean; lastUsername?: string } = {}) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <AuthenticityTokenProvider token="csrf-token">
          <Outlet />
        </AuthenticityTokenProvider>
      ),
      children: [
        {
          path: "login",
          Component: Login,
          loader: () =>
            json({
              lastUsername: options.lastUsername ?? "",
              captchaImage: options.captchaRequired ? "data:image/svg+xml;base64,AAAA" : null,
              captchaRequired: Boolean(options.captchaRequired),
            }),
          action: async (args: { request: Request }) =>
            json({ result: options.wrongPassword ? await wrongPasswordReply(args) : undefined }, { status: 400 }),
        },
      ],
    },
  ]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/login"]} />
    </I18nextProvider>,
  );
}

describe("login form", () => {
  it("labels its fields and names them as the operator payload", async () => {
    renderLogin();
    const username = await screen.findByLabelText("用户名");
    const password = screen.getByLabelText("密码");
    expect(username.getAttribute("name")).toBe("username");
    expect(password.getAttribute("name")).toBe("password");
    expect(password.getAttribute("type")).toBe("password");
    expect(screen.getByRole("link", { name: "忘记密码？" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.getAllByRole("link", { name: "注册" }).map((a) => a.getAttribute("href"))).toContain("/register");
    // The CSRF token travels in the form.
    expect(document.querySelector('input[name="csrf"]')?.getAttribute("value")).toBe("csrf-token");
    expect(screen.queryByLabelText("验证码")).toBeNull();
  });

  it("validates on blur with the spec's message, beside the field and in the summary", async () => {
    renderLogin();
    const username = await screen.findByLabelText("用户名");
    fireEvent.input(username, { target: { value: "abc" } });
    fireEvent.blur(username);
    await waitFor(() => expect(username.getAttribute("aria-invalid")).toBe("true"));
    const message = document.getElementById(
      username
        .getAttribute("aria-describedby")!
        .split(" ")
        .find((id) => id.endsWith("error"))!,
    );
    expect(message?.textContent).toBe("用户名须为6至13位字母或数字。");
    // The password has not been touched: it is not flagged yet.
    expect(screen.getByLabelText("密码").getAttribute("aria-invalid")).toBeNull();
  });

  it("shows the server's errors after a failed post, keeps the username, never the password", async () => {
    renderLogin({ wrongPassword: true });
    const username = (await screen.findByLabelText("用户名")) as HTMLInputElement;
    fireEvent.input(username, { target: { value: "player01" } });
    fireEvent.input(screen.getByLabelText("密码"), { target: { value: "Wrong1234" } });
    fireEvent.click(screen.getByRole("button", { name: "登录" }));
    const summary = await screen.findByRole("alert");
    expect(summary.textContent).toContain("提交的信息有误");
    const link = screen.getByRole("link", { name: /密码: 用户名或密码错误。/ });
    expect(link.getAttribute("href")).toBe("#login-password");
    await waitFor(() => expect((screen.getByLabelText("密码") as HTMLInputElement).value).toBe(""));
    expect(((await screen.findByLabelText("用户名")) as HTMLInputElement).value).toBe("player01");
  });

  it("shows the captcha with its image and a refresh link when the operator asks", async () => {
    renderLogin({ captchaRequired: true });
    expect(await screen.findByLabelText("验证码")).toBeTruthy();
    expect(screen.getByAltText("验证码图片").getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole("link", { name: "换一张" }).getAttribute("href")).toContain("captcha=refresh");
  });

  it("fills the remembered username and ticks remember me", async () => {
    renderLogin({ lastUsername: "player01" });
    expect(((await screen.findByLabelText("用户名")) as HTMLInputElement).value).toBe("player01");
    expect((screen.getByLabelText("在此设备上记住我") as HTMLInputElement).checked).toBe(true);
  });
});
