/**
 * /seaLottery?gameCode=…: the SEA lottery (vendor TCG_SEA), which the menus open in a new
 * window (document 001, section 4): the launch with prize mode SEA_Tradition, then straight to
 * the game's address; a refusal is drawn here, in that window.
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { boundFor, launchLottery, lotteryAsk, lotteryGate, loginFirst, type LotteryFrameData } from "~/features/lottery/launch.server";
import { LotteryFrame } from "~/features/lottery/lottery-frame";
import { quietly } from "~/operator/operator.server";

export const handle = { i18n: "lottery" };
export { lotteryLinks as links } from "~/styles/areas";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const gate = await lotteryGate(request);
  if (gate.kind === "guest") throw loginFirst(request);
  const base: LotteryFrameData = { area: "SEA", title: null, gameCode: null, url: null, notice: null, numbersDropped: false, back: "/" };
  const headers = { "Cache-Control": "no-store" };
  if (gate.kind === "trial") return json({ ...base, notice: { key: "in_need_true_account" } }, { status: 403, headers });
  const operator = await boundFor(request, context, gate.session);
  const ask = lotteryAsk(new URL(request.url));
  const menus = (await quietly(request, operator.call("lotteryMenus", { query: { prizeMode: "SEA" } }))) ?? [];
  const games = menus.flatMap((g) => g.gameMenus);
  const game = ask.gameCode ? (games.find((g) => g.gameCode.toUpperCase() === ask.gameCode) ?? null) : null;
  if (!games.length || (ask.gameCode && !game)) return json({ ...base, notice: { key: "in_stay_tuned" } }, { status: 404, headers });
  const launched = await launchLottery(request, operator, gate.session, { area: "SEA", game, back: "/" });
  if ("url" in launched) throw redirect(launched.url, { status: 303, headers });
  return json({ ...base, title: game?.name ?? null, notice: launched.notice }, { status: launched.status, headers });
}

export default function SeaLottery() {
  const data = useLoaderData<typeof loader>();
  const { t } = usePageTranslation("lottery");
  return <LotteryFrame data={data} title={data.title ?? t("lottery_sea_title")} />;
}
