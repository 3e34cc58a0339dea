/**
 * The announcements a merchant starts with: 5 banners, 24 player notices spread over the last
 * 60 days, 2 pop-ups and 8 promotions, all relative to the seed time. Ids are fixed for the first
 * merchant (banners 101–105, notices 1001–1024, pop-ups 2001–2002, promotions 3001–3008) and
 * offset by ID_OFFSET for each merchant after it, so one id names one item across merchants (the
 * images are fetched by id alone, without a Merchant header).
 */
import { GAMES, VENDORS, type GameDef } from "../games/catalogue";
import { lotteryGameBy, type LotteryGame } from "../lottery/catalogue";
import * as launch from "./launch-texts";
import * as notice from "./notice-texts";
import {
  appPopup,
  BANNER_TITLES,
  firstDepositBonus,
  liveTableTitle,
  thirdDepositBonus,
  welcomeBonus,
  welcomePopup,
} from "./promotion-texts";
import { dailyRebate, inviteFriends, loginPoints, lossRescue, vipUpgrade } from "./reward-texts";
import { LANGS, type PromotionCategory, type Six, type Texts } from "./texts";

export type ItemKind = "banner" | "notice" | "popup" | "promotion";
export type LinkageType = "URL" | "P" | "G";

export interface ItemSeed {
  id: number;
  kind: ItemKind;
  texts: Texts;
  startsAt: number;
  endsAt: number;
  groupName?: string;
  linkage?: string;
  linkageType?: LinkageType;
  vendor?: string;
  nodeId?: string;
  roomId?: string;
  promotionType?: string;
  redirect?: string;
  externalLink?: string;
  category?: PromotionCategory;
  /** Pop-ups (000 §4): A is shown after every login, F after a player's first login only. */
  execution?: Execution;
}

export type Execution = "A" | "F";
export const EXECUTIONS: readonly Execution[] = ["A", "F"];

export const ID_OFFSET = 10_000;
export const BANNER_GROUP = "w_promotion";
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const pick = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`the content seed names ${what}, which the catalogue lacks`);
  return value;
};
const gameOf = (id: string): GameDef =>
  pick(
    GAMES.find((g) => g.gameId === id),
    `game ${id}`,
  );
const vendorName = (code: string) =>
  pick(
    VENDORS.find((v) => v.code === code),
    `vendor ${code}`,
  ).name;
const lottery = (code: string): LotteryGame => pick(lotteryGameBy({ gameCode: code }), `lottery ${code}`);

/** The live table the game banner launches: a table with both a game id and a room, whose vendor is open. */
export const BANNER_GAME = (() => {
  const game = gameOf("DGL001");
  return { vendor: game.vendor, nodeId: String(game.nodeId), roomId: pick(game.roomId ?? undefined, "a room of DGL001"), gameId: "DGL001" };
})();

/** The promotion the P banner opens (the first-deposit bonus). */
export const BANNER_PROMOTION_ID = 3002;

/** "YYYY-MM-DD HH:mm" in UTC+8, on the hour: how a back office writes a maintenance window. */
function gmt8(ms: number): string {
  return new Date(Math.floor(ms / HOUR) * HOUR + 8 * HOUR).toISOString().slice(0, 16).replace("T", " ");
}
/** A maintenance window in the notice: from half a day after it is posted, for `hours`. */
const closedFor = (at: number, hours: number): [string, string] => [gmt8(at + 12 * HOUR), gmt8(at + (12 + hours) * HOUR)];

const titleOnly = (titles: Six): Texts => Object.fromEntries(LANGS.map((l) => [l, { title: titles[l], content: "" }])) as Texts;

function banners(now: number): ItemSeed[] {
  const base = { kind: "banner" as const, startsAt: now - 7 * DAY, endsAt: now + 90 * DAY, groupName: BANNER_GROUP };
  return [
    { ...base, id: 101, texts: titleOnly(BANNER_TITLES.welcome), linkageType: "URL", linkage: "/register" },
    { ...base, id: 102, texts: titleOnly(BANNER_TITLES.news), linkageType: "URL", linkage: "https://example.com/news" },
    { ...base, id: 103, texts: titleOnly(BANNER_TITLES.firstDeposit), linkageType: "P", linkage: String(BANNER_PROMOTION_ID) },
    { ...base, id: 104, texts: titleOnly(BANNER_TITLES.lottery), linkageType: "G", linkage: "/lottery", vendor: "LOTT" },
    {
      ...base,
      id: 105,
      texts: titleOnly(liveTableTitle(gameOf(BANNER_GAME.gameId).names)),
      linkageType: "G",
      linkage: BANNER_GAME.gameId,
      vendor: BANNER_GAME.vendor,
      nodeId: BANNER_GAME.nodeId,
      roomId: BANNER_GAME.roomId,
    },
  ];
}

/** The 24 notices, newest first: each is 2.5 days older than the one before it. */
function notices(now: number): ItemSeed[] {
  const slot = (n: string, code: string) => launch.newGame(gameOf(n).names, vendorName(code));
  const newLottery = (code: string) => launch.newLottery(lottery(code).names, lottery(code).period / 60);
  const issue = (at: number) =>
    `${gmt8(at).slice(0, 10).replace(/-/g, "")}-${String(Math.floor((at / 60_000) % 288) + 1).padStart(4, "0")}`;
  const make: ((at: number) => Texts)[] = [
    (at) => notice.vendorMaintenance(vendorName("RFS"), ...closedFor(at, 48)),
    () => slot("SLO004", "SLO"),
    () => launch.securityReminder(),
    () => newLottery("CASSC"),
    (at) => notice.depositChannel("USDT-TRC20", ...closedFor(at, 3)),
    (at) => notice.vendorMaintenance(vendorName("DGL"), ...closedFor(at, 4)),
    () => slot("SLO011", "SLO"),
    () => notice.rebateSchedule(),
    (at) => notice.siteUpgrade(...closedFor(at, 2)),
    () => launch.appUpdate("3.9.2"),
    (at) => notice.vendorMaintenance(vendorName("SPX"), ...closedFor(at, 3)),
    () => notice.withdrawalTimes(),
    () => slot("JWL004", "JWL"),
    (at) => notice.drawDelay(lottery("CQSSC").names, issue(at)),
    () => launch.pointsMall(),
    (at) => notice.vendorMaintenance(vendorName("CRD"), ...closedFor(at, 2)),
    () => launch.responsibleGaming(),
    () => newLottery("HN5FC"),
    (at) => notice.depositChannel("USDT-ERC20", ...closedFor(at, 6)),
    () => launch.officialDomains(),
    (at) => notice.siteUpgrade(...closedFor(at, 3)),
    () => slot("SLO018", "SLO"),
    (at) => notice.vendorMaintenance(vendorName("JWL"), ...closedFor(at, 2)),
    () => notice.holidayService(),
  ];
  return make.map((texts, i) => {
    const startsAt = now - Math.round((i * 2.5 + 0.1) * DAY);
    return { id: 1001 + i, kind: "notice", texts: texts(startsAt), startsAt, endsAt: now + 180 * DAY };
  });
}

function popups(now: number): ItemSeed[] {
  const base = { kind: "popup" as const, endsAt: now + 30 * DAY };
  return [
    { ...base, id: 2001, texts: welcomePopup, startsAt: now - 2 * DAY, redirect: "REGISTER", execution: "F" },
    { ...base, id: 2002, texts: appPopup, startsAt: now - 5 * DAY, redirect: "APP_DOWNLOAD", execution: "A" },
  ];
}

type PromotionSeed = [texts: Texts, promotionType: string, redirect: string, category: PromotionCategory, externalLink?: string];
const PROMOTIONS: readonly PromotionSeed[] = [
  [welcomeBonus, "REGISTER", "REGISTER", "NEW"],
  [firstDepositBonus, "FIRST_DEPOSIT", "DEPOSIT", "DEPOSIT"],
  [thirdDepositBonus, "DEPOSIT_COUNT", "DEPOSIT", "DEPOSIT"],
  [dailyRebate, "MISSION", "REWARD_CENTER", "REBATE"],
  [lossRescue, "SAVIOR", "MEMBER", "REBATE"],
  [inviteFriends, "REFERRAL", "INVITE_FRIENDS", "NEW"],
  [vipUpgrade, "UPGRADE_BONUS", "REDIRECT_URL", "VIP", "https://example.com/vip-club"],
  [loginPoints, "LOGIN", "POINT_MARKET", "NEW"],
];

function promotions(now: number): ItemSeed[] {
  return PROMOTIONS.map(([texts, promotionType, redirect, category, externalLink], i) => ({
    id: 3001 + i,
    kind: "promotion",
    texts,
    startsAt: now - (3 + 3 * i) * DAY,
    endsAt: now + (60 + 30 * i) * DAY,
    promotionType,
    redirect,
    category,
    externalLink,
  }));
}

/** Every seeded item of the merchant at `index` in the merchants table (0 for the first). */
export function itemSeeds(now: number, index: number): ItemSeed[] {
  const offset = index * ID_OFFSET;
  // A promotion banner names the promotion of its own merchant.
  return [...banners(now), ...notices(now), ...popups(now), ...promotions(now)].map((item) => ({
    ...item,
    id: item.id + offset,
    linkage: item.linkageType === "P" ? String(Number(item.linkage) + offset) : item.linkage,
  }));
}
