// @vitest-environment jsdom
/**
 * The registration form with Testing Library: every field has a hint built from the operator's
 * rule and a required or optional marker, as the login form has hints; there is no Reset button.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { createRemixStub } from "@remix-run/testing";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { fieldHint, RegisterForm, type RegisterFormData } from "~/features/auth/register-form";
import { i18nOptions, type Locale } from "~/i18n/config";
import { resources } from "~/i18n/resources";
import { registerFields, type RegisterRule } from "~/schemas/register-fields";

afterEach(cleanup);

async function translator(lng: Locale) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ ...i18nOptions, lng, ns: ["auth", "common"], defaultNS: "auth", resources });
  return i18n;
}

/** The reference operator's rules, in short: what the demo merchant configures. */
const RULES: RegisterRule[] = [
  { key: "username", enabled: true, required: true, minLength: 6, maxLength: 13, acceptedPattern: "^[A-Za-z0-9]+$" },
  { key: "password", enabled: true, required: true, minLength: 6, maxLength: 16, acceptedPattern: "^[A-Za-z0-9]+$" },
  { key: "verifyPwd", enabled: true, required: true, minLength: 6, maxLength: 16 },
  { key: "mobileNum", enabled: true, required: true, minLength: 10, maxLength: 16, acceptedPattern: "^[0-9]+$" },
  { key: "email", enabled: true, required: false, minLength: 0, maxLength: 64 },
  { key: "qqNum", enabled: true, required: false, minLength: 5, maxLength: null },
  { key: "captcha", enabled: true, required: true, minLength: 4, maxLength: 4 },
];
const SWITCHES = { tab: "username" as const, smsVerification: false, noPassword: false };

function renderForm(i18n: Awaited<ReturnType<typeof translator>>) {
  const form: RegisterFormData = {
    tab: "username",
    tabLinks: [{ id: "username", to: "/register?step=form" }],
    rules: RULES,
    switches: SWITCHES,
    affiliateCode: "",
    captchaImage: null,
    refreshTo: "/register?step=form&captcha=refresh",
    smsSecondsLeft: 0,
    honeypot: { nameFieldName: "name__confirm", validFromFieldName: "from__confirm", encryptedValidFrom: "x" },
  };
  const Stub = createRemixStub([
    {
      path: "/register",
      Component: () => (
        <AuthenticityTokenProvider token="csrf-token">
          <RegisterForm form={form} actionData={undefined} />
        </AuthenticityTokenProvider>
      ),
    },
  ]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/register"]} />
    </I18nextProvider>,
  );
}

describe("registration hints", () => {
  it("say what the operator's rule checks: letters or digits, the length, digits for numbers, the purpose", async () => {
    const i18n = await translator("EN");
    const t = i18n.getFixedT("EN", ["auth", "common"]) as unknown as (key: string, values?: Record<string, unknown>) => string;
    const hint = Object.fromEntries(registerFields(RULES, SWITCHES).map((f) => [f.key, fieldHint(f, t)]));
    expect(hint.username).toBe("Letters or digits · 6 to 13 characters");
    expect(hint.password).toBe("Case-sensitive · Letters or digits · 6 to 16 characters");
    // A copy of the password and the captcha need no length.
    expect(hint.verifyPwd).toBe("Type the password again");
    expect(hint.captcha).toBe("The characters in the picture");
    expect(hint.mobileNum).toBe("10 to 16 digits");
    expect(hint.email).toBe("For resetting your password by e-mail · Up to 64 characters");
    expect(hint.qqNum).toBe("At least 5 digits");
  });

  it("are drawn under each label and read with the field, beside a * or (optional) marker", async () => {
    renderForm(await translator("CN"));
    const auth = resources.CN.auth as Record<string, string>;
    const username = screen.getByLabelText(/用户名/) as HTMLInputElement;
    const hintId = username.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(hintId)?.textContent).toBe("字母或数字 · 6–13 个字符");
    expect(username.getAttribute("aria-required")).toBe("true");
    expect(username.labels?.[0].querySelector(".field__required")?.textContent).toBe("*");

    const email = screen.getByLabelText(/电子邮箱/) as HTMLInputElement;
    expect(email.labels?.[0].querySelector(".field__optional")?.textContent).toBe(auth.reg_optional);
    expect(email.getAttribute("aria-required")).toBeNull();
    expect(screen.getByText(auth.reg_required_legend)).toBeTruthy();
  });

  it("has one button to press, Register: no Reset beside it", async () => {
    const { container } = renderForm(await translator("CN"));
    expect(container.querySelector('button[type="reset"]')).toBeNull();
    expect(screen.getAllByRole("button", { name: resources.CN.common.register })).toHaveLength(1);
  });
});
