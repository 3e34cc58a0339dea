/**
 * The reference operator's lotteries: every game with its draw period, lock window, number
 * format and the areas (prize modes) that offer it, and the groups the menus show them in.
 * Names are in the portal's six languages. Data only; the clock is clock.ts.
 */
import type { GameLanguage, Names } from "../games/names";

/** How a draw's winning number is made and written (document 001, section 3: comma list or single digits). */
export type LotteryKind = "SSC" | "11X5" | "K3" | "PK10" | "DIGITS6" | "DIGITS5" | "DIGITS4";

/** The lottery areas: the prize-mode families of document 001, section 9, and the Vietnamese lottery. */
export type LotteryArea = "LOTT" | "ELOTT" | "SEA" | "VN";

export interface LotteryGame {
  gameId: number;
  gameCode: string;
  kind: LotteryKind;
  /** Seconds between draws; each divides a day, so issues restart at 1 every day. */
  period: number;
  /** Seconds before the draw when sale stops (isSale false). */
  lock: number;
  groupId: number;
  areas: readonly LotteryArea[];
  tag: "new" | "hot" | "";
  defaultPlayType: string;
  /** Rank among the popular games (lower first); 0: not popular. */
  popular: number;
  names: Names;
}

export interface LotteryGroup {
  gameGroupId: number;
  gameGroupCode: string;
  names: Names;
}

type Words = readonly [cn: string, tw: string, ja: string, en: string, th: string, vi: string];
const n = (w: Words): Names => ({ cn: w[0], tw: w[1], ja: w[2], en: w[3], th: w[4], vi: w[5] });

const LOTT_ELOTT: readonly LotteryArea[] = ["LOTT", "ELOTT"];

export const LOTTERY_GROUPS: readonly LotteryGroup[] = [
  { gameGroupId: 1, gameGroupCode: "SSC", names: n(["时时彩", "時時彩", "時時彩", "Time lottery", "ลอตเตอรี่ทันใจ", "Xổ số siêu tốc"]) },
  { gameGroupId: 2, gameGroupCode: "11X5", names: n(["11选5", "11選5", "11選5", "Pick 5 of 11", "11 เลือก 5", "11 chọn 5"]) },
  { gameGroupId: 3, gameGroupCode: "K3", names: n(["快3", "快3", "快3ダイス", "Fast 3 dice", "ไฮโลด่วน", "Xúc xắc nhanh 3"]) },
  { gameGroupId: 4, gameGroupCode: "PK10", names: n(["PK拾", "PK拾", "PK10レース", "PK10 racing", "แข่งรถ PK10", "Đua xe PK10"]) },
  // Thai lottery groups are 9, 10 and 11 (document 001, section 3).
  {
    gameGroupId: 9,
    gameGroupCode: "THAI_GOV",
    names: n(["泰国政府彩", "泰國政府彩", "タイ政府宝くじ", "Thai government lottery", "หวยรัฐบาลไทย", "Xổ số chính phủ Thái"]),
  },
  {
    gameGroupId: 10,
    gameGroupCode: "THAI_STOCK",
    names: n(["泰国股票彩", "泰國股票彩", "タイ株価くじ", "Thai stock lottery", "หวยหุ้นไทย", "Xổ số chứng khoán Thái"]),
  },
  { gameGroupId: 11, gameGroupCode: "THAI_LAO", names: n(["老挝彩", "寮國彩", "ラオスくじ", "Lao lottery", "หวยลาว", "Xổ số Lào"]) },
  {
    gameGroupId: 20,
    gameGroupCode: "SEA",
    names: n(["东南亚彩", "東南亞彩", "東南アジアくじ", "Southeast Asia lottery", "หวยอาเซียน", "Xổ số Đông Nam Á"]),
  },
  {
    gameGroupId: 31,
    gameGroupCode: "VN_NORTH",
    names: n(["越南北部彩", "越南北部彩", "ベトナム北部くじ", "Northern Vietnam", "หวยเวียดนามเหนือ", "Miền Bắc"]),
  },
  {
    gameGroupId: 32,
    gameGroupCode: "VN_CENTRAL",
    names: n(["越南中部彩", "越南中部彩", "ベトナム中部くじ", "Central Vietnam", "หวยเวียดนามกลาง", "Miền Trung"]),
  },
  {
    gameGroupId: 33,
    gameGroupCode: "VN_SOUTH",
    names: n(["越南南部彩", "越南南部彩", "ベトナム南部くじ", "Southern Vietnam", "หวยเวียดนามใต้", "Miền Nam"]),
  },
];

const game = (
  gameId: number,
  gameCode: string,
  kind: LotteryKind,
  period: number,
  lock: number,
  groupId: number,
  areas: readonly LotteryArea[],
  names: Words,
  extra: Partial<Pick<LotteryGame, "tag" | "popular" | "defaultPlayType">> = {},
): LotteryGame => ({
  gameId,
  gameCode,
  kind,
  period,
  lock,
  groupId,
  areas,
  names: n(names),
  tag: extra.tag ?? "",
  popular: extra.popular ?? 0,
  defaultPlayType: extra.defaultPlayType ?? DEFAULT_PLAY_TYPE[kind],
});

const DEFAULT_PLAY_TYPE: Record<LotteryKind, string> = {
  SSC: "ssc_5star_direct",
  "11X5": "11x5_any_5",
  K3: "k3_sum",
  PK10: "pk10_first",
  DIGITS6: "thai_3top",
  DIGITS5: "vn_2d_head",
  DIGITS4: "sea_4d",
};

export const LOTTERY_GAMES: readonly LotteryGame[] = [
  game(
    101,
    "CQSSC",
    "SSC",
    300,
    30,
    1,
    LOTT_ELOTT,
    ["重庆时时彩", "重慶時時彩", "重慶時時彩", "Chongqing time lottery", "ฉงชิ่งทันใจ", "Trùng Khánh siêu tốc"],
    { tag: "hot", popular: 1 },
  ),
  game(
    102,
    "TXFFC",
    "SSC",
    60,
    10,
    1,
    LOTT_ELOTT,
    ["腾讯分分彩", "騰訊分分彩", "テンセント1分くじ", "Tencent one-minute", "เทนเซ็นต์ 1 นาที", "Tencent 1 phút"],
    { tag: "hot", popular: 2 },
  ),
  game(
    103,
    "CASSC",
    "SSC",
    180,
    20,
    1,
    LOTT_ELOTT,
    ["加拿大时时彩", "加拿大時時彩", "カナダ時時彩", "Canada time lottery", "แคนาดาทันใจ", "Canada siêu tốc"],
    { tag: "new" },
  ),
  game(104, "XJSSC", "SSC", 600, 60, 1, LOTT_ELOTT, [
    "新疆时时彩",
    "新疆時時彩",
    "新疆時時彩",
    "Xinjiang time lottery",
    "ซินเจียงทันใจ",
    "Tân Cương siêu tốc",
  ]),
  game(
    105,
    "TJSSC",
    "SSC",
    600,
    60,
    1,
    ["LOTT"],
    ["天津时时彩", "天津時時彩", "天津時時彩", "Tianjin time lottery", "เทียนจินทันใจ", "Thiên Tân siêu tốc"],
  ),
  game(
    106,
    "HN5FC",
    "SSC",
    300,
    30,
    1,
    ["LOTT"],
    ["河内五分彩", "河內五分彩", "ハノイ5分くじ", "Hanoi five-minute", "ฮานอย 5 นาที", "Hà Nội 5 phút"],
    { tag: "new" },
  ),
  game(
    201,
    "SD11X5",
    "11X5",
    300,
    30,
    2,
    LOTT_ELOTT,
    ["山东11选5", "山東11選5", "山東11選5", "Shandong 11 pick 5", "ซานตง 11 เลือก 5", "Sơn Đông 11 chọn 5"],
    { popular: 3 },
  ),
  game(202, "GD11X5", "11X5", 300, 30, 2, LOTT_ELOTT, [
    "广东11选5",
    "廣東11選5",
    "広東11選5",
    "Guangdong 11 pick 5",
    "กวางตุ้ง 11 เลือก 5",
    "Quảng Đông 11 chọn 5",
  ]),
  game(
    203,
    "JX11X5",
    "11X5",
    600,
    60,
    2,
    ["LOTT"],
    ["江西11选5", "江西11選5", "江西11選5", "Jiangxi 11 pick 5", "เจียงซี 11 เลือก 5", "Giang Tây 11 chọn 5"],
  ),
  game(301, "JSK3", "K3", 300, 30, 3, LOTT_ELOTT, ["江苏快3", "江蘇快3", "江蘇快3", "Jiangsu fast 3", "เจียงซูไฮโล", "Giang Tô nhanh 3"], {
    tag: "hot",
  }),
  game(302, "AHK3", "K3", 600, 60, 3, ["LOTT"], ["安徽快3", "安徽快3", "安徽快3", "Anhui fast 3", "อันฮุยไฮโล", "An Huy nhanh 3"]),
  game(401, "BJPK10", "PK10", 300, 30, 4, LOTT_ELOTT, ["北京PK拾", "北京PK拾", "北京PK10", "Beijing PK10", "ปักกิ่ง PK10", "Bắc Kinh PK10"], {
    popular: 4,
  }),
  game(
    402,
    "XYFT",
    "PK10",
    300,
    30,
    4,
    ["LOTT"],
    ["幸运飞艇", "幸運飛艇", "ラッキーボート", "Lucky airship", "เรือบินนำโชค", "Phi thuyền may mắn"],
  ),
  game(
    901,
    "THGOV",
    "DIGITS6",
    3600,
    300,
    9,
    ["LOTT"],
    ["泰国政府彩", "泰國政府彩", "タイ政府宝くじ", "Thai government", "หวยรัฐบาล", "Chính phủ Thái"],
    { tag: "hot" },
  ),
  game(
    1001,
    "THSTOCK",
    "DIGITS6",
    900,
    60,
    10,
    ["LOTT"],
    ["泰国股票彩", "泰國股票彩", "タイ株価くじ", "Thai stock", "หวยหุ้นไทย", "Chứng khoán Thái"],
  ),
  game(1101, "THLAO", "DIGITS6", 1800, 120, 11, ["LOTT"], ["老挝彩", "寮國彩", "ラオスくじ", "Lao lottery", "หวยลาว", "Xổ số Lào"]),
  game(2001, "SEA4D", "DIGITS4", 600, 60, 20, ["SEA"], ["东南亚4D", "東南亞4D", "東南アジア4D", "SEA 4D", "อาเซียน 4D", "Đông Nam Á 4D"], {
    tag: "new",
  }),
  game(
    3101,
    "VNMB1",
    "DIGITS5",
    60,
    10,
    31,
    ["VN"],
    ["北部1分彩", "北部1分彩", "北部1分くじ", "North one-minute", "เหนือ 1 นาที", "Miền Bắc 1 phút"],
    { tag: "hot" },
  ),
  game(
    3102,
    "VNMB5",
    "DIGITS5",
    300,
    30,
    31,
    ["VN"],
    ["北部5分彩", "北部5分彩", "北部5分くじ", "North five-minute", "เหนือ 5 นาที", "Miền Bắc 5 phút"],
  ),
  game(
    3201,
    "VNMT3",
    "DIGITS5",
    180,
    20,
    32,
    ["VN"],
    ["中部3分彩", "中部3分彩", "中部3分くじ", "Central three-minute", "กลาง 3 นาที", "Miền Trung 3 phút"],
  ),
  game(
    3301,
    "VNMN5",
    "DIGITS5",
    300,
    30,
    33,
    ["VN"],
    ["南部5分彩", "南部5分彩", "南部5分くじ", "South five-minute", "ใต้ 5 นาที", "Miền Nam 5 phút"],
    { tag: "new" },
  ),
];

/** The long-dragon view is a page of the lottery client, not a game of its own (document 001, section 2). */
export const LONG_DRAGON = "long_dragon";

export function lotteryGameBy(key: { gameId?: number | null; gameCode?: string | null }): LotteryGame | undefined {
  if (key.gameId) return LOTTERY_GAMES.find((g) => g.gameId === key.gameId);
  const code = key.gameCode?.trim().toUpperCase();
  return code ? LOTTERY_GAMES.find((g) => g.gameCode === code) : undefined;
}

export function gamesOfArea(area: LotteryArea): LotteryGame[] {
  return LOTTERY_GAMES.filter((g) => g.areas.includes(area));
}

export function groupName(groupId: number, lang: GameLanguage): string {
  return LOTTERY_GROUPS.find((g) => g.gameGroupId === groupId)?.names[lang] ?? String(groupId);
}

/** A prize-mode query value (LOTT, elott, Traditional, SEA_Tradition, VN…) → its area; LOTT when it names none. */
export function areaOf(value: string | null | undefined): LotteryArea {
  const v = (value ?? "").trim().toUpperCase();
  if (v.startsWith("ELOTT")) return "ELOTT";
  if (v.startsWith("SEA")) return "SEA";
  if (v === "VN") return "VN";
  return "LOTT";
}
