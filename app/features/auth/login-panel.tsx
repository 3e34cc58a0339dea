/**
 * The login screen of document 000 (section 2, screen 1) without its route: the /login page
 * renders it, and so does the pop-up login (app/features/auth/login-dialog.tsx), which loads the same
 * loader data and posts to the same action through fetchers.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ComponentType } from "react";
import { Namespaces, usePageTranslation } from "~/i18n/translation";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton, useClearSecrets } from "~/components/forms";
import { CheckboxField, TextField } from "~/components/fields";
import { OtherWaysIn } from "~/features/auth/other-ways-in";
import { SmsCodeButton } from "~/features/auth/sms-code";
import { SEND_CODE_INTENT } from "~/schemas/intents";
import { TabLinks } from "~/components/tabs";
import { SECRET_LOGIN_FIELDS, type LoginTab } from "~/schemas/login-tabs";
import { useClientCheck, type FormConstraint } from "~/components/client-check";
import { loginHref } from "~/features/auth/login-href";
import { ServiceLinks } from "~/features/site/service-links";

export { loginHref };

export interface SideLink {
  /** Translation key of the label. */
  label: string;
  href: string;
}

/** What the login loader answers. The fields after the first three are optional so that a
 * page built from older data (or a test stub) still draws the username tab. */
export interface LoginPageData {
  lastUsername: string;
  captchaImage: string | null;
  captchaRequired: boolean;
  /** The HTML constraints of this tab's fields (the loader's getZodConstraint). */
  constraint?: FormConstraint;
  tab?: LoginTab;
  tabs?: LoginTab[];
  /** Seconds before another SMS code may be asked for from this browser. */
  smsSecondsLeft?: number;
  /** UPDATEMOBILEICC3: the country dialing code field is shown. */
  countryCodeField?: boolean;
  /** The login switches that are on (for social sign-in, Telegram and free play). */
  enabledSwitches?: string[];
  redirectTo?: string;
  sideLinks?: SideLink[];
}

export interface LoginActionData {
  result?: SubmissionResult<string[]>;
  /** An SMS code went out just now. */
  codeSent?: boolean;
}

const TAB_LABELS: Record<LoginTab, string> = {
  password: "login_tab_password",
  sms: "login_tab_sms",
  mobile: "login_tab_mobile",
};

type FormComponent = ComponentType<React.ComponentProps<typeof Form>>;

type LoginPanelProps = Parameters<typeof LoginPanelBody>[0];

/** The login page's panel, also drawn in the pop-up over any page: it brings its own namespace. */
export function LoginPanel(props: LoginPanelProps) {
  return (
    <Namespaces ns="auth">
      <LoginPanelBody {...props} />
    </Namespaces>
  );
}

function LoginPanelBody({
  data,
  actionData,
  FormAs = Form,
  formId = "login",
  heading = "h1",
  titleId = "login-title",
}: {
  data: LoginPageData;
  actionData?: LoginActionData;
  /** Form for the page; a fetcher's Form in the pop-up. */
  FormAs?: FormComponent;
  /** The id of the username tab's form; other tabs add -sms / -mobile. */
  formId?: string;
  heading?: "h1" | "h2";
  titleId?: string;
}) {
  const { t } = usePageTranslation("auth");
  const tab = data.tab ?? "password";
  const tabs = data.tabs ?? ["password"];
  const redirectTo = data.redirectTo ?? "";
  const Heading = heading;
  return (
    <section className="panel login-panel" aria-labelledby={titleId}>
      <Heading id={titleId}>{t("login")}</Heading>
      {redirectTo && redirectTo !== "/" ? (
        <p className="notice" role="status">
          {t("in_sorry_in")}
        </p>
      ) : null}
      <TabLinks
        label={t("login_methods")}
        current={tab}
        tabs={tabs.map((id) => ({ id, label: t(TAB_LABELS[id]), to: loginHref({ tab: id, redirectTo }) }))}
      />
      <LoginForm
        key={tab}
        tab={tab}
        data={data}
        actionData={actionData}
        FormAs={FormAs}
        formId={tab === "password" ? formId : `${formId}-${tab}`}
      />
      <p className="login-links">
        <Link to="/forgot-password">{t("forgot_password")}</Link>
        <Link to="/register">{t("register")}</Link>
      </p>
      <OtherWaysIn enabled={data.enabledSwitches ?? []} redirectTo={redirectTo} />
      {data.sideLinks?.length ? (
        <nav className="login-side" aria-label={t("login_side_menu")}>
          <ul>
            {data.sideLinks.map((link) => (
              <li key={`${link.label}:${link.href}`}>
                {link.label === "login_customer_service" ? (
                  // The service window of 440×750, as everywhere else on the site.
                  <ServiceLinks links={[{ name: t(link.label), url: link.href }]} label={t(link.label)} className="" />
                ) : link.href.startsWith("/") ? (
                  // The speed test's CSP names the domains it times: that page loads as a document.
                  <Link to={link.href} reloadDocument={link.label === "login_speed_check"}>
                    {t(link.label)}
                  </Link>
                ) : (
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {t(link.label)}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}

/** Every field any tab has; each tab uses its own few. */
interface LoginFields {
  username: string;
  password: string;
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  captcha: string;
  remember: boolean;
  redirectTo: string;
  tab: string;
  intent: string;
}

function LoginForm({
  tab,
  data,
  actionData,
  FormAs,
  formId,
}: {
  tab: LoginTab;
  data: LoginPageData;
  actionData?: LoginActionData;
  FormAs: FormComponent;
  formId: string;
}) {
  const { t } = usePageTranslation("auth");
  const { lastUsername, captchaImage, captchaRequired } = data;
  const redirectTo = data.redirectTo ?? "";
  // A remembered name fills the field it fits: a number the mobile tabs, any name the username tab.
  const rememberedMobile = /^\d+$/.test(lastUsername) ? lastUsername : "";
  // The send-code button checks the number fields only, as the server does. A blur carries no
  // intent: on the SMS tab the number is first used to ask for a code, so its rule speaks then.
  const check = useClientCheck((m, formData) =>
    m.schemaForLogin(tab, {
      captchaRequired,
      intent: (formData.get("intent") as string | null) ?? (tab === "sms" ? SEND_CODE_INTENT : null),
    }),
  );
  const [form, fields] = useForm<Partial<LoginFields>>({
    id: formId,
    lastResult: actionData?.result,
    constraint: data.constraint,
    defaultValue:
      tab === "password"
        ? { username: lastUsername, remember: Boolean(lastUsername) }
        : { mobileNum: rememberedMobile, remember: Boolean(lastUsername) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });

  // After a refused post the page (without scripts) comes back with empty secret fields; with
  // scripts the same happens here, so a wrong password or code is never left in the form.
  useClearSecrets(
    actionData,
    SECRET_LOGIN_FIELDS.map((name) => `${formId}-${name}`),
  );

  const summary =
    tab === "password"
      ? [
          { field: fields.username, label: t("username") },
          { field: fields.password, label: t("password") },
        ]
      : tab === "mobile"
        ? [
            { field: fields.mobileNum, label: t("mobile_number") },
            { field: fields.password, label: t("password") },
          ]
        : [
            { field: fields.countryDialingCode, label: t("country_dialing_code") },
            { field: fields.mobileNum, label: t("mobile_number") },
            { field: fields.verificationCode, label: t("sms_code") },
          ];
  // The same number field on the mobile and SMS tabs (the operator's username for both types).
  const mobileField = (
    <TextField
      field={fields.mobileNum}
      label={t("mobile_number")}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      hint={t("mobile_number_hint")}
    />
  );

  return (
    // The tab and the target ride in the address too: a page answering a refused post without
    // scripts is drawn by the loader, which reads them from there.
    <FormAs method="post" action={loginHref({ tab, redirectTo })} {...getFormProps(form)} noValidate>
      {tab === "sms" ? (
        // Enter in a field logs in: the first submit button of a form is the one Enter presses,
        // and the visible first one here asks for a code.
        <button type="submit" name="intent" value="login" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          {t("login")}
        </button>
      ) : null}
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={[...summary, { field: fields.captcha, label: t("captcha") }]} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {tab !== "password" ? <input type="hidden" name="tab" value={tab} /> : null}
      {tab === "password" ? (
        <>
          <TextField field={fields.username} label={t("username")} autoComplete="username" hint={t("username_hint")} />
          <TextField field={fields.password} label={t("password")} type="password" autoComplete="current-password" />
        </>
      ) : null}
      {tab === "mobile" ? (
        <>
          {mobileField}
          <TextField field={fields.password} label={t("password")} type="password" autoComplete="current-password" />
        </>
      ) : null}
      {tab === "sms" ? (
        <>
          {data.countryCodeField ? (
            <TextField
              field={fields.countryDialingCode}
              label={t("country_dialing_code")}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-country-code"
              hint={t("country_dialing_code_hint")}
            />
          ) : null}
          {mobileField}
          <SmsCodeButton secondsLeft={data.smsSecondsLeft ?? 0} restartKey={actionData} codeSent={actionData?.codeSent} />
          <TextField field={fields.verificationCode} label={t("sms_code")} inputMode="numeric" autoComplete="one-time-code" />
        </>
      ) : null}
      {captchaRequired ? (
        <div className="captcha">
          <TextField field={fields.captcha} label={t("captcha")} autoComplete="off" inputMode="numeric" />
          {captchaImage ? <img src={captchaImage} alt={t("captcha_image")} width="120" height="40" /> : null}
          <Link to={loginHref({ tab, redirectTo, captchaRefresh: true })} preventScrollReset replace>
            {t("captcha_refresh")}
          </Link>
        </div>
      ) : null}
      <CheckboxField field={fields.remember} label={t("remember_me")} />
      {tab === "sms" ? (
        <SubmitButton pendingLabel={t("logging_in")} name="intent" value="login">
          {t("login")}
        </SubmitButton>
      ) : (
        <SubmitButton pendingLabel={t("logging_in")}>{t("login")}</SubmitButton>
      )}
    </FormAs>
  );
}
