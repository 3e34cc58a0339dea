/**
 * Play and free trial: a plain form post to /games/launch with hidden fields naming the game
 * (launch-schema.ts), `target="_blank"` for games that open in a new window. Without scripts the
 * browser posts it and follows the 303 (the game, the in-page view, the login or a failure's
 * page). With scripts it behaves like the original (document 001, section 4):
 * - a new-window game: a blank window opens at once (inside the click, so no pop-up blocker
 *   stops it), the form posts through a fetcher with `_client=json`, and the window is sent to
 *   the game's address, or closed and the failure's dialog opens as a modal over the page;
 * - an in-page game or a trial: the same post, then the in-page view, or the dialog;
 * - a guest's Play: the pop-up login when loginPop is on (like GatedLink), else the login page.
 *
 * What the lobby gives: a GameView (types.ts) per tile, rendered inside a route whose handle
 * names the "games" namespace. The forms take the current address as `backTo` unless told.
 */
import { useRootData } from "~/features/site/root-data";
import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { LoginDialog } from "~/features/auth/login-dialog";
import { loginHref } from "~/features/auth/login-href";
import { usePageTranslation } from "~/i18n/translation";
import type { LaunchOutcome } from "./launch.server";
import { DialogHost } from "./launch-host";
import { CLIENT_FIELD, TRIAL_INTENT } from "./launch-fields";
import { LAUNCH_PATH } from "./launch";
import type { GameView } from "./types";

/**
 * The failure's dialog, loaded when a launch first fails (most views never show it): its view
 * (launch-dialog.tsx) stays out of every page's scripts that has a Play button.
 */
const LaunchDialog = lazy(() => import("./launch-dialog-modal").then((m) => ({ default: m.LaunchDialog })));

/** The hidden fields of a game's launch (empty values are left out). */
export type LaunchFields = Record<string, string | null | undefined>;

export function gameLaunchFields(game: GameView): LaunchFields {
  return {
    vendor: game.vendor,
    gameType: game.gameType,
    gameId: game.gameId,
    roomId: game.roomId,
    nodeId: game.nodeId,
    matchId: game.matchId,
    leagueId: game.leagueId,
    sourceType: game.sourceType,
    marketingDetailId: game.marketingDetailId,
    newWindow: game.newWindow ? "1" : "0",
    name: game.name,
  };
}

/**
 * The Play button of a game tile. `backTo`: where the game's Back and the dialogs' Cancel lead
 * (the current page unless said). `sameTab`: a plain post stays in this tab even for a
 * new-window game (the failure's page, already the game's tab, uses it); scripts still open the
 * game's own window. `plain`: drawn inside a shared fragment (no router), whose delegated submit
 * runs the launch (useLauncher); `backTo` must then be given.
 */
export function PlayForm({
  game,
  backTo,
  sameTab = false,
  plain = false,
}: {
  game: GameView;
  backTo?: string;
  sameTab?: boolean;
  plain?: boolean;
}) {
  const { t } = usePageTranslation("games");
  const Form = plain ? PlainLaunchForm : LaunchForm;
  return (
    <Form fields={gameLaunchFields(game)} newWindow={game.newWindow} sameTab={sameTab} backTo={backTo} needsAccount className="play-form">
      {t("launch_play")}
      <span className="visually-hidden"> {game.name}</span>
    </Form>
  );
}

/**
 * The free-trial button (document 001, section 2: only when supportPlay is 0, i.e. game.trial):
 * no account needed; the trial plays in the page (/trial).
 */
export function TrialForm({ game, backTo, plain = false }: { game: GameView; backTo?: string; plain?: boolean }) {
  const { t } = usePageTranslation("games");
  if (!game.trial) return null;
  const Form = plain ? PlainLaunchForm : LaunchForm;
  return (
    <Form
      fields={{ ...gameLaunchFields(game), intent: TRIAL_INTENT }}
      newWindow={false}
      backTo={backTo}
      className="play-form play-form--trial"
      buttonClass="button button--small button--secondary"
    >
      {t("launch_trial")}
      <span className="visually-hidden"> {game.name}</span>
    </Form>
  );
}

interface LaunchFormProps {
  fields: LaunchFields;
  newWindow: boolean;
  /** A plain post stays in this tab (no target) though the game opens a new window with scripts. */
  sameTab?: boolean;
  backTo?: string;
  needsAccount?: boolean;
  className?: string;
  buttonClass?: string;
  children: ReactNode;
}

/**
 * A launch form's markup: what a plain post sends. `data-launch` says what a press needs (play:
 * an account; trial: none) to a delegated submit (plain-tiles.tsx's launchFrom), which reads the
 * rest from the fields (plain-tiles.tsx).
 */
export function PlainLaunchForm({
  fields,
  newWindow,
  sameTab = false,
  backTo,
  needsAccount = false,
  className,
  buttonClass = "button button--small",
  busy = false,
  onSubmit,
  children,
}: LaunchFormProps & { busy?: boolean; onSubmit?: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form
      method="post"
      action={LAUNCH_PATH}
      target={newWindow && !sameTab ? "_blank" : undefined}
      className={className}
      data-launch={needsAccount ? "play" : "trial"}
      onSubmit={onSubmit}
    >
      <AuthenticityTokenInput />
      {Object.entries(fields).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <input type="hidden" name="backTo" value={backTo ?? "/"} />
      <button type="submit" className={buttonClass} aria-busy={busy || undefined}>
        {children}
      </button>
    </form>
  );
}

/** What a press of a launch form needs to know beyond its fields. */
export interface LaunchPress {
  newWindow: boolean;
  needsAccount: boolean;
  /** Where the login, the game's Back and the dialogs' Cancel lead. */
  here: string;
  /** The form names a game or room: only then can a window open for it. */
  hasGame: boolean;
}

/**
 * The launch's behaviour with scripts (see the module's comment), for one form (LaunchForm) or
 * any number of plain ones under a delegated submit (a shared fragment's tiles): one launch at a
 * time. `overlays` is the login pop-up and the failure's dialog, to draw beside the forms.
 */
export function useLauncher() {
  const { t } = usePageTranslation("games");
  const root = useRootData();
  const guest = !root?.player;
  const trialAccount = Boolean(root?.player?.trial);
  const loginPop = Boolean(root?.site.loginPop);
  const navigate = useNavigate();
  const fetcher = useFetcher<LaunchOutcome>();
  const host = useContext(DialogHost);
  const [login, setLogin] = useState<string | null>(null);
  const [dialog, setDialog] = useState<string | null>(null);
  /** The blank window waiting for the game's address. */
  const waiting = useRef<Window | null>(null);
  /** A post is under way (fetcher.data may still hold the last one's answer), from where. */
  const posted = useRef<string | null>(null);

  // The answer: send the window to the game, or close it and go where the answer says.
  useEffect(() => {
    if (fetcher.state !== "idle" || posted.current === null) return;
    const here = posted.current;
    posted.current = null;
    const outcome = fetcher.data;
    const w = waiting.current;
    waiting.current = null;
    if (outcome?.kind === "game") {
      if (w && !w.closed) {
        // The game need not reach back into the portal.
        w.opener = null;
        w.location.replace(outcome.location);
      }
      return;
    }
    w?.close();
    if (!outcome) return;
    if (outcome.kind === "dialog") (host ?? setDialog)(outcome.location);
    else if (outcome.kind === "login" && loginPop) setLogin(here);
    else navigate(outcome.location);
  }, [fetcher.state, fetcher.data, loginPop, navigate, host]);

  // Leaving the page with a launch under way: its blank window does not stay behind.
  useEffect(
    () => () => {
      if (waiting.current && !waiting.current.closed) waiting.current.close();
    },
    [],
  );

  const launch = (event: FormEvent<HTMLElement>, form: HTMLFormElement, press: LaunchPress) => {
    if (press.needsAccount && guest) {
      event.preventDefault();
      if (loginPop) setLogin(press.here);
      else navigate(loginHref({ redirectTo: press.here }));
      return;
    }
    if (fetcher.state !== "idle" || posted.current !== null) {
      event.preventDefault();
      return;
    }
    const data = new FormData(form);
    data.set(CLIENT_FIELD, "json");
    // No window for what cannot open a game: a trial account's Play, a game without an id.
    if (press.newWindow && !(press.needsAccount && trialAccount) && press.hasGame) {
      const w = window.open("", "_blank");
      // Blocked after all: the plain post goes ahead (target=_blank), as without scripts.
      if (!w) return;
      showOpening(w, t("launch_opening"));
      waiting.current = w;
    }
    event.preventDefault();
    posted.current = press.here;
    fetcher.submit(data, { method: "post", action: LAUNCH_PATH });
  };

  const closeLogin = useCallback(() => setLogin(null), []);
  const closeDialog = useCallback(() => setDialog(null), []);
  const overlays = (
    <>
      {login !== null ? <LoginDialog redirectTo={login} onClose={closeLogin} /> : null}
      {dialog ? (
        <Suspense fallback={null}>
          <LaunchDialog href={dialog} onClose={closeDialog} />
        </Suspense>
      ) : null}
    </>
  );
  return { launch, busy: fetcher.state !== "idle", overlays };
}

/**
 * One launch form with its behaviour: PlayForm, TrialForm and the Retry of the domain-check
 * dialog. `needsAccount`: a guest's press leads to the login (Play); a trial goes ahead without one.
 */
export function LaunchForm(props: LaunchFormProps) {
  const location = useLocation();
  const here = props.backTo ?? `${location.pathname}${location.search}`;
  const launcher = useLauncher();
  const hasGame = Boolean(props.fields.gameId || props.fields.roomId);
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    launcher.launch(event, event.currentTarget, { newWindow: props.newWindow, needsAccount: Boolean(props.needsAccount), here, hasGame });
  return (
    <>
      <PlainLaunchForm {...props} backTo={here} busy={launcher.busy} onSubmit={onSubmit} />
      {launcher.overlays}
    </>
  );
}

/** The blank window says what it is waiting for (it is the portal's own about:blank: text only). */
function showOpening(w: Window, text: string) {
  try {
    w.document.title = text;
    const p = w.document.createElement("p");
    p.textContent = text;
    w.document.body.append(p);
  } catch {
    // a window we cannot write to still gets the game's address
  }
}
