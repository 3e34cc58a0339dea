/**
 * The endpoint table: every operation of the operator API that the portal knows of, from
 * operator-api.md and the section 7 tables of the three documents. No other file knows an
 * operator URL; an operator whose back end differs remaps a row here (or a relay prefix
 * through configuration) and every caller follows.
 *
 * Paths the documents leave "not shown" are marked `chosen: true`: they are this project's
 * design (see docs/decisions/004-operator-client.md).
 */

import type { z } from "zod";
import * as answers from "~/operator/answers";
import { helpAnswer } from "~/features/content/help.server";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** A relay call goes through /wps/relay/<SERVICE>_<operation>; the service prefix differs
 * between operator versions (MCSFE_ and MCS2_ both occur), so it is resolved from
 * configuration at call time, never written into callers. */
export interface Relay {
  service: string;
  operation: string;
  /** Calls that the operator re-checks with the player's password: /wps/relay/passwordCheck/… */
  passwordCheck?: boolean;
  /** The operation's older name under a renamed prefix (MCS2: processDividendReq for
   * MCSFE_processContractDividend): an operator configured for that prefix gets that name too. */
  renamed?: Readonly<Record<string, string>>;
}

export interface Endpoint {
  method: Method;
  /** Path with `{param}` placeholders, or a relay. */
  path?: string;
  relay?: Relay;
  /** Feature module (modID of the original builds). A module that the merchant's whitelabel
   * switches turn off is not called. COMM3 is the always-on common module. */
  module: string;
  /** Sends the session token as Authorization. */
  token: boolean;
  /** Sends the token when the caller has one, and calls without it too (feedback: guests may send it). */
  tokenIfAny?: boolean;
  /** Legacy DES+RSA payload encryption. */
  encrypted?: boolean;
  /** A failure produces an alert for the player; background calls stay quiet. */
  alerts: boolean;
  /** Settings-type answer kept for 3 minutes (shared across players only when the call
   * carries no token). */
  cache?: boolean;
  /** Body encoding; JSON unless stated (multipart: feedback with its image). */
  body?: "json" | "form" | "multipart";
  /** Adds the login device id to the payload (login and registration calls). */
  deviceId?: boolean;
  /** Adds registerMethod WEB (registration calls). */
  registration?: boolean;
  /** Concurrency pool: the game list has its own lower limit. */
  pool?: "default" | "gameList";
  /** Appends the image format (ext=webp|avif) for listed-game and announcement calls. */
  imageFormat?: boolean;
  /** Path invented by this project because the documents do not show one. */
  chosen?: boolean;
  /** The shape of the answer's value that the portal reads (app/operator/answers.ts); unchecked when absent. */
  answer?: z.ZodTypeAny;
  /**
   * Moves money or commits the player (transfers, claims, redemptions, conversions, payment
   * confirmations, contract decisions, a downline's registration): inside a form's one-time key
   * it carries an `Idempotency-Key` header derived from that key, and a lost answer is "outcome
   * unknown", never a refusal (decision 035).
   */
  money?: boolean;
  /**
   * A read sent as a POST (the relay's get… operations): identical reads in flight for the same
   * player and language are sent once, as GETs are, and a `cache` row keeps its answer.
   */
  read?: boolean;
}

/** Row options besides the answer, which keeps its own type so that callers get typed values. */
type Options<A> = Partial<Omit<Endpoint, "answer">> & { answer?: A; renamed?: Relay["renamed"] };

const get = <A extends z.ZodTypeAny | undefined = undefined>(path: string, module: string, extra: Options<A> = {}) => ({
  method: "GET" as Method,
  path,
  module,
  token: false,
  alerts: true,
  ...extra,
  answer: extra.answer as A,
});

const relay = <A extends z.ZodTypeAny | undefined = undefined>(
  service: string,
  operation: string,
  module: string,
  { renamed, ...extra }: Options<A> = {},
) => ({
  method: "POST" as Method,
  relay: (renamed ? { service, operation, renamed } : { service, operation }) as Relay,
  module,
  token: true,
  alerts: true,
  // The relay names its reads get…: they change nothing, so concurrent identical ones are one call.
  read: operation.startsWith("get"),
  ...extra,
  answer: extra.answer as A,
});

/** A relay read: GET with its payload in the query, no token unless the row says so. */
const relayGet = <A extends z.ZodTypeAny | undefined = undefined>(
  service: string,
  operation: string,
  module: string,
  extra: Options<A> = {},
) => relay(service, operation, module, { method: "GET", token: false, ...extra });

const quiet = { alerts: false } as const;
const session = { token: true } as const;

export const endpoints = {
  // ── Session, account, registration (document 000) ────────────────────────────────────
  login: {
    method: "POST",
    path: "/wps/session/login",
    module: "COMM3",
    token: false,
    encrypted: true,
    alerts: false,
    deviceId: true,
    answer: answers.loginAnswer,
  },
  loginVerification: {
    method: "POST",
    path: "/wps/session/login/verification",
    module: "COMM3",
    token: false,
    encrypted: true,
    alerts: false,
    deviceId: true,
    answer: answers.loginAnswer,
  },
  loginFirebase: {
    method: "POST",
    path: "/wps/session/login",
    module: "COMM3",
    token: false,
    encrypted: true,
    alerts: false,
    deviceId: true,
    answer: answers.loginAnswer,
  },
  loginTelegram: {
    method: "POST",
    path: "/wps/session/login/telegram",
    module: "TELEGRAMLOGIN3",
    token: false,
    alerts: false,
    deviceId: true,
    answer: answers.loginAnswer,
  },
  loginFreePlay: {
    method: "POST",
    path: "/wps/session/login/freeplay",
    module: "FREEPLAY3",
    token: false,
    alerts: true,
    deviceId: true,
    answer: answers.loginAnswer,
  },
  logout: { method: "DELETE", path: "/wps/session/logout", module: "COMM3", token: true, alerts: false },
  memberInfo: get("/wps/member/info", "COMM3", { ...session, answer: answers.memberInfoAnswer }),
  memberAvatar: get("/wps/member/info/icon", "COMM3", { ...session, ...quiet }),
  changePassword: { method: "POST", path: "/wps/member/password", module: "COMM3", token: true, encrypted: true, alerts: true },
  forgotPasswordEmail: { method: "POST", path: "/wps/member/password/email", module: "COMM3", token: false, alerts: true, body: "form" },
  forgotPasswordSms: {
    method: "POST",
    path: "/wps/member/password/sms",
    module: "COMM3",
    token: false,
    alerts: true,
    answer: answers.smsCodeAnswer,
  },
  setPasswordBySms: {
    method: "POST",
    path: "/wps/member/password/verification",
    module: "COMM3",
    token: false,
    encrypted: true,
    alerts: true,
  },
  memberLanguage: { method: "PUT", path: "/wps/member/language", module: "COMM3", token: true, alerts: false },
  securityConfig: { method: "POST", path: "/wps/v2/member/securityConfig", module: "COMM3", token: true, alerts: true },
  register: {
    method: "PUT",
    path: "/wps/member/register",
    module: "REG3",
    token: false,
    encrypted: true,
    alerts: true,
    deviceId: true,
    registration: true,
    answer: answers.registerAnswer,
  },
  registerMobile: {
    method: "PUT",
    path: "/wps/member/register/mobile",
    module: "MOBILENUMREG3",
    token: false,
    encrypted: true,
    alerts: true,
    deviceId: true,
    registration: true,
    answer: answers.registerAnswer,
  },
  registerAuto: {
    method: "PUT",
    path: "/wps/member/register/autoUsername",
    module: "REG3",
    token: false,
    alerts: true,
    deviceId: true,
    registration: true,
    answer: answers.loginAnswer,
  },
  registerSettings: get("/wps/system/setting/register", "REG3", { cache: true, answer: answers.registerSettingsAnswer }),
  affiliateCheck: get("/wps/agent/affiliate", "AFFILIATE3", quiet),
  smsCodeLogin: {
    method: "POST",
    path: "/wps/verification/sms/noLogin",
    module: "MOBILEVERCODELOGIN3",
    token: false,
    alerts: true,
    deviceId: true,
    answer: answers.smsCodeAnswer,
  },
  smsCodeRegister: {
    method: "POST",
    path: "/wps/verification/sms/register",
    module: "REGMOBVERF3",
    token: false,
    alerts: true,
    answer: answers.smsCodeAnswer,
  },
  // The S method of the two-factor login needs a code of its own; it carries the password, so encrypted.
  smsCodeLoginVerification: {
    method: "POST",
    path: "/wps/verification/sms/loginVerification",
    module: "COMM3",
    token: false,
    encrypted: true,
    alerts: true,
    deviceId: true,
    chosen: true,
    answer: answers.smsCodeAnswer,
  },
  captcha: get("/wps/captcha", "COMM3", { ...quiet, answer: answers.captchaAnswer }),
  captchaGeetest: get("/wps/captcha/geetest", "COMM3", quiet),
  chatAuthKey: relay("WPSCORE", "saveMemberInfoByAuthKey", "CHAT3", { ...quiet, answer: answers.chatAuthKeyAnswer }),

  // ── System and content (documents 000 and 001) ───────────────────────────────────────
  settings: get("/wps/system/settings/consolidated", "COMM3", { cache: true, answer: answers.settingsAnswer }),
  status: get("/wps/system/status", "COMM3", { ...quiet, answer: answers.statusAnswer }),
  location: get("/wps/system/location", "COMM3", { cache: true, ...quiet }),
  whitelabel: get("/wps/system/whitelabel", "COMM3", { cache: true, answer: answers.whitelabelAnswer }),
  domainRoutes: get("/wps/system/domainRoute", "COMM3", { cache: true, ...quiet, answer: answers.domainRoutesAnswer }),
  templates: get("/wps/system/templates", "COMM3", { cache: true, ...quiet, answer: answers.templatesAnswer }),
  countryCodes: get("/wps/system/country", "COMM3", { cache: true, ...quiet }),
  helpCenter: get("/wps/system/helpCenter", "COMM3", { cache: true, answer: helpAnswer }),
  announcements: relay("MCSFE", "getListAnnouncements", "COMM3", {
    token: false,
    imageFormat: true,
    cache: true,
    ...quiet,
    answer: answers.announcementsAnswer,
  }),
  announcementContent: relay("MCSFE", "getAnnouncementContent", "COMM3", { token: false }),
  promotionCategories: relay("PROMOFE", "getPromotionAnnouncementCategory", "PROMO3", {
    token: false,
    cache: true,
    ...quiet,
    answer: answers.promotionCategoriesAnswer,
  }),
  winnerBoard: relay("ODSFE2", "getWinnerBoard", "COMM3", { token: false, cache: true, ...quiet, answer: answers.winnerBoardAnswer }),
  jackpot: relay("VIS", "getJackpot", "COMM3", { token: false, cache: true, ...quiet, answer: answers.jackpotAnswer }),
  customerServiceScript: relay("WPSCORE", "getCustomerServiceScript", "COMM3", { token: false, ...quiet }),
  // The token travels when there is one (a guest may send feedback too); the captcha is checked by device.
  feedback: {
    method: "PUT",
    path: "/wps/feedback",
    module: "FEEDBACK3",
    token: false,
    tokenIfAny: true,
    alerts: true,
    body: "multipart",
    deviceId: true,
  },
  // The speed-test task's report (decision 051): the relay operator-api.md names, with the player's token.
  speedTestResult: relay("WPSCORE", "postbackSpeedTestResult", "COMM3", quiet),

  // ── Games and lottery (document 001) ─────────────────────────────────────────────────
  // Reads are GETs (the original builds issue reads as GET): coalesced, and the shared lists cached.
  gameVendors: relayGet("GCSGAME", "newGameVendor", "GAME3", { cache: true, ...quiet, answer: answers.gameVendorsAnswer }),
  gameList: relayGet("GCSGAME", "gameList", "GAME3", { pool: "gameList", imageFormat: true, cache: true, answer: answers.gameListAnswer }),
  gamePopupList: relayGet("GCSGAME", "gameList", "GAME3", {
    pool: "gameList",
    imageFormat: true,
    cache: true,
    answer: answers.gameListAnswer,
  }),
  hotGames: relayGet("GCSGAME", "hotGamesV2", "GAME3", { imageFormat: true, cache: true, ...quiet, answer: answers.gameListOfList }),
  gameMatch: relayGet("GCSGAME", "getGameMatchV2", "GAME3"),
  vassalageGameTypes: relayGet("GLS2", "getVassGameType", "GAME3", { cache: true, ...quiet, answer: answers.vassalageGameTypesAnswer }),
  rooms: relayGet("GLS2", "roomList", "GAME3", { cache: true, answer: answers.roomsAnswer }),
  recentGames: relayGet("GCS", "recentGame", "GAME3", { ...session, imageFormat: true, ...quiet, answer: answers.gameListOfList }),
  favouriteGames: relayGet("MCSFE", "getFavoriteGamesList", "GAME3", {
    ...session,
    imageFormat: true,
    answer: answers.favouriteGamesAnswer,
  }),
  favouriteAdd: relay("MCSFE", "addFavoriteGameV2", "GAME3"),
  favouriteRemove: { ...relay("MCSFE", "removeFavoriteGameV2", "GAME3"), method: "DELETE" },
  launchGame: { method: "POST", path: "/wps/game/launchGame", module: "GAME3", token: true, alerts: true, answer: answers.launchAnswer },
  trialLaunch: relay("GCS", "gameTrialLaunch", "GAME3", { token: false, answer: answers.launchAnswer }),
  gameLogout: relay("GCS", "gameLogout", "GAME3", { ...quiet, chosen: true }),
  merchantWallet: relayGet("GCS", "merchantWallet", "GAME3", { ...session, ...quiet, answer: answers.merchantWalletAnswer }),
  walletTransfer: relay("GCS", "walletTransfer", "MYWALL", { money: true, answer: answers.walletListAnswer }),
  // The lists are shared by every visitor (cached); the issue and the draws are asked fresh (coalesced).
  lotteryGames: get("/lgw/games", "LOTT3", { cache: true, ...quiet, answer: answers.lotteryGamesAnswer }),
  lotteryMenus: get("/lgw/games/game_menus", "LOTT3", { cache: true, ...quiet, answer: answers.lotteryMenusAnswer }),
  lotteryRecent: get("/lgw/games/game_menus/recent", "LOTT3", { ...session, ...quiet, answer: answers.lotteryGamesAnswer }),
  lotteryPopular: get("/lgw/games/popular", "LOTT3", { cache: true, ...quiet, answer: answers.lotteryGamesAnswer }),
  lotteryOpenedIssue: get("/lgw/games/opened/numero", "LOTT3", { ...quiet, answer: answers.lotteryIssueAnswer }),
  lottoOpenedIssue: get("/lotto/lgw/games/opened/numero", "LOTT3", { ...quiet, answer: answers.lotteryIssueAnswer }),
  lotteryDraws: get("/lgw/draw", "LOTT3", { ...quiet, answer: answers.lotteryDrawsAnswer }),
  lotteryDrawsByGame: get("/lgw/draw/code/{gameCode}", "LOTT3", { ...quiet, answer: answers.lotteryDrawsAnswer }),
  lotteryNearIssues: get("/lgw/numeros/near", "LOTT3", { ...quiet, answer: answers.lotteryNearAnswer }),
  vnLotteryOpened: get("/lgw/vn/numeros/opened/game", "LOTT3", { ...quiet, answer: answers.lotteryIssueAnswer }),
  vnLotteryMenu: get("/lgw/vn/games/game_menu", "LOTT3", { cache: true, ...quiet, answer: answers.lotteryMenusAnswer }),

  // ── Member centre, wallet, points, agent contracts (document 002) ───────────────────
  balance: get("/wps/v2/wallets/balance", "COMM3", { ...session, ...quiet, answer: answers.balanceAnswer }),
  balanceV2: relay("MCSFE", "getBalanceV2", "COMM3", { ...quiet, answer: answers.walletListAnswer }),
  fundsConsolidated: get("/wps/member/info/funds/consolidated", "COMM3", { ...session, ...quiet, answer: answers.consolidatedAnswer }),
  unreadCount: relay("CSP", "unreadCount", "INBOX3", { ...quiet, answer: answers.unreadAnswer }),
  inbox: relay("CSP", "getInbox", "INBOX3", { answer: answers.inboxAnswer }),
  availablePromotions: relay("MCSFE", "getAvailablePromotions", "PROMO3", { ...quiet, answer: answers.availablePromotionsAnswer }),
  merchantAvailablePromotions: relay("MCSFE", "getMerchantAvailablePromotions", "PROMO3", { token: false, ...quiet }),
  promotionClaimList: relay("MCS2", "getPromotionClaimList", "PROMO3", { ...quiet, answer: answers.promotionClaimListAnswer }),
  claimReward: relay("MCSFE", "claimReward", "PROMO3", { money: true, chosen: true }),
  signUpReward: relay("MCSFE", "signUpRequestReward", "PROMO3", { money: true }),
  raffle: relay("MCSFE", "getRafflePromotion", "RAFFLE3", { ...quiet, answer: answers.raffleAnswer }),
  raffleStatus: relay("MCSFE", "getRafflePromotionStatus", "RAFFLE3", { ...quiet, answer: answers.raffleStatusAnswer }),
  raffleClaim: relay("MCSFE", "claimRafflePromotion", "RAFFLE3", { money: true, answer: answers.raffleClaimAnswer }),
  rankProgress: relay("MCSFE", "getPlayerRankProgress", "VIP3", { ...quiet, answer: answers.rankProgressAnswer }),
  playerAvatar: relay("MCSFE", "getPlayerAvatar", "COMM3", { ...quiet, answer: answers.avatarAnswer }),
  rebate: relay("MCSFE", "getRebate", "PLYRBT", { ...quiet, chosen: true, answer: answers.rebateAnswer }),
  rebateSettings: relay("MCSFE", "getCustomerRebateSettingByProductType", "COMM3", { ...quiet, answer: answers.rebateSettingsAnswer }),
  paymentConfirmations: relay("MCSFE", "getPaymentConfirmationList", "COMM3", { ...quiet, answer: answers.confirmationsAnswer }),
  processC2CTransaction: relay("MCSFE", "processC2CTransaction", "COMM3", { money: true }),
  // Points mall (decision 033). pointTransactions is MemTransDet of the points account (accountTypeId 9).
  pointBalance: relay("MCSFE", "getPointBalance", "PTSYS3", { ...quiet, answer: answers.pointBalanceAnswer }),
  pointConfig: relay("MCSFE", "getPointConfig", "PTSYS3", { cache: true, answer: answers.pointConfigAnswer }),
  pointRewardTypes: relay("MCSFE", "getPointRewardConversionType", "PTSYS3", { answer: answers.pointRewardTypesAnswer }),
  pointRewards: relay("MCSFE", "getPointReward", "PTSYS3", { answer: answers.pointRewardsAnswer }),
  redeemRecords: relay("MCSFE", "getRedeemPointList", "PTSYS3", { answer: answers.redeemRecordsAnswer }),
  pointTransactions: relay("ODSFE2", "MemTransDet", "PTSYS3", { answer: answers.accountTransactionsAnswer }),
  redeemReward: {
    money: true,
    method: "POST",
    relay: { service: "MCSFE", operation: "redeemPointReward", passwordCheck: true },
    module: "PTSYS3",
    token: true,
    encrypted: true,
    alerts: true,
    answer: answers.redeemAnswer,
  },
  convertPoints: {
    money: true,
    method: "POST",
    relay: { service: "MCSFE", operation: "convertPoint", passwordCheck: true },
    module: "PTSYS3",
    token: true,
    encrypted: true,
    alerts: true,
    answer: answers.convertAnswer,
  },
  // Contract requests (decision 031): the list is the consolidated funds answer (there is no
  // separate call); each action's module is its switch of the 002 §6 catalogue.
  contractDividend: relay("MCSFE", "processContractDividend", "DIVIDEND", {
    money: true,
    renamed: { MCS2: "processDividendReq" },
    answer: answers.contractDecisionAnswer,
  }),
  contractDailySalary: relay("MCSFE", "processDailySalaryContract", "DAYSAL", {
    money: true,
    renamed: { MCS2: "processDailySalContract" },
    answer: answers.contractDecisionAnswer,
  }),
  contractHourlySalary: relay("MCSFE", "processContractHourSalary", "HOURSAL3", { money: true, answer: answers.contractDecisionAnswer }),
  contractRealTimeSalary: relay("MCSFE", "processRealTimeSalaryContract", "COMM3", { money: true, answer: answers.contractDecisionAnswer }),
  missionSummary: relay("MCSFE", "getMissionSummaryDetails", "MISSION3", { answer: answers.missionSummaryAnswer }),
  missionLeaderboard: relay("MCSFE", "getMissionLeaderboard", "MISSION3", { answer: answers.leaderboardAnswer }),
  chatUnread: relay("CBS", "unreadCount", "CHAT3", { ...quiet, answer: answers.unreadAnswer }),
  chatLaunch: relay("CBS", "launchChat", "CHAT3", { ...quiet, answer: answers.chatLaunchAnswer }),
  chatPermission: relay("CBS", "groupPermission", "CHAT3", { ...quiet, answer: answers.chatPermissionAnswer }),

  // ── Member centre: centre (layout, menu, info bar) (issue 10) ──
  // (rows of this part)

  // ── Member centre: wallets and transfers (issue 10) ──
  // The transfer to the upline and the cashier hand-off are not shown by the documents (decision 026).
  transferUpline: relay("MCSFE", "transferToUpline", "COMM3", { money: true, chosen: true, answer: answers.walletListAnswer }),
  // A hand-off address may be good for one visit: each asking gets its own.
  cashierUrl: relay("MCSFE", "getCashierUrl", "COMM3", { chosen: true, read: false, answer: answers.cashierAnswer }),

  // ── Member centre: rewards and claims (issue 10) ──
  // (rows of this part)
  promotionList: relay("MCSFE", "getPromotionList", "PROMO3", { ...quiet, chosen: true, answer: answers.promotionListAnswer }),
  taskList: relay("MCSFE", "getTaskList", "PROMO3", { ...quiet, chosen: true, answer: answers.taskListAnswer }),

  // ── Member centre: benefits: rebates, salary, missions, referral, rank (issue 10) ──
  // Not shown by the documents (decision 028).
  claimManualRebate: relay("MCSFE", "claimManualRebate", "MANPLAYREB3", { money: true, chosen: true, answer: answers.rebateClaimAnswer }),
  playerDailySalary: relay("MCSFE", "getPlayerDailySalary", "DAYSALMR", { chosen: true, answer: answers.playerSalaryAnswer }),
  referralInfo: relay("MCSFE", "getReferralInfo", "COMM3", { chosen: true, answer: answers.referralAnswer }),

  // ── Member centre: inbox, payment confirmation, feedback (issue 10) ──
  // Opening a message marks it read; the documents show no call for it (decision 029).
  readMessage: relay("CSP", "readMessage", "INBOX3", { chosen: true, answer: answers.messageAnswer }),

  // ── Member centre: records (issue 10) ──
  // (rows of this part)
  // Paths not shown by the documents: chosen (decision 030). accountTransactions is the spec's
  // MemTransDet (pointTransactions' relay) for the main account, accountTypeId 1.
  bettingRecords: relay("ODSFE2", "getBettingRecords", "COMM3", { chosen: true, answer: answers.bettingRecordsAnswer }),
  accountTransactions: relay("ODSFE2", "MemTransDet", "COMM3", { answer: answers.accountTransactionsAnswer }),
  personalProfit: relay("ODSFE2", "getPersonalProfit", "COMM3", { chosen: true, answer: answers.personalProfitAnswer }),

  // ── Agent centre (issue 11) ──
  // Not shown by the documents: chosen (decision 032). Each row's module is the switch of its page.
  agentOverview: relay("MCSFE", "getAgentTeamOverview", "AGEINFO3", { chosen: true, answer: answers.agentOverviewAnswer }),
  downlineList: relay("MCSFE", "getDownlineList", "DOWNMAN", { chosen: true, answer: answers.downlineListAnswer }),
  downlineDetail: relay("MCSFE", "getDownlineDetail", "DOWNMAN", { chosen: true, answer: answers.downlineDetailAnswer }),
  registerDownline: relay("MCSFE", "registerDownline", "AGEREGDOWN3", {
    money: true,
    chosen: true,
    answer: answers.registerDownlineAnswer,
  }),
  transferDownline: relay("MCSFE", "transferToDownline", "AGEDOWNTRANS3", {
    money: true,
    chosen: true,
    answer: answers.transferDownlineAnswer,
  }),
  teamBetting: relay("ODSFE2", "getTeamBetting", "TEAMBETTING3", { chosen: true, answer: answers.teamBettingAnswer }),
  teamProfit: relay("ODSFE2", "getTeamProfit", "AGETEAMPNL3", { chosen: true, answer: answers.teamProfitAnswer }),
  agentIncome: relay("MCSFE", "getAgentIncome", "COMM3", { chosen: true, answer: answers.agentIncomeAnswer }),
  redEnvelopes: relay("MCSFE", "getRedEnvelopes", "COMM3", { chosen: true, answer: answers.redEnvelopesAnswer }),
  agentAnnouncements: relay("MCSFE", "getAgentAnnouncements", "AGENTANNOUNCE3", { chosen: true, answer: answers.agentAnnouncementsAnswer }),
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

/** The typed value of an endpoint's answer: its schema's output, or unknown when it declares none. */
export type AnswerOf<N extends EndpointName> = (typeof endpoints)[N] extends { answer: infer S }
  ? S extends z.ZodTypeAny
    ? z.output<S>
    : unknown
  : unknown;

/**
 * The path of an endpoint: relay service prefixes come from configuration
 * (e.g. { MCSFE: "MCS2" } for an operator on the older relay names), `{param}`s are filled.
 */
export function resolvePath(
  e: Endpoint,
  params: Record<string, string | number> = {},
  relayPrefixes: Readonly<Record<string, string>> = {},
): string {
  let path: string;
  if (e.relay) {
    const service = relayPrefixes[e.relay.service] ?? e.relay.service;
    const operation = e.relay.renamed?.[service] ?? e.relay.operation;
    path = `/wps/relay/${e.relay.passwordCheck ? "passwordCheck/" : ""}${service}_${operation}`;
  } else if (e.path) {
    path = e.path;
  } else {
    throw new Error("Endpoint has neither path nor relay");
  }
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
