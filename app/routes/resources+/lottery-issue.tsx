/**
 * GET /resources/lottery-issue?gameCode=…[&vn=1]: a lottery game's open issue and its last
 * draws, fresh, for the countdowns' script (quick-bet.tsx). Open to guests, like the lottery
 * lists; a code the operator does not offer is a 404. Never cached: it is the clock.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getLocale } from "~/i18n/i18n.server";
import { bindOperator, sharedOperator } from "~/operator/operator.server";
import { getSession } from "~/server/session.server";
import { loadDraws, loadIssue, loadLotteryGames } from "~/features/lottery/lottery.server";

const CODE = /^[A-Za-z0-9_]{1,32}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const code = (url.searchParams.get("gameCode") ?? "").trim();
  const headers = { "Cache-Control": "no-store" };
  if (!CODE.test(code)) return json({ issue: null, draws: [] }, { status: 400, headers });
  const [session, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const operator = sharedOperator(bindOperator(session, locale));
  const game = (await loadLotteryGames(request, operator)).find((g) => g.gameCode.toUpperCase() === code.toUpperCase());
  if (!game) return json({ issue: null, draws: [] }, { status: 404, headers });
  const vn = url.searchParams.get("vn") === "1";
  const [issue, draws] = await Promise.all([loadIssue(request, operator, game, vn), loadDraws(request, operator, game.gameCode)]);
  return json({ issue, draws }, { headers });
}
