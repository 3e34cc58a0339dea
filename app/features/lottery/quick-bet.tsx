/**
 * The quick-bet widget (document 001, section 2, screen 6; sections 4 and 5). Without scripts
 * it is links: a game tab or "draw again" reloads the page with that game and five fresh
 * numbers, the time left is the one at render, and "refresh" asks again. With scripts a game
 * change asks its issue from /resources/lottery-issue, numbers are drawn in the page, and the
 * countdown ticks against a deadline (never a tally of ticks), asks the server again when it
 * reaches zero (at most once per 5 s), when the page comes back from hidden, and when a tick
 * finds the clock jumped (the phone slept).
 */
import { isPlainClick } from "~/lib/clicks";
import { Link, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { GatedLink } from "~/features/auth/login-dialog";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";
import { Balls, DrawList } from "./balls";
import { deadlineOf, drawNumbers, formatCountdown, NOT_ON_SALE, quickBetHref, RefetchThrottle, remainingMs, trendHref } from "./lottery";
import type { DrawView, IssueView, QuickBetData, QuickBetGame } from "./lottery.server";

export const ISSUE_RESOURCE = "/resources/lottery-issue";
/** A tick that comes this late means the page was asleep: ask the server rather than trust the clock. */
const JUMP_MS = 3_000;

export interface LiveIssue {
  issue: IssueView | null;
  draws: DrawView[];
}

/** The open issue of a game, kept right against the server (see the module's comment). */
export function useLiveIssue(gameCode: string, initial: LiveIssue, vn = false) {
  const hydrated = useHydrated();
  const [live, setLive] = useState<LiveIssue & { deadline: number | null; code: string }>(() => ({
    ...initial,
    code: gameCode,
    deadline: null,
  }));
  const [now, setNow] = useState(0);
  const liveRef = useRef(live);
  liveRef.current = live;
  const throttle = useRef(new RefetchThrottle());
  const asked = useRef(gameCode);
  asked.current = gameCode;

  const sync = useCallback(
    async (code: string, force = false) => {
      if (!throttle.current.take(Date.now()) && !force) return;
      try {
        const response = await fetch(`${ISSUE_RESOURCE}?gameCode=${encodeURIComponent(code)}${vn ? "&vn=1" : ""}`, {
          headers: { Accept: "application/json" },
        });
        if (!response.ok) return;
        const data = (await response.json()) as LiveIssue;
        // An answer for a game the player has left since is dropped.
        if (asked.current !== code) return;
        const at = Date.now();
        setLive({ ...data, code, deadline: deadlineOf(data.issue?.countdownMs ?? null, at) });
        setNow(at);
      } catch {
        // Offline for a moment: the next tick or wake-up asks again.
      }
    },
    [vn],
  );

  // The server's answer is as old as the page: ask once on arrival, and again for each game chosen.
  useEffect(() => {
    if (!hydrated) return;
    void sync(gameCode, true);
  }, [hydrated, gameCode, sync]);

  useEffect(() => {
    if (!hydrated) return;
    let last = Date.now();
    const timer = setInterval(() => {
      const at = Date.now();
      const jumped = at - last > JUMP_MS;
      last = at;
      setNow(at);
      const left = remainingMs(liveRef.current.deadline, at);
      if (jumped || left === null || left === 0) void sync(asked.current);
    }, 1000);
    const wake = () => {
      if (document.visibilityState === "visible") void sync(asked.current, true);
    };
    document.addEventListener("visibilitychange", wake);
    window.addEventListener("pageshow", wake);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", wake);
      window.removeEventListener("pageshow", wake);
    };
  }, [hydrated, sync]);

  const current = live.code === gameCode ? live : { ...initial, deadline: null };
  const text =
    hydrated && current.deadline !== null && now > 0
      ? formatCountdown(remainingMs(current.deadline, now))
      : formatCountdown(current.issue?.countdownMs ?? null);
  return { issue: current.issue, draws: current.draws, countdown: text };
}

const randomUnit = () => crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;

export function QuickBet({ data }: { data: QuickBetData }) {
  const { t } = usePageTranslation("lottery");
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<QuickBetGame>(data.selected);
  const [numbers, setNumbers] = useState<string[]>(data.numbers);
  // A new page (another game without scripts) brings its own selection and numbers.
  useEffect(() => {
    setSelected(data.selected);
    setNumbers(data.numbers);
  }, [data.selected, data.numbers]);
  const initial = selected.gameCode === data.selected.gameCode ? { issue: data.issue, draws: data.draws } : { issue: null, draws: [] };
  const { issue, draws, countdown } = useLiveIssue(selected.gameCode, initial);
  const selfHref = (code: string) => `${pathname}?qb=${encodeURIComponent(code)}#quick-bet`;
  // A link to the address the page already has would only scroll: the next seed makes it new.
  const againHref = `${pathname}?qb=${encodeURIComponent(selected.gameCode)}&at=${data.nextSeed}#quick-bet`;

  const choose = (game: QuickBetGame) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated || !isPlainClick(event)) return;
    event.preventDefault();
    setSelected(game);
    setNumbers(drawNumbers(game.rule, randomUnit));
  };
  const redraw = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    setNumbers(drawNumbers(selected.rule, randomUnit));
  };
  const onSale = countdown !== NOT_ON_SALE;
  const trend = trendHref(data.trendBase, selected.gameCode);

  return (
    <section className="panel quick-bet" id="quick-bet" aria-labelledby="quick-bet-title" data-testid="quick-bet">
      <h2 id="quick-bet-title">{t("quick_bet_title")}</h2>
      <nav className="quick-bet__games" aria-label={t("quick_bet_games")}>
        {data.games.map((game) => (
          <Link
            key={game.gameCode}
            to={selfHref(game.gameCode)}
            className={game.gameCode === selected.gameCode ? "quick-bet__game quick-bet__game--current" : "quick-bet__game"}
            aria-current={game.gameCode === selected.gameCode ? "true" : undefined}
            onClick={choose(game)}
            preventScrollReset
            data-game={game.gameCode}
          >
            {game.name}
          </Link>
        ))}
      </nav>
      <div className="quick-bet__issue" aria-live="polite">
        <span data-testid="qb-numero">{issue?.numero ? t("lottery_issue", { numero: issue.numero }) : t("lottery_issue_unknown")}</span>
        <span className="quick-bet__left">
          {onSale ? t("quick_bet_left") : t("quick_bet_closed")}
          <time className="quick-bet__countdown" data-testid="qb-countdown">
            {countdown}
          </time>
        </span>
        {issue?.next ? <span className="quick-bet__next">{t("lottery_next_issue", { numero: issue.next })}</span> : null}
        {hydrated ? null : (
          <Link to={againHref} className="quick-bet__refresh" data-testid="qb-refresh" preventScrollReset>
            {t("quick_bet_refresh")}
          </Link>
        )}
      </div>
      <div className="quick-bet__numbers">
        <Balls balls={numbers} label={t("quick_bet_numbers", { numbers: numbers.join(", ") })} />
        <span data-testid="qb-numbers" hidden>
          {numbers.join(",")}
        </span>
      </div>
      <p className="actions quick-bet__actions cluster">
        <Link to={againHref} className="button button--secondary" onClick={redraw} data-testid="qb-redraw" preventScrollReset>
          {t("quick_bet_redraw")}
        </Link>
        <GatedLink to={quickBetHref(selected, numbers)} className="button">
          {t("quick_bet_bet")}
        </GatedLink>
      </p>
      <h3 className="quick-bet__draws-title">{t("lottery_draw_results")}</h3>
      <DrawList draws={draws} title={t("lottery_draw_results")} issueLabel={(numero) => t("lottery_issue", { numero })} />
      {trend ? (
        <p className="quick-bet__trend">
          <Link to={trend} data-testid="qb-trend">
            {t("lottery_trend")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** The quick bet, or why there is none: the operator offers none of its games (in_stay_tuned). */
export function QuickBetPanel({ data }: { data: QuickBetData | null }) {
  const { t } = usePageTranslation("lottery");
  if (data) return <QuickBet data={data} />;
  return (
    <p className="panel quick-bet quick-bet--none" data-testid="quick-bet-none">
      {t("in_stay_tuned")}
    </p>
  );
}
