/**
 * /vnLottery and /vnlottery (?gameCode=…): the Vietnamese lottery (document 001, section 2) from
 * /lgw/vn/…: its regions and games, the chosen game's open issue with an honest countdown, the
 * near issues, and for a player the operator's lottery client in the frame. A guest sees the
 * draws and is asked to log in to play; a free-play account is told in_need_true_account.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GatedLink } from "~/features/auth/login-dialog";
import { NoticeText } from "~/components/notice";
import { usePageTranslation } from "~/i18n/translation";
import { getLocale } from "~/i18n/i18n.server";
import { bindOperator, quietly } from "~/operator/operator.server";
import type { Notice } from "~/operator/errors";
import { getSession } from "~/server/session.server";
import { boundFor, launchLottery, lotteryAsk, lotteryGate } from "~/features/lottery/launch.server";
import { drawViews, issueView, loadImageOrigins, groupView, type DrawView } from "~/features/lottery/lottery.server";
import { NOT_ON_SALE, vnLotteryHref, winNoBalls } from "~/features/lottery/lottery";
import { GAME_FRAME_SANDBOX } from "~/features/games/frame-sandbox";
import { Balls, DrawList } from "~/features/lottery/balls";
import { useLiveIssue } from "~/features/lottery/quick-bet";

export const handle = { i18n: "lottery", seo: { crawl: true } };
export { lotteryLinks as links } from "~/styles/areas";

interface NearView {
  numero: string;
  status: string;
  balls: string[];
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [gate, locale, session] = await Promise.all([lotteryGate(request), getLocale(request), getSession(request)]);
  const operator = gate.kind === "player" ? await boundFor(request, context, gate.session) : bindOperator(session, locale);
  const [menus, img] = await Promise.all([quietly(request, operator.call("vnLotteryMenu")), loadImageOrigins(operator)]);
  const regions = (menus ?? []).map((g) => groupView(g, "LOTT", img, false));
  const games = (menus ?? []).flatMap((g) => g.gameMenus);
  const ask = lotteryAsk(url);
  const game = ask.gameCode ? games.find((g) => g.gameCode.toUpperCase() === ask.gameCode) : games[0];
  const headers = { "Cache-Control": "no-store" };
  if (!game) {
    const notice: Notice = { key: "in_stay_tuned" };
    const none = {
      regions,
      game: null,
      issue: null,
      near: [] as NearView[],
      draws: [] as DrawView[],
      url: null,
      notice,
      guest: gate.kind === "guest",
    };
    return json(none, { status: 404, headers });
  }
  const [opened, near, draws] = await Promise.all([
    quietly(request, operator.call("vnLotteryOpened", { query: { gameCode: game.gameCode } })),
    quietly(request, operator.call("lotteryNearIssues", { query: { gameCode: game.gameCode } })),
    quietly(request, operator.call("lotteryDrawsByGame", { params: { gameCode: game.gameCode }, query: { size: 5 } })),
  ]);
  let frame: string | null = null;
  let notice: Notice | null = null;
  if (gate.kind === "trial") notice = { key: "in_need_true_account" };
  if (gate.kind === "player") {
    const launched = await launchLottery(request, operator, gate.session, { area: "VN", game, back: vnLotteryHref(game.gameCode) });
    if ("url" in launched) frame = launched.url;
    else notice = launched.notice;
  }
  return json(
    {
      regions,
      game: { gameCode: game.gameCode, name: game.name },
      issue: issueView(game.gameCode, opened),
      near: (near ?? []).map((n): NearView => ({ numero: n.numero, status: n.status ?? "", balls: winNoBalls(n.winNo) })),
      draws: drawViews(draws ?? []),
      url: frame,
      notice,
      guest: gate.kind === "guest",
    },
    { headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.game?.name ?? "" }];

export default function VnLottery() {
  const data = useLoaderData<typeof loader>();
  const { t } = usePageTranslation("lottery");
  const code = data.game?.gameCode ?? "";
  const { issue, draws, countdown } = useLiveIssue(code, { issue: data.issue, draws: data.draws }, true);
  // The operator still calls the issue in its lock window "open": the list says what the countdown says.
  const closed = countdown === NOT_ON_SALE;
  return (
    <div className="vn-lottery">
      <section className="panel vn-lottery__head" aria-labelledby="vn-title">
        <h1 id="vn-title">{t("lottery_vn_title")}</h1>
        <nav className="vn-lottery__regions" aria-label={t("lottery_vn_regions")}>
          {data.regions.map((region) => (
            <div key={region.id} className="vn-lottery__region">
              <h2>{region.title}</h2>
              <ul>
                {region.games.map((g) => (
                  <li key={g.gameCode}>
                    <Link
                      to={vnLotteryHref(g.gameCode)}
                      className={g.gameCode === code ? "quick-bet__game quick-bet__game--current" : "quick-bet__game"}
                      aria-current={g.gameCode === code ? "page" : undefined}
                    >
                      {g.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </section>
      {data.game ? (
        <section className="panel vn-lottery__issue" aria-labelledby="vn-game-title" data-testid="vn-issue">
          <h2 id="vn-game-title">{data.game.name}</h2>
          <p className="quick-bet__issue">
            <span data-testid="vn-numero">{issue?.numero ? t("lottery_issue", { numero: issue.numero }) : t("lottery_issue_unknown")}</span>
            <span className="quick-bet__left">
              {closed ? t("quick_bet_closed") : t("quick_bet_left")}
              <time className="quick-bet__countdown" data-testid="vn-countdown">
                {countdown}
              </time>
            </span>
            {issue?.next ? <span>{t("lottery_next_issue", { numero: issue.next })}</span> : null}
            <Link to={vnLotteryHref(code)} className="quick-bet__refresh">
              {t("quick_bet_refresh")}
            </Link>
          </p>
          {data.near.length ? (
            <ol className="draw-list vn-lottery__near" aria-label={t("lottery_near_issues")}>
              {data.near.map((n) => (
                <li key={n.numero} className={`draw-list__row draw-list__row--${n.status}`}>
                  <span className="draw-list__numero">{t("lottery_issue", { numero: n.numero })}</span>
                  <span className="draw-list__status" data-testid={`vn-near-${n.numero}`}>
                    {n.status === "open" && n.numero === issue?.numero && closed
                      ? t("quick_bet_closed")
                      : t(`lottery_status_${n.status === "drawn" || n.status === "open" ? n.status : "upcoming"}`)}
                  </span>
                  {n.balls.length ? <Balls balls={n.balls} small /> : null}
                </li>
              ))}
            </ol>
          ) : null}
          <h3>{t("lottery_draw_results")}</h3>
          <DrawList draws={draws} title={t("lottery_draw_results")} issueLabel={(numero) => t("lottery_issue", { numero })} />
        </section>
      ) : null}
      {data.notice ? (
        <p className="panel notice notice--error" role="alert" data-testid="lottery-closed">
          <NoticeText notice={data.notice} />
        </p>
      ) : null}
      {data.guest && data.game ? (
        <p className="panel actions">
          <GatedLink to={vnLotteryHref(code)} className="button">
            {t("lottery_login_to_play")}
          </GatedLink>
        </p>
      ) : null}
      {data.url ? (
        <section className="seamless lottery-frame" aria-label={data.game?.name ?? t("lottery_vn_title")}>
          <iframe
            className="seamless__frame"
            src={data.url}
            title={data.game?.name ?? ""}
            referrerPolicy="no-referrer"
            sandbox={GAME_FRAME_SANDBOX}
            data-testid="lottery-frame"
          />
        </section>
      ) : null}
    </div>
  );
}
