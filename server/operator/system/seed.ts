/** The merchants and their whitelabel switches: both demo merchants have every switch on. */
import { ensureColumns, MERCHANT_CODE, SECOND_MERCHANT_CODE, type Db } from "../db";

/** Every whitelabel switch the portal knows (seeded into merchant_features). */
export const WHITELABEL_FEATURES = [
  "REG3",
  "USERNAMEREG3",
  "MOBILENUMREG3",
  "REGMOBVERF3",
  "MOBILENUMPASSREG3",
  "UPDATEMOBILEICC3",
  "MOBILELOGIN3",
  "MOBILEVERCODELOGIN3",
  "FREEPLAY3",
  "PWDEXPFORCECHANGE3",
  "TELEGRAMLOGIN3",
  "GOOGLELOGIN3",
  "FACEBOOKLOGIN3",
  "TWITTERLOGIN3",
  "LINELOGIN3",
  "FIREBASECREATEACC3",
  "SSOMANUALREG3",
  "COMM3",
  "LOTT3",
  "PTSYS3",
  "HOURSAL3",
  "DAILYSAL3",
  "DIVIDEND3",
  "DIVIDEND",
  "REALSAL3",
  "MISSION3",
  "CHAT3",
  "FEEDBACK3",
  "INBOX3",
  "PROMO3",
  "RAFFLE3",
  "VIP3",
  "AFFILIATE3",
  // The member centre's and agent centre's switches (document 002, section 6).
  "AGEPAG",
  "AGENTRANSMULTDOWN3",
  "AGETEAMPNL3",
  "TEAMBETTING3",
  "AGEREGDOWN3",
  "CREATEAFF3",
  "AFFMAN3",
  "REWCEN3",
  "MAILCEN",
  "DEPOSIT",
  "WITHDRAW",
  "CREDITMAR3",
  "PLYRBT",
  "MANPLAYREB3",
  "AGETRANSFERUP3",
  "AGENTANNOUNCE3",
  "AGEINFO3",
  "AGEDOWNTRANS3",
  "DAYSAL",
  "DAYSALMR",
  "MYWALL",
  "REGCEN",
  "DOWNMAN",
  "TRANSBETREPMEM3",
  "AGEREV3",
  "LOTTMINIGAME3",
  "SEALOTTMINIGAME3",
  "PAYMENTPASS3",
] as const;

/**
 * Switches a new merchant starts with off: the credit-margin mode hides deposit and withdraw,
 * which the demo shows; a test turns it on through /__reference/features.
 */
export const FEATURES_OFF_BY_DEFAULT: ReadonlySet<string> = new Set(["CREDITMAR3"]);

export type WhitelabelFeature = (typeof WHITELABEL_FEATURES)[number];

export const SYSTEM_SCHEMA = `
CREATE TABLE IF NOT EXISTS merchants (
  code               TEXT PRIMARY KEY,
  site_title         TEXT NOT NULL,
  currency           TEXT NOT NULL,
  currency_symbol    TEXT NOT NULL,
  currency_position  TEXT NOT NULL,
  logo_url           TEXT NOT NULL,
  register_url       TEXT NOT NULL,
  maintenance        INTEGER NOT NULL DEFAULT 0,
  maintenance_start  TEXT,
  maintenance_end    TEXT,
  region_restriction INTEGER NOT NULL DEFAULT 0,
  theme              TEXT,                           -- JSON: brand colours by role (decision 022)
  image_cdns         TEXT NOT NULL DEFAULT '[]',     -- JSON list: the status' info.imageCDNs
  launch_game_cdns   TEXT NOT NULL DEFAULT '[]'      -- JSON list: the status' info.launchGameCDNs
);
CREATE TABLE IF NOT EXISTS merchant_features (
  merchant_code TEXT NOT NULL REFERENCES merchants(code),
  feature       TEXT NOT NULL,
  enabled       INTEGER NOT NULL,
  PRIMARY KEY (merchant_code, feature)
);
`;

/** Brand colours by role: what the consolidated settings answer as `theme`. */
export interface Theme {
  primary: string;
  primaryInk: string;
  accent: string;
  background: string;
  surface: string;
  surfaceRaised: string;
  text: string;
  muted: string;
  line: string;
}

export interface MerchantSeed {
  code: string;
  siteTitle: string;
  currency: string;
  currencySymbol: string;
  currencyPosition: "F" | "B";
  /** A path under /res/ is the operator's own and answered against its public URL; other values as they are. */
  logoUrl: string;
  theme: Theme;
}

export const MERCHANTS: readonly MerchantSeed[] = [
  {
    code: MERCHANT_CODE,
    siteTitle: "Demo Gaming",
    currency: "CNY",
    currencySymbol: "¥",
    currencyPosition: "F",
    // The portal's own logo.
    logoUrl: "/logo.svg",
    // Dark gaming look: near-black navy, gold, teal.
    theme: {
      primary: "#f5b400",
      primaryInk: "#1a1300",
      accent: "#14b8a6",
      background: "#0d1117",
      surface: "#161b22",
      surfaceRaised: "#1f2630",
      text: "#e6edf3",
      muted: "#8b949e",
      line: "#30363d",
    },
  },
  {
    code: SECOND_MERCHANT_CODE,
    siteTitle: "Lucky Tiger",
    currency: "THB",
    currencySymbol: "฿",
    currencyPosition: "F",
    logoUrl: `/res/logo/${SECOND_MERCHANT_CODE}.svg`,
    // Deep purple and magenta with orange.
    theme: {
      primary: "#ff7a1a",
      primaryInk: "#1f0a00",
      accent: "#d946ef",
      background: "#140a1f",
      surface: "#1e1030",
      surfaceRaised: "#2a1742",
      text: "#f5eefc",
      muted: "#a99bbd",
      line: "#3d2757",
    },
  },
];

export function seedSystem(db: Db): void {
  // A database file from before the theme and the CDN lists gets their columns.
  ensureColumns(db, "merchants", {
    theme: "TEXT",
    image_cdns: "TEXT NOT NULL DEFAULT '[]'",
    launch_game_cdns: "TEXT NOT NULL DEFAULT '[]'",
  });
  // Each merchant once (a database of one merchant gets the second), each theme where none is set.
  const insert = db.prepare(
    `INSERT OR IGNORE INTO merchants (code, site_title, currency, currency_symbol, currency_position, logo_url, register_url)
     VALUES (?, ?, ?, ?, ?, ?, 'http://localhost:3000/register')`,
  );
  const theme = db.prepare("UPDATE merchants SET theme = ? WHERE code = ? AND theme IS NULL");
  // A switch added since the database was made arrives at its default; one already set keeps its value.
  const feature = db.prepare("INSERT OR IGNORE INTO merchant_features (merchant_code, feature, enabled) VALUES (?, ?, ?)");
  for (const m of MERCHANTS) {
    insert.run(m.code, m.siteTitle, m.currency, m.currencySymbol, m.currencyPosition, m.logoUrl);
    theme.run(JSON.stringify(m.theme), m.code);
    for (const name of WHITELABEL_FEATURES) feature.run(m.code, name, FEATURES_OFF_BY_DEFAULT.has(name) ? 0 : 1);
  }
}
