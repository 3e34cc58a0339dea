/**
 * Social sign-in, Telegram and free play on the login page, for the switches that are on.
 *
 * - Social buttons are plain POST forms to /login/firebase. Only a script can sign in with the
 *   identity service, so they stay disabled, with a note saying so, until scripts run; then a
 *   press loads the Firebase SDK, opens the provider's pop-up, puts the ID token into the form
 *   and submits it as an ordinary form post.
 * - Telegram: a link to /login/telegram (Telegram's own login page). Telegram comes back to
 *   /login with the signed fields (in the fragment, read here by script, or in the query, read by
 *   the server); the player confirms with a press, so no link can log anyone in by itself.
 * - Free play: a POST form to /login/freeplay.
 */
import { Form, Link, useSearchParams } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SubmitButton } from "~/components/forms";
import { signInForIdToken, SocialSignInError } from "~/features/auth/firebase.client";
import { FIREBASE_CHANNELS, PROVIDER_NAMES, TELEGRAM_FIELDS, type FirebaseChannel, type FirebaseWebConfig } from "~/lib/social";

type Message = { key: string; values?: Record<string, string> };
type TelegramAuth = Partial<Record<(typeof TELEGRAM_FIELDS)[number], string>>;

export function OtherWaysIn({ enabled, redirectTo }: { enabled: readonly string[]; redirectTo: string }) {
  const { t } = usePageTranslation("auth");
  const on = new Set(enabled);
  const channels = (Object.keys(FIREBASE_CHANNELS) as FirebaseChannel[]).filter((c) => on.has(FIREBASE_CHANNELS[c]));
  const telegram = on.has("TELEGRAMLOGIN3");
  const freePlay = on.has("FREEPLAY3");
  if (!channels.length && !telegram && !freePlay) return null;

  return (
    <section className="other-ways-in" aria-labelledby="other-ways-in-title">
      <h2 id="other-ways-in-title">{t("other_ways_in")}</h2>
      {/* One grid: every way in is a button of the same width, whichever are switched on. */}
      <div className="ways-in">
        {channels.length ? <SocialButtons channels={channels} redirectTo={redirectTo} /> : null}
        {telegram ? <TelegramLogin redirectTo={redirectTo} /> : null}
        {freePlay ? (
          <Form method="post" action="/login/freeplay" className="free-play">
            <AuthenticityTokenInput />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <SubmitButton pendingLabel={t("free_play_starting")} action="/login/freeplay">
              {t("free_play")}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

function SocialButtons({ channels, redirectTo }: { channels: FirebaseChannel[]; redirectTo: string }) {
  const { t } = usePageTranslation("auth");
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState<FirebaseChannel | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  // The configuration is asked for ahead of a press: the pop-up must open soon after the click.
  const [config, setConfig] = useState<Promise<FirebaseWebConfig | null> | null>(null);
  useEffect(() => {
    setHydrated(true);
    setConfig(
      fetch("/resources/firebase-config", { headers: { Accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<{ config: FirebaseWebConfig | null }>) : { config: null }))
        .then((body) => body.config)
        .catch(() => null),
    );
  }, []);

  async function start(event: FormEvent<HTMLFormElement>, channel: FirebaseChannel) {
    const form = event.currentTarget;
    const tokenInput = form.elements.namedItem("firebaseIdToken") as HTMLInputElement;
    event.preventDefault();
    setMessage(null);
    const webConfig = await config;
    if (!webConfig) {
      setMessage({ key: "site not support Google Service." });
      return;
    }
    setBusy(channel);
    try {
      const token = await signInForIdToken(webConfig, channel);
      if (!token) return setBusy(null);
      tokenInput.value = token;
      // An ordinary form post (submit() fires no submit event): the server answers with the next page.
      form.submit();
    } catch (error) {
      setBusy(null);
      setMessage(error instanceof SocialSignInError ? { key: error.key, values: error.values } : { key: "unknown_error" });
    }
  }

  return (
    <>
      {hydrated ? null : (
        <p className="ways-in__note" id="social-needs-scripts" data-testid="social-needs-scripts">
          {t("social_needs_scripts")}
        </p>
      )}
      {message ? (
        <p className="form-error ways-in__note" role="alert" data-testid="social-message">
          {t(message.key, message.values)}
        </p>
      ) : null}
      {channels.map((channel) => (
        <form key={channel} method="post" action="/login/firebase" onSubmit={(e) => void start(e, channel)}>
          <AuthenticityTokenInput />
          <input type="hidden" name="firebaseChannel" value={channel} />
          <input type="hidden" name="firebaseIdToken" defaultValue="" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            className={`button social-button social-button--${channel}`}
            disabled={!hydrated || busy !== null}
            aria-busy={busy === channel}
            aria-describedby={hydrated ? undefined : "social-needs-scripts"}
          >
            <BrandMark brand={channel} />
            <span>{busy === channel ? t("social_signing_in") : t("social_login_with", { provider: PROVIDER_NAMES[channel] })}</span>
          </button>
        </form>
      ))}
    </>
  );
}

/** Telegram's fields from the fragment Telegram's login page returns with (#tgAuthResult=base64 JSON). */
function telegramFromFragment(hash: string): TelegramAuth | null {
  const match = /^#tgAuthResult=([A-Za-z0-9_\-+/=%]+)$/.exec(hash);
  if (!match) return null;
  try {
    const base64 = decodeURIComponent(match[1]).replace(/-/g, "+").replace(/_/g, "/");
    const data = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="))) as Record<string, unknown>;
    const fields: TelegramAuth = {};
    for (const key of TELEGRAM_FIELDS) {
      if (typeof data[key] === "string" || typeof data[key] === "number") fields[key] = String(data[key]);
    }
    return fields.id && fields.hash ? fields : null;
  } catch {
    return null;
  }
}

function TelegramLogin({ redirectTo }: { redirectTo: string }) {
  const { t } = usePageTranslation("auth");
  const [searchParams] = useSearchParams();
  const fromQuery: TelegramAuth | null =
    searchParams.get("telegram") === "confirm" && searchParams.get("hash")
      ? Object.fromEntries(TELEGRAM_FIELDS.flatMap((k) => (searchParams.has(k) ? [[k, searchParams.get(k)!]] : [])))
      : null;
  const [fromFragment, setFromFragment] = useState<TelegramAuth | null>(null);
  useEffect(() => {
    const fields = telegramFromFragment(window.location.hash);
    if (!fields) return;
    // The signed data should not linger in the address bar or the history.
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    setFromFragment(fields);
  }, []);
  const auth = fromFragment ?? fromQuery;
  const query = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";

  if (!auth) {
    return (
      <p className="telegram-login">
        <Link to={`/login/telegram${query}`} reloadDocument className="button social-button social-button--telegram">
          <BrandMark brand="telegram" />
          <span>{t("telegram_login")}</span>
        </Link>
      </p>
    );
  }
  const name = auth.username ? `@${auth.username}` : [auth.first_name, auth.last_name].filter(Boolean).join(" ");
  return (
    <Form method="post" action="/login/telegram" className="telegram-confirm">
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {TELEGRAM_FIELDS.map((key) => (auth[key] ? <input key={key} type="hidden" name={key} value={auth[key]} /> : null))}
      <SubmitButton pendingLabel={t("logging_in")} action="/login/telegram">
        {t("telegram_continue_as", { name: name || auth.id })}
      </SubmitButton>
    </Form>
  );
}

/**
 * Each provider's own mark, drawn inline: the content security policy allows no image or font
 * from their sites, and a page should not call them before the player asks. Paths from the
 * providers' brand resources (via Simple Icons; Google's four-colour G from its sign-in button).
 */
function BrandMark({ brand }: { brand: FirebaseChannel | "telegram" }) {
  const common = { className: "brand-mark", width: 20, height: 20, "aria-hidden": true, focusable: false } as const;
  switch (brand) {
    case "google":
      return (
        <svg viewBox="0 0 48 48" {...common}>
          <path
            fill="#EA4335"
            d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
          />
          <path
            fill="#4285F4"
            d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
          />
          <path
            fill="#FBBC05"
            d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
          />
          <path
            fill="#34A853"
            d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
          />
        </svg>
      );
    case "facebook":
      return (
        <svg viewBox="0 0 24 24" fill="currentColor" {...common}>
          <path d="M24 12.073c0-6.627-5.373-12-12-12s-12 5.373-12 12c0 5.99 4.388 10.954 10.125 11.854v-8.385H7.078v-3.47h3.047V9.43c0-3.007 1.792-4.669 4.533-4.669 1.312 0 2.686.235 2.686.235v2.953H15.83c-1.491 0-1.956.925-1.956 1.874v2.25h3.328l-.532 3.47h-2.796v8.385C19.612 23.027 24 18.062 24 12.073z" />
        </svg>
      );
    case "twitter":
      return (
        <svg viewBox="0 0 24 24" fill="currentColor" {...common}>
          <path d="M18.901 1.153h3.68l-8.04 9.19L24 22.846h-7.406l-5.8-7.584-6.638 7.584H.474l8.6-9.83L0 1.154h7.594l5.243 6.932ZM17.61 20.644h2.039L6.486 3.24H4.298Z" />
        </svg>
      );
    case "line":
      return (
        <svg viewBox="0 0 24 24" fill="currentColor" {...common}>
          <path d="M19.365 9.863c.349 0 .63.285.63.631 0 .345-.281.63-.63.63H17.61v1.125h1.755c.349 0 .63.283.63.63 0 .344-.281.629-.63.629h-2.386c-.345 0-.627-.285-.627-.629V8.108c0-.345.282-.63.63-.63h2.386c.346 0 .627.285.627.63 0 .349-.281.63-.63.63H17.61v1.125h1.755zm-3.855 3.016c0 .27-.174.51-.432.596-.064.021-.133.031-.199.031-.211 0-.391-.09-.51-.25l-2.443-3.317v2.94c0 .344-.279.629-.631.629-.346 0-.626-.285-.626-.629V8.108c0-.27.173-.51.43-.595.06-.023.136-.033.194-.033.195 0 .375.104.495.254l2.462 3.33V8.108c0-.345.282-.63.63-.63.345 0 .63.285.63.63v4.771zm-5.741 0c0 .344-.282.629-.631.629-.345 0-.627-.285-.627-.629V8.108c0-.345.282-.63.63-.63.346 0 .628.285.628.63v4.771zm-2.466.629H4.917c-.345 0-.63-.285-.63-.629V8.108c0-.345.285-.63.63-.63.348 0 .63.285.63.63v4.141h1.756c.348 0 .629.283.629.63 0 .344-.282.629-.629.629M24 10.314C24 4.943 18.615.572 12 .572S0 4.943 0 10.314c0 4.811 4.27 8.842 10.035 9.608.391.082.923.258 1.058.59.12.301.079.766.038 1.08l-.164 1.02c-.045.301-.24 1.186 1.049.645 1.291-.539 6.916-4.078 9.436-6.975C23.176 14.393 24 12.458 24 10.314" />
        </svg>
      );
    case "telegram":
      return (
        <svg viewBox="0 0 24 24" fill="currentColor" {...common}>
          <path d="M11.944 0A12 12 0 0 0 0 12a12 12 0 0 0 12 12 12 12 0 0 0 12-12A12 12 0 0 0 12 0a12 12 0 0 0-.056 0zm4.962 7.224c.1-.002.321.023.465.14a.506.506 0 0 1 .171.325c.016.093.036.306.02.472-.18 1.898-.962 6.502-1.36 8.627-.168.9-.499 1.201-.82 1.23-.696.065-1.225-.46-1.9-.902-1.056-.693-1.653-1.124-2.678-1.8-1.185-.78-.417-1.21.258-1.91.177-.184 3.247-2.977 3.307-3.23.007-.032.014-.15-.056-.212s-.174-.041-.249-.024c-.106.024-1.793 1.14-5.061 3.345-.48.33-.913.49-1.302.48-.428-.008-1.252-.241-1.865-.44-.752-.245-1.349-.374-1.297-.789.027-.216.325-.437.893-.663 3.498-1.524 5.83-2.529 6.998-3.014 3.332-1.386 4.025-1.627 4.476-1.635z" />
        </svg>
      );
  }
}
