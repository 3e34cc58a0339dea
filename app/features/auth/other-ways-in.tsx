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
    <div className="social-sign-in">
      {hydrated ? null : (
        <p className="social-sign-in__note" id="social-needs-scripts" data-testid="social-needs-scripts">
          {t("social_needs_scripts")}
        </p>
      )}
      {message ? (
        <p className="form-error" role="alert" data-testid="social-message">
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
            className={`button button--secondary social-button social-button--${channel}`}
            disabled={!hydrated || busy !== null}
            aria-busy={busy === channel}
            aria-describedby={hydrated ? undefined : "social-needs-scripts"}
          >
            {busy === channel ? t("social_signing_in") : t("social_login_with", { provider: PROVIDER_NAMES[channel] })}
          </button>
        </form>
      ))}
    </div>
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
        <Link to={`/login/telegram${query}`} reloadDocument className="button button--secondary social-button social-button--telegram">
          {t("telegram_login")}
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
