/** The loaders of the lottery lobby (/lott, /elott) and of a folded group's list (/lottery-list/:area/:groupId). */
import { json } from "@remix-run/node";
import { getLocale } from "~/i18n/i18n.server";
import { bindOperator } from "~/operator/operator.server";
import { pageMetaFor } from "~/features/content/page-meta.server";
import { getSession } from "~/server/session.server";
import { loadLotteryHome } from "./lobby.server";
import { lotteryLobbyHref } from "./lottery";
import { groupView, loadGroups, loadImageOrigins } from "./lottery.server";
import type { GroupListData } from "./lottery-list";

export async function lobbyLoader(request: Request, area: "LOTT" | "ELOTT") {
  const [session, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const operator = bindOperator(session, locale);
  const asked = new URL(request.url).searchParams.get("qb");
  const [lottery, meta] = await Promise.all([
    loadLotteryHome(request, operator, { asked, recent: Boolean(session.get("token")), area }),
    pageMetaFor(locale, area === "LOTT" ? "lott" : "elott"),
  ]);
  return json({ lottery, meta });
}

export async function groupListLoader(request: Request, params: { area?: string; groupId?: string }) {
  const area = params.area?.toUpperCase();
  if (area !== "LOTT" && area !== "ELOTT") throw json({ notice: { key: "in_stay_tuned" } }, { status: 404 });
  const [session, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const operator = bindOperator(session, locale);
  const [groups, img] = await Promise.all([loadGroups(request, operator, area), loadImageOrigins(operator)]);
  const group = groups.find((g) => g.gameGroupId === params.groupId);
  if (!group) throw json({ notice: { key: "in_stay_tuned" } }, { status: 404 });
  const data: GroupListData = { group: groupView(group, area, img, false), back: lotteryLobbyHref(area) };
  return json(data);
}
