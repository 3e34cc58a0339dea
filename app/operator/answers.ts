/**
 * The shape of each answer's `value` that the portal reads, as zod schemas the endpoint table
 * names. The client checks every successful answer against its endpoint's schema: callers get
 * typed data without casts, and an operator that answers something else becomes a catalogued
 * failure (kind "malformed": 'timeout, retry please' for the player, the field paths in the
 * log), never a crash or an `undefined` drawn on a page.
 *
 * Fields are as lenient as the spec allows (nullable where operators omit them, numbers that
 * may travel as strings) and unknown fields are dropped: a schema names what the portal uses,
 * not everything an operator sends.
 */
import { z } from "zod";

/** A number that some operators send as a string ("1", "12.5"). */
const numberish = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);
/** Money stays text end to end (decimal.js reads it); some operators send a JSON number. */
const money = z.union([z.string(), z.number()]).transform(String);
const text = z.string().nullish();
const yes = z.boolean().nullish();

// ── session ────────────────────────────────────────────────────────────────────────────

/** Every way in ends with a token (password, SMS, two-factor, social, Telegram, free play, automatic registration). */
export const loginAnswer = z.object({
  token: z.string().min(1),
  firstTimeLogin: yes,
  passwordExpired: yes,
  /** Social, Telegram and free play name the account they logged in. */
  username: text,
  /** merchant@account, after an automatic registration. */
  customerName: text,
});
export type LoginValue = z.output<typeof loginAnswer>;

export const registerAnswer = z.object({
  customerName: text,
  profile: z.object({ mobileNo: text }).nullish(),
  /** Present when the operator logged the new member in (login: true). */
  token: z.string().min(1).nullish(),
  firstTimeLogin: yes,
  passwordExpired: yes,
});
export type RegisterValue = z.output<typeof registerAnswer>;

/** The code request answers; some operators answer no value at all. */
export const smsCodeAnswer = z.object({ expiredMinutes: numberish.nullish() }).nullish();

/** A captcha image: Base64 of an SVG, or a data: URL. */
export const captchaAnswer = z.string().min(1);

// ── member ─────────────────────────────────────────────────────────────────────────────

export const memberInfoAnswer = z.object({
  id: z.union([z.string(), z.number()]),
  account: z.string().min(1),
  nickname: text,
  /** isAgent of document 000, section 3. */
  type: numberish,
  toUpline: yes,
  /** type AUTO: VIP benefits are shown; color: the label's own colour (a CSS colour the view checks). */
  clubLabel: z
    .object({
      labelId: z.union([z.string(), z.number()]).nullish(),
      labelName: text,
      type: text,
      color: text,
      rankLevel: numberish.nullish(),
    })
    .nullish(),
  memberLabel: text,
  lastLogin: text,
});
export type MemberInfo = z.output<typeof memberInfoAnswer>;

export const balanceAnswer = z.object({
  sumBalance: money.nullish(),
  balance: money.nullish(),
  currencySymbol: text,
});
export type Balance = z.output<typeof balanceAnswer>;

// ── system ─────────────────────────────────────────────────────────────────────────────

export const settingsAnswer = z.object({
  merchantCode: text,
  siteTitle: text,
  defaultLanguage: text,
  languages: z.array(z.string()).nullish(),
  currency: text,
  currencySymbol: text,
  /** F or empty: symbol in front; B: behind. */
  currencyPosition: text,
  logoUrl: text,
  /** The shell settings: loginPop opens the pop-up login when a guest clicks a gated entry. */
  shellSet: z.object({ loginPop: yes }).nullish(),
  resources: z.array(z.object({ resourceType: text, url: text, qrCodeUrl: text })).nullish(),
  /** The app's install guide in the request's language (document 001, section 2, screen 12): steps 1 to 6. */
  downloadGuide: z.array(z.object({ step: numberish.nullish(), title: text, text: text })).nullish(),
  /** Entries with a name and an (encrypted) path or url; their shape is not shown by the spec. */
  customerService: z.array(z.record(z.unknown())).nullish(),
  /** The identity service's public web configuration. */
  firebase: z.object({ apiKey: text, authDomain: text, projectId: text, emulatorUrl: text }).nullish(),
  telegram: z.object({ botId: z.union([z.string(), z.number()]).transform(String).nullish() }).nullish(),
  /** Document 000, section 5: what a refused affiliate code at page load does. */
  pageAffiliate: numberish.nullish(),
  registerUrl: text,
  /**
   * The merchant's brand colours (decision 022): CSS colours by role. Each is checked again by
   * the theme stylesheet before it reaches CSS; an operator that sends none gets the default
   * dark theme.
   */
  theme: z
    .object({
      primary: text,
      primaryInk: text,
      accent: text,
      background: text,
      surface: text,
      surfaceRaised: text,
      text: text,
      muted: text,
      line: text,
    })
    .partial()
    .nullish(),
});
export type SiteSettings = z.output<typeof settingsAnswer>;

export const whitelabelAnswer = z.object({ features: z.record(z.boolean()).nullish() });

export const statusAnswer = z.object({
  maintenance: yes,
  regionRestriction: yes,
  maintenanceStart: text,
  maintenanceEnd: text,
  /** Shared site information; the portal reads the CDN lists (chosen from at random per use). */
  info: z
    .object({
      imageCDNs: z.array(z.string()).nullish(),
      launchGameCDNs: z.array(z.string()).nullish(),
    })
    .nullish(),
});
export type SiteStatus = z.output<typeof statusAnswer>;

/**
 * The domain routes (document 001, section 3: domainName, speed): the list itself or wrapped as
 * { list }. Each entry is checked by its reader (speed-test.server.ts): one bad entry must not
 * cost the page the others.
 */
export const domainRoutesAnswer = z
  .union([z.array(z.unknown()), z.object({ list: z.array(z.unknown()) })])
  .transform((value) => (Array.isArray(value) ? value : value.list));

/** The register rules: the list itself, or wrapped as { fields: [...] }. Each rule is checked by its reader. */
export const registerSettingsAnswer = z
  .union([z.array(z.unknown()), z.object({ fields: z.array(z.unknown()) })])
  .transform((value) => (Array.isArray(value) ? value : value.fields));

// ── games (document 001, sections 3 and 7; shapes of operator-api.md, decision 021) ─────────

/** Identifiers travel as numbers or strings; the portal keeps them as text. */
const id = z.union([z.string(), z.number()]).transform(String);
/** 0/1 flags that some operators send as booleans or strings. */
const flag01 = z.union([z.number(), z.string(), z.boolean()]).transform((v) => (v === true || v === "1" || v === 1 ? 1 : 0));

/** A vendor card of the vendor list (document 001, section 3, "Game card / vendor"). */
const vendorCardBase = z.object({
  accountTypeId: id.nullish(),
  /** The vendor's code (the `page` of its lobby). */
  accountTypeName: z.string().min(1),
  displayName: text,
  smallIcon: text,
  lagerIcon: text,
  /** Whether the vendor offers free play. */
  freeplay: flag01.nullish(),
  /** LIVE, SPORTS, FISH, PVP, ESPORTS or RNG. */
  gameType: z.string().min(1),
  /** "game" (the card is one game: it launches) or "VASSALAGE" (its games open in a popup list). */
  isGame: text,
  openAccountType: text,
  /** 1: the game plays in the page (/seamless) rather than a new window. */
  noOpenWindow: flag01.nullish(),
  /** 1: a guest may open its lobby. */
  canEnterPage: flag01.nullish(),
  page: text,
  isHot: flag01.nullish(),
  /** Rebate badge text: digits, dot and percent ("1.2%"). */
  rebeat: text,
  isShow: flag01.nullish(),
  isHide: flag01.nullish(),
  cardId: id.nullish(),
  title: text,
  /** The game to launch when the card is itself a game (isGame "game"). */
  gameId: id.nullish(),
  roomId: id.nullish(),
  nodeId: id.nullish(),
  /** Set while the vendor is under maintenance (ISO times). */
  maintenanceStart: text,
  maintenanceEnd: text,
});
export const vendorCard = vendorCardBase.extend({ child: z.array(vendorCardBase).nullish() });
export type VendorCard = z.output<typeof vendorCard>;

export const vendorLane = z.object({
  title: text,
  /** The lane's game type (LIVE, SPORTS, FISH, PVP, ESPORTS, RNG). */
  gameClassify: text,
  cards: z.array(vendorCard).default([]),
});
export type VendorLane = z.output<typeof vendorLane>;

/** The vendor list: value.data.lanes. */
export const gameVendorsAnswer = z.object({ data: z.object({ lanes: z.array(vendorLane).default([]) }) });

/** A game of a list (game list, hot, recent, favourites, popup list). */
export const gameAnswer = z.object({
  nodeId: id.nullish(),
  nodeName: text,
  gameName: text,
  gameId: id.nullish(),
  roomId: id.nullish(),
  /** The vendor's code (vassalage/vendor of document 001). */
  vassalage: text,
  vendor: text,
  gameType: text,
  /** Icon: an absolute URL, or a path on the image CDN. */
  showIcon: text,
  /** 0: the game has a free trial. */
  supportPlay: numberish.nullish(),
  /** 1: opens in a new window. */
  appNewWindow: flag01.nullish(),
  matchId: id.nullish(),
  leagueId: id.nullish(),
  platform: text,
  sourceType: text,
  marketingDetailId: id.nullish(),
  /** VP, TG, SC, AC, JP for slots. */
  gameClassify: text,
  isHot: flag01.nullish(),
  isNew: flag01.nullish(),
});
export type Game = z.output<typeof gameAnswer>;

const games = z.array(gameAnswer).default([]);

export const gameListAnswer = z.object({
  games,
  totalPages: numberish.nullish(),
  pageNum: numberish.nullish(),
  total: numberish.nullish(),
});
export type GameList = z.output<typeof gameListAnswer>;

/** Hot games and recent games: value.list. */
export const gameListOfList = z.object({ list: games });

/** Favourites: { content, pageNum, totalPages }. */
export const favouriteGamesAnswer = z.object({
  content: games,
  pageNum: numberish.nullish(),
  totalPages: numberish.nullish(),
});

/** Categories of a vassalage vendor's games. */
export const vassalageGameTypesAnswer = z.object({ list: z.array(z.object({ code: z.string(), name: text })).default([]) });

/** Rooms of a live vendor. */
export const roomsAnswer = z.object({
  list: z.array(z.object({ roomId: id, roomName: text, gameId: id.nullish(), showIcon: text })).default([]),
});

/** The merchant wallet: isSingle (one wallet for every vendor). */
export const merchantWalletAnswer = z.object({ isSingle: yes });

/**
 * A launch (and a trial launch): the game's address at value.content.game_url (or game_url2),
 * value.gameUrl, or value.content itself; read in that order.
 */
export const launchAnswer = z
  .object({
    content: z.union([z.string(), z.object({ game_url: text, game_url2: text })]).nullish(),
    gameUrl: text,
    game_url: text,
    game_url2: text,
  })
  .transform((v) => {
    const content = typeof v.content === "string" ? v.content : null;
    const nested = typeof v.content === "object" && v.content ? v.content : null;
    return { url: nested?.game_url || nested?.game_url2 || v.game_url || v.game_url2 || v.gameUrl || content || null };
  });

/**
 * The value of a failed launch: resType 1 asks for the recommendation overlay; the maintenance
 * times come with vendor_under_maintenance and with resType 1.
 */
export const launchFailureValue = z
  .object({
    resType: numberish.nullish(),
    maintenanceStart: text,
    maintenanceEnd: text,
  })
  .nullish()
  .catch(null);

// ── member centre: centre (layout, menu, info bar) (issue 10) ──────────────────────────────
// (answers of this part)

// ── member centre: wallets and transfers (issue 10) ──────────────────────────────

/** The wallet list (getBalanceV2, typeId 0), also answered after a transfer: the balances after it. */
export const walletListAnswer = z.object({
  sumBalance: money.nullish(),
  currency: text,
  currencySymbol: text,
  wallets: z
    .array(
      z.object({
        accountId: z.union([z.string(), z.number()]).transform(String),
        accountName: text,
        displayName: text,
        availBalance: money.nullish(),
        main: yes,
      }),
    )
    .catch([]),
});
export type WalletList = z.output<typeof walletListAnswer>;

/** The operator's cashier page for this player, opened once (decision 026). */
export const cashierAnswer = z.object({
  url: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//i.test(url), "an http(s) address"),
});

// ── member centre: rewards and claims (issue 10) ──────────────────────────────
// (answers of this part)

/** Y/N flags (remarkRequired, imageRequired); a boolean is read the same. */
const yn = z
  .union([z.string(), z.boolean()])
  .nullish()
  .transform((v) => v === true || (typeof v === "string" && v.trim().toUpperCase() === "Y"));
const claimStatus = z
  .string()
  .nullish()
  .transform((v) => (v === "PENDING" || v === "APPROVED" || v === "REJECTED" ? v : null));

/**
 * Available promotions keyed by type (decision 027): each counted type a count, MISSION and
 * REFERRAL `{count, enabled}`. Read by promotionFlags (app/features/member/centre.server.ts),
 * which tolerates any value per key; only an object is required here.
 */
export const availablePromotionsAnswer = z.record(z.string(), z.unknown());

/** Chosen MCSFE_getPromotionList: the promotions a member claims through the apply dialog. */
export const promotionListAnswer = z.object({
  list: z
    .array(
      z.object({
        id: numberish,
        type: z.string(),
        title: text,
        remarkRequired: yn,
        imageRequired: yn,
        linkedPromotionId: numberish.nullish(),
        claimStatus,
        claimable: yes,
      }),
    )
    .default([]),
});
export type PromotionItem = z.output<typeof promotionListAnswer>["list"][number];

export const promotionClaimListAnswer = z.object({
  list: z
    .array(
      z.object({
        id: id,
        promotionId: numberish.nullish(),
        promotionType: text,
        promotionTitle: text,
        status: claimStatus,
        remarks: text,
        imageCount: numberish.nullish(),
        createdAt: numberish.nullish(),
        createdAtStr: text,
      }),
    )
    .default([]),
  total: numberish.nullish(),
});
export type PromotionClaim = z.output<typeof promotionClaimListAnswer>["list"][number];

/** Chosen MCSFE_getTaskList {taskType}: the sign-in, newbie or rescue tasks with the member's progress. */
export const taskListAnswer = z.object({
  list: z
    .array(
      z.object({
        id: numberish,
        taskType: text,
        title: text,
        progress: numberish.nullish(),
        target: numberish.nullish(),
        reward: money.nullish(),
        status: z
          .string()
          .nullish()
          .transform((v) => (v === "CLAIMABLE" || v === "REQUESTED" ? v : "IN_PROGRESS")),
      }),
    )
    .default([]),
});
export type TaskItem = z.output<typeof taskListAnswer>["list"][number];

export const raffleAnswer = z.object({
  list: z
    .array(
      z.object({
        promotionId: numberish,
        raffleScheduleId: numberish,
        title: text,
        startTime: numberish.nullish(),
        endTime: numberish.nullish(),
        dueTime: numberish.nullish(),
        prizeValue: money.nullish(),
      }),
    )
    .default([]),
});

/** due: the tip's time is over; time: milliseconds to the start (not started) or to the end (running). */
export const raffleStatusAnswer = z.object({
  isClaimed: yes,
  hasStarted: yes,
  hasEnded: yes,
  due: yes,
  time: numberish.nullish(),
});

export const raffleClaimAnswer = z.object({
  value: money.nullish(),
  ticket: z.object({ id: id.nullish(), ticketId: text, transactionId: text, startDateStr: text, endDateStr: text }).nullish(),
});

// ── member centre: benefits: rebates, salary, missions, referral, rank (issue 10) ──────────────────────────────

/** A rate as a decimal fraction ("0.012"): shown as percent = rate × 100 with two decimals. */
const rate = z.union([z.string(), z.number()]).transform(String);

/** The player's rebate: rates by product type and the bonuses paid (decision 028). */
export const rebateAnswer = z
  .object({
    hasRebate: yes,
    rates: z.array(z.object({ productType: z.string(), rate })).catch([]),
    bonuses: z
      .array(z.object({ date: z.string(), productType: z.string(), betAmount: money.nullish(), rebate: money.nullish() }))
      .catch([]),
  })
  .nullish();

export const rebateSettingsAnswer = z
  .array(z.object({ productType: z.string(), rebateValue: rate, pendingAmount: money.nullish() }))
  .catch([]);

export const rebateClaimAnswer = z.object({ productType: text, amount: money.nullish() });

export const playerSalaryAnswer = z.object({
  rates: z.array(z.object({ betVolume: money.nullish(), activeMember: numberish.nullish(), rateType: text, rate })).catch([]),
  list: z
    .array(z.object({ date: z.string(), betVolume: money.nullish(), rate: rate.nullish(), salary: money.nullish(), status: text }))
    .catch([]),
  total: numberish.catch(0),
});

export const missionSummaryAnswer = z.object({
  missions: z
    .array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        title: text,
        progress: numberish.catch(0),
        target: numberish.catch(0),
        reward: money.nullish(),
        status: text,
      }),
    )
    .catch([]),
  count: numberish.catch(0),
});

export const leaderboardAnswer = z.object({
  list: z.array(z.object({ rank: numberish, account: z.string().catch(""), score: numberish.catch(0), prize: money.nullish() })).catch([]),
  mine: z.object({ rank: numberish.nullish(), account: text, score: numberish.nullish() }).nullish(),
});

export const referralAnswer = z.object({
  referralCode: z.string(),
  link: z.string().url(),
  invited: numberish.catch(0),
  rewards: money.nullish(),
});

/** VIP progress (document 002, section 3): completedConditions of totalExpectedConditions; no label, no progress to make. */
export const rankProgressAnswer = z.object({
  labelId: numberish.nullish(),
  labelName: text,
  completedConditions: numberish.catch(0),
  totalExpectedConditions: numberish.catch(0),
  conditions: z
    .array(
      z.object({
        name: z.string(),
        current: z.union([z.string(), z.number()]).transform(String).nullish(),
        target: z.union([z.string(), z.number()]).transform(String).nullish(),
        done: yes,
      }),
    )
    .catch([]),
  nextLabelName: text,
});

export const avatarAnswer = z.object({ avatarType: text, avatar: text });

// ── member centre: inbox, payment confirmation, feedback (issue 10) ──────────────────────────────

/** Unread messages of the last 7 days: { count } or the number itself. */
export const unreadAnswer = z.union([numberish, z.object({ count: numberish })]).transform((v) => (typeof v === "number" ? v : v.count));

const inboxItem = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  subject: z.string().catch(""),
  read: z.union([z.boolean(), z.literal("Y"), z.literal("N")]).transform((v) => v === true || v === "Y"),
  /** Epoch milliseconds or an ISO time. */
  sendTime: z.union([z.number(), z.string()]).nullish(),
  content: text,
});
export const inboxAnswer = z.object({ list: z.array(inboxItem).catch([]), total: numberish.catch(0) });
export const messageAnswer = inboxItem;

/** Peer-to-peer withdrawal receipts waiting for the player's answer (document 002, section 3). */
export const confirmationsAnswer = z
  .array(
    z.object({
      payDetailId: z.union([z.string(), z.number()]).transform(String),
      isAutoConfirmed: text,
      amount: money.nullish(),
      remainingAmount: money.nullish(),
      payer: text,
      createdTime: z.union([z.number(), z.string()]).nullish(),
    }),
  )
  .catch([]);
export type PaymentConfirmation = z.output<typeof confirmationsAnswer>[number];

// ── agent centre: contract requests (issue 11) ──────────────────────────────────────────

const contractId = z.union([z.string().regex(/^[\w-]{1,40}$/), z.number().int().nonnegative()]).transform(String);
const rateType = z.string().nullish();
/** A map from productType to that product's contracts; a product whose list is malformed is left out. */
const byProductType = <T extends z.ZodTypeAny>(item: T) =>
  z
    .record(z.string(), z.array(item).catch([]))
    .nullish()
    .catch(null)
    .transform((map) => map ?? {});

const dividendContract = z.object({
  id: contractId.nullish(),
  status: z.string(),
  minimumBet: money.nullish(),
  netLoss: money.nullish(),
  activeMember: numberish.nullish(),
  contractRate: numberish.nullish(),
  periodicTotalBet: money.nullish(),
  periodicTotalBetRequired: text,
  computationPeriod: z.union([z.string(), z.number()]).transform(String).nullish(),
  downlineHigherRate: text,
});
const dailyContract = z.object({
  id: contractId,
  status: z.string(),
  downlineHigherRate: text,
  details: z.array(z.object({ betVolume: money.nullish(), activeMember: numberish.nullish(), rateType, rate: money.nullish() })).catch([]),
});
const hourlyContract = z.object({
  contractId,
  status: z.string(),
  downlineHigherRate: text,
  hourSalaryRates: z
    .array(z.object({ minimumBet: money.nullish(), activeMember: numberish.nullish(), rateType, rate: money.nullish() }))
    .catch([]),
});
const realTimeContract = z.object({
  contractId,
  status: z.string(),
  downlineHigherRate: text,
  realTimeSalaryRates: z.array(z.object({ betAmount: money.nullish(), lossRate: money.nullish(), winRate: money.nullish() })).catch([]),
});
export type DividendContract = z.output<typeof dividendContract>;
export type DailyContract = z.output<typeof dailyContract>;
export type HourlyContract = z.output<typeof hourlyContract>;
export type RealTimeContract = z.output<typeof realTimeContract>;

/**
 * An info group: the agent's contracts of a kind that are in force (status A or V). Builds send
 * a list; a flag ("Y", true) or a non-empty object is read as present too.
 */
const infoGroup = z.unknown().transform((v): boolean => {
  if (Array.isArray(v))
    return v.some((entry) => {
      const status = entry && typeof entry === "object" ? (entry as { status?: unknown }).status : undefined;
      return status === undefined || status === "A" || status === "V";
    });
  if (v && typeof v === "object") return Object.keys(v).length > 0;
  return v === true || v === "Y" || v === "1" || v === 1;
});

/** GET /wps/member/info/funds/consolidated: the contract requests by kind and product type, and the info groups (decision 031). */
export const consolidatedAnswer = z.object({
  divtypereq: byProductType(dividendContract),
  dailysalreqtype: byProductType(dailyContract),
  contracthoursalreq: byProductType(hourlyContract),
  realtimesalreqtype: byProductType(realTimeContract),
  divtypeinfo: infoGroup,
  dailysalinfotype: infoGroup,
  contractmrdailysalinfotype: infoGroup,
  contracthoursalinfo: infoGroup,
  realtimesalinfotype: infoGroup,
});
export type ConsolidatedValue = z.output<typeof consolidatedAnswer>;

/** A contract action's answer: the contract's status after it, when the operator says. */
export const contractDecisionAnswer = z.object({ status: text }).nullish().catch(null);

// ── agent centre (issue 11) ─────────────────────────────────────────────────────────────
// Not shown by the documents: chosen (decision 032).

const agentMoney = money.nullish().transform((v) => v ?? "0");
const betFigures = { betCount: numberish.nullish(), betAmount: agentMoney, validBet: agentMoney, winLoss: agentMoney };
const agentPaging = { total: numberish.nullish(), page: numberish.nullish(), size: numberish.nullish() };

export const agentOverviewAnswer = z.object({
  teamSize: numberish.catch(0),
  directCount: numberish.catch(0),
  agentCount: numberish.catch(0),
  memberCount: numberish.catch(0),
  newThisMonth: numberish.catch(0),
  teamBalance: agentMoney,
  thisMonth: z.object({ ...betFigures, activeMembers: numberish.nullish() }).nullish(),
  lastMonth: z.object({ ...betFigures, activeMembers: numberish.nullish() }).nullish(),
  affiliateCode: text,
});

const downline = z.object({
  username: z.string().min(1),
  nickname: text,
  agentType: numberish.catch(0),
  level: numberish.nullish(),
  balance: agentMoney,
  createdTime: numberish.nullish(),
  lastLoginTime: numberish.nullish(),
});
export type Downline = z.output<typeof downline>;
export const downlineListAnswer = z.object({ list: z.array(downline).catch([]), ...agentPaging });
export const downlineDetailAnswer = downline.extend({
  upline: text,
  downlines: numberish.nullish(),
  last30Days: z.object(betFigures).nullish(),
});
export const registerDownlineAnswer = z.object({ username: z.string(), agentType: numberish.nullish() }).nullish().catch(null);
export const transferDownlineAnswer = z.object({
  balance: agentMoney,
  downlines: z.array(z.object({ username: z.string(), balance: agentMoney })).catch([]),
});
export const teamBettingAnswer = z.object({
  list: z.array(z.object({ username: z.string(), level: numberish.nullish(), ...betFigures })).catch([]),
  summary: z.object(betFigures).nullish(),
  ...agentPaging,
});
export const teamProfitAnswer = z.object({
  list: z.array(z.object({ date: z.string(), bettors: numberish.nullish(), ...betFigures })).catch([]),
  summary: z.object(betFigures).nullish(),
  ...agentPaging,
});
export const agentIncomeAnswer = z.object({
  list: z
    .array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        kind: z.string(),
        productType: text,
        period: text,
        basis: agentMoney,
        rate: money.nullish(),
        amount: agentMoney,
        status: text,
        paidTime: numberish.nullish(),
      }),
    )
    .catch([]),
  summary: z.object({ amount: agentMoney }).nullish(),
  ...agentPaging,
});
export const redEnvelopesAnswer = z.object({
  list: z
    .array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        title: z.string(),
        totalAmount: agentMoney,
        count: numberish.catch(0),
        claimedCount: numberish.catch(0),
        claimedAmount: agentMoney,
        status: text,
        createdTime: numberish.nullish(),
        endTime: numberish.nullish(),
      }),
    )
    .catch([]),
  ...agentPaging,
});
export const agentAnnouncementsAnswer = z.object({
  list: z
    .array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        title: z.string(),
        content: z.string(),
        publishTime: numberish.nullish(),
      }),
    )
    .catch([]),
});

// ── member centre: records (issue 10) ──────────────────────────────
// (answers of this part)

/** Paging fields of a records answer (decision 030). */
const recordsPage = {
  page: numberish.nullish(),
  size: numberish.nullish(),
  total: numberish.nullish(),
  totalPages: numberish.nullish(),
};
const recordsMoney = money.nullish().transform((v) => v ?? "0");
/** A time in epoch milliseconds (some operators send it as a string). */
const recordsTime = numberish;

/** ODSFE2_getBettingRecords: one page of bets and the totals of every bet in the range and filter. */
export const bettingRecordsAnswer = z.object({
  list: z
    .array(
      z.object({
        orderNo: z.union([z.string(), z.number()]).transform(String),
        betTime: recordsTime,
        vendor: text,
        vendorName: text,
        gameNameCn: text,
        gameNameEn: text,
        productType: text,
        betAmount: recordsMoney,
        validBet: recordsMoney,
        winLoss: recordsMoney,
        status: text,
      }),
    )
    .default([]),
  ...recordsPage,
  summary: z.object({ count: numberish.nullish(), betAmount: recordsMoney, validBet: recordsMoney, winLoss: recordsMoney }).nullish(),
});
export type BettingRecords = z.output<typeof bettingRecordsAnswer>;

/** ODSFE2_MemTransDet for the main account (accountTypeId 1): the spec's point-transaction fields plus txTypeId. */
export const accountTransactionsAnswer = z.object({
  list: z
    .array(
      z.object({
        txId: z.union([z.string(), z.number()]).transform(String),
        txTypeId: numberish.nullish(),
        txTimeInTimestamp: recordsTime,
        amount: recordsMoney,
        currentAvailBalance: money.nullish(),
        nameCn: text,
        nameEn: text,
      }),
    )
    .default([]),
  ...recordsPage,
  summary: z.object({ count: numberish.nullish(), income: recordsMoney, expense: recordsMoney, net: recordsMoney }).nullish(),
});
export type AccountTransactions = z.output<typeof accountTransactionsAnswer>;

const recordsProfitFigures = {
  betAmount: recordsMoney,
  validBet: recordsMoney,
  payout: recordsMoney,
  winLoss: recordsMoney,
  bonus: recordsMoney,
  rebate: recordsMoney,
  profit: recordsMoney,
};

/** ODSFE2_getPersonalProfit: the player's profit and loss by day in the range, and its totals. */
export const personalProfitAnswer = z.object({
  list: z.array(z.object({ date: z.string(), dayStart: recordsTime.nullish(), ...recordsProfitFigures })).default([]),
  summary: z.object({ days: numberish.nullish(), ...recordsProfitFigures }).nullish(),
});
export type PersonalProfit = z.output<typeof personalProfitAnswer>;

// ── points mall (issue 12) ──────────────────────────────────────────────────────────────
// The documents name the fields of a reward, a redemption, a transaction and the configuration
// (document 002, section 3); the envelopes around them are chosen (decision 033).

const points = money.nullish().transform((v) => v ?? "0");

export const pointBalanceAnswer = z.object({ balance: points });

export const pointConfigAnswer = z.object({
  pointExchangeRate: money.nullish(),
  liveBet: money.nullish(),
  lottoBet: money.nullish(),
  pvpBet: money.nullish(),
  rngBet: money.nullish(),
  sportBet: money.nullish(),
  deposit: money.nullish(),
  /** Y: the redeem form asks for a LINE ID (required). */
  lineRequired: text,
});
export type PointConfig = z.output<typeof pointConfigAnswer>;

export const pointRewardTypesAnswer = z.array(
  z.object({ code: z.union([z.string(), z.number()]).transform(String), name: text, sort: numberish.nullish() }),
);

const merchandiseImage = z.object({ imageUrl: z.string(), type: z.string().nullish() });

export const pointRewardAnswer = z.object({
  id: numberish,
  name: text,
  type: z.union([z.string(), z.number()]).transform(String).nullish(),
  price: numberish.nullish(),
  mpPointAmount: numberish.nullish(),
  mpMoneyAmount: money.nullish(),
  displayPointMoneyAmt: text,
  inventory: numberish.catch(0),
  adjustedCount: numberish.nullish(),
  description: text,
  imageLink: text,
  merchandiseImages: z.array(merchandiseImage).nullish().catch(null),
});
export type PointReward = z.output<typeof pointRewardAnswer>;

export const pointRewardsAnswer = z.object({
  list: z.array(pointRewardAnswer).default([]),
  total: numberish.nullish(),
});

export const redeemRecordsAnswer = z.object({
  list: z
    .array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        dateRequested: numberish,
        type: text,
        name: text,
        quantity: numberish.catch(0),
        requiredPoint: points,
        requiredMoney: points,
        status: text,
      }),
    )
    .default([]),
  total: numberish.nullish(),
});
export type RedeemRecords = z.output<typeof redeemRecordsAnswer>;

export const redeemAnswer = z
  .object({ id: numberish.nullish(), pointBalance: money.nullish(), inventory: numberish.nullish() })
  .nullish()
  .catch(null);

export const convertAnswer = z
  .object({ points: money.nullish(), pointBalance: money.nullish(), balance: money.nullish() })
  .nullish()
  .catch(null);

// ── lottery (document 001, sections 3 and 7; decision 034) ─────────────────────────────────

/** A list answered as an array, or as {list} / {data} / {content}: the items that fit, the rest dropped. */
function itemsOf<T extends z.ZodTypeAny>(item: T) {
  const raw = z.union([
    z.array(z.unknown()),
    z.object({ list: z.array(z.unknown()) }).transform((v) => v.list),
    z.object({ data: z.array(z.unknown()) }).transform((v) => v.data),
    z.object({ content: z.array(z.unknown()) }).transform((v) => v.content),
  ]);
  return raw.transform((list) =>
    list.flatMap((entry) => {
      const parsed = item.safeParse(entry);
      return parsed.success ? [parsed.data as z.output<T>] : [];
    }),
  );
}

const gameCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{1,32}$/);

/** A lottery game of a menu, list or popular answer: code or gameCode, remark, defaultPlayType, tag, webIconUrl, gameId. */
export const lotteryGame = z
  .object({
    gameId: id.nullish(),
    gameCode: gameCode.nullish(),
    code: gameCode.nullish(),
    remark: text,
    defaultPlayType: text,
    tag: text,
    webIconUrl: text,
    gameGroupId: id.nullish(),
    lotteryType: text,
    area: text,
  })
  .transform((g, ctx) => {
    const code = g.gameCode || g.code;
    if (!code) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "a lottery game names no code" });
      return z.NEVER;
    }
    return {
      gameId: g.gameId ?? null,
      gameCode: code,
      name: g.remark?.trim() || code,
      defaultPlayType: g.defaultPlayType?.trim() || null,
      tag: g.tag?.trim().toLowerCase() || null,
      icon: g.webIconUrl ?? null,
      groupId: g.gameGroupId ?? null,
      lotteryType: g.lotteryType?.trim().toUpperCase() || null,
      /** Where the game is played when the operator says (LOTT, ELOTT, SEA, VN). */
      area: g.area?.trim().toUpperCase() || null,
    };
  });
export type LotteryGameAnswer = z.output<typeof lotteryGame>;

export const lotteryGamesAnswer = itemsOf(lotteryGame);

/** Lottery groups: gameGroupId, gameGroupCode, labelName, gameMenus (Thai groups are 9, 10, 11). */
export const lotteryMenusAnswer = itemsOf(
  z.object({
    gameGroupId: id,
    gameGroupCode: text,
    labelName: text,
    gameMenus: itemsOf(lotteryGame).catch([]),
  }),
);
export type LotteryGroupAnswer = z.output<typeof lotteryMenusAnswer>[number];

const numero = z.object({
  numero: id,
  isSale: z
    .union([z.boolean(), z.number(), z.string()])
    .transform((v) => v === true || v === 1 || v === "1" || v === "true")
    .nullish(),
  remainTime: numberish.nullish(),
  lockTime: numberish.nullish(),
  winNo: text,
});

/** The open issue: currentNumero {numero, isSale, remainTime, lockTime}, nextNumero, previousNumero. */
export const lotteryIssueAnswer = z.object({
  gameId: id.nullish(),
  gameCode: text,
  currentNumero: numero.nullish(),
  nextNumero: numero.partial().nullish(),
  previousNumero: numero.partial().nullish(),
});
export type LotteryIssueAnswer = z.output<typeof lotteryIssueAnswer>;

/** Draws: gameCode, numero, winNo (comma-separated or single digits). */
export const lotteryDrawsAnswer = itemsOf(z.object({ gameCode: gameCode, numero: id, winNo: z.string().trim().min(1).max(120) }));
export type LotteryDrawAnswer = z.output<typeof lotteryDrawsAnswer>[number];

/** The templates' parameters: prize_mode (default lott). */
export const templatesAnswer = z.object({ parameters: z.object({ prize_mode: text }).partial().nullish() }).nullish();

/** Near issues: the last drawn, the open and the next ones, with their draw times and numbers. */
export const lotteryNearAnswer = itemsOf(z.object({ numero: id, status: text, endTime: text, winNo: text }));

// ── content (issue 26) ─────────────────────────────────────────────────────────────────

/** An identifier operators send as a number or a string. */
const anyId = z.union([z.string(), z.number()]).transform(String);

export const bannerItem = z.object({
  bannerId: anyId,
  url: text,
  title: text,
  linkage: text,
  /** URL, P (a promotion) or G (a game). */
  linkageType: text,
  vendor: text,
  nodeId: anyId.nullish(),
  roomId: anyId.nullish(),
  groupName: text,
});
export type BannerItem = z.output<typeof bannerItem>;

export const noticeItem = z.object({
  id: anyId,
  title: text,
  /** The operator's HTML: cleaned (server/operator-html.server.ts) before any page draws it. */
  content: text,
  startDateStr: text,
  startDate: numberish.nullish(),
  endDate: numberish.nullish(),
  promotionType: text,
  redirect: text,
  externalLink: text,
  category: text,
  announcementImages: z.array(z.object({ imageId: anyId.nullish(), url: text })).nullish(),
  /** Publicity pop-ups: A after every login, F after a first login only (document 000, section 4). */
  execution: text,
});
export type NoticeItem = z.output<typeof noticeItem>;

export const announcementsAnswer = z.object({
  banners: z.array(bannerItem).nullish(),
  /** Notices to every player (PL). */
  player: z.array(noticeItem).nullish(),
  /** Publicity pop-ups (PU). */
  popup: z.array(noticeItem).nullish(),
  /** Promotions (PR). */
  promotion: z.array(noticeItem).nullish(),
});
export type Announcements = z.output<typeof announcementsAnswer>;

export const winnerBoardAnswer = z.object({
  list: z
    .array(
      z.object({
        rank: numberish.nullish(),
        vo: z.object({
          username: text,
          gameName: text,
          vendor: text,
          winAmount: money.nullish(),
          currency: text,
          betTime: numberish.nullish(),
        }),
      }),
    )
    .nullish(),
});
export type WinnerBoard = z.output<typeof winnerBoardAnswer>;

export const jackpotAnswer = z.object({ amount: money.nullish(), currency: text });

/** PROMOFE_getPromotionAnnouncementCategory: the promotions' categories, in the operator's order (ALL among them). */
export const promotionCategoriesAnswer = z.array(z.object({ code: z.string().min(1), name: text }));

/**
 * CBS_launchChat (document 001: response chatUrl, unReadCount). `liveChat` is this project's
 * (decision 048): present when the merchant's chat runs on the third-party live-chat provider,
 * naming where the portal asks for its token (document 000, section 7).
 */
export const chatLaunchAnswer = z.object({
  chatUrl: z.string().min(1),
  unReadCount: numberish.nullish(),
  liveChat: z.object({ apiUrl: z.string().min(1), projectId: z.string().min(1) }).nullish(),
});
/** CBS_groupPermission: hasPermission, or a bare boolean. */
export const chatPermissionAnswer = z
  .union([z.boolean(), z.object({ hasPermission: z.boolean() })])
  .transform((v) => (typeof v === "boolean" ? v : v.hasPermission));
/** WPSCORE_saveMemberInfoByAuthKey: the auth key as the value (document 000), or in authKey. */
export const chatAuthKeyAnswer = z
  .union([z.string().min(1), z.object({ authKey: z.string().min(1) })])
  .transform((v) => (typeof v === "string" ? v : v.authKey));
