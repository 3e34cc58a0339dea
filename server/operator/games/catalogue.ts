/**
 * The games catalogue the seed writes: invented, brand-neutral vendors per game type and their
 * games, built deterministically (the same ids and names on every start), and the chosen games
 * that answer each launch error (DEMO_ERROR_GAMES).
 */
import { esportsName, sportsName, tableName, TEST_NAMES, THEMED_NAMES, type Names } from "./names";

/** Lane order of the vendor list. */
export const GAME_TYPES = ["LIVE", "SPORTS", "FISH", "PVP", "ESPORTS", "RNG"] as const;
export type GameType = (typeof GAME_TYPES)[number];

export interface VendorDef {
  code: string;
  name: string;
  gameType: GameType;
  games: number;
  rebate?: string;
  hot?: boolean;
  /** 0: a guest may not open its lobby. */
  canEnterPage: 0 | 1;
  /** 1: its games play in the page. */
  noOpenWindow: 0 | 1;
  /** Its games open as a popup list (isGame "VASSALAGE"). */
  vassalage?: boolean;
  /** Under maintenance: every launch of its games is refused. */
  maintenance?: boolean;
}

export const VENDORS: readonly VendorDef[] = [
  { code: "DGL", name: "Dragon Gate Live", gameType: "LIVE", games: 14, rebate: "1.2%", hot: true, canEnterPage: 1, noOpenWindow: 0 },
  { code: "LVL", name: "Lotus Vista Live", gameType: "LIVE", games: 12, canEnterPage: 1, noOpenWindow: 0 },
  { code: "VLR", name: "Velvet Room", gameType: "LIVE", games: 10, rebate: "0.8%", canEnterPage: 1, noOpenWindow: 0 },
  { code: "SPX", name: "Sportex", gameType: "SPORTS", games: 12, rebate: "1.0%", hot: true, canEnterPage: 1, noOpenWindow: 0 },
  { code: "KCK", name: "Kickline", gameType: "SPORTS", games: 10, canEnterPage: 1, noOpenWindow: 1 },
  { code: "ARS", name: "Arena Sports", gameType: "SPORTS", games: 8, canEnterPage: 1, noOpenWindow: 0 },
  { code: "OCN", name: "Ocean Catch", gameType: "FISH", games: 12, hot: true, canEnterPage: 1, noOpenWindow: 0 },
  { code: "RFS", name: "Reef Shot", gameType: "FISH", games: 8, canEnterPage: 1, noOpenWindow: 0, maintenance: true },
  { code: "HRP", name: "Harpoon Bay", gameType: "FISH", games: 10, rebate: "0.5%", canEnterPage: 1, noOpenWindow: 0 },
  { code: "PKV", name: "Poker Valley", gameType: "PVP", games: 14, canEnterPage: 1, noOpenWindow: 0 },
  { code: "CRD", name: "Card Street", gameType: "PVP", games: 16, hot: true, canEnterPage: 1, noOpenWindow: 0, vassalage: true },
  { code: "MJH", name: "Mahjong Hall", gameType: "PVP", games: 12, canEnterPage: 0, noOpenWindow: 0 },
  { code: "ESX", name: "E-Strike", gameType: "ESPORTS", games: 8, hot: true, canEnterPage: 1, noOpenWindow: 0 },
  { code: "NXA", name: "Nexus Arena", gameType: "ESPORTS", games: 8, canEnterPage: 1, noOpenWindow: 0 },
  { code: "PXC", name: "Pixel Cup", gameType: "ESPORTS", games: 8, rebate: "0.6%", canEnterPage: 1, noOpenWindow: 0 },
  { code: "SLO", name: "Slot Orchard", gameType: "RNG", games: 60, rebate: "0.8%", hot: true, canEnterPage: 1, noOpenWindow: 0 },
  { code: "JWL", name: "Jewel Works", gameType: "RNG", games: 60, hot: true, canEnterPage: 1, noOpenWindow: 0 },
  { code: "LKF", name: "Lucky Forge", gameType: "RNG", games: 60, rebate: "1.5%", canEnterPage: 1, noOpenWindow: 0 },
  { code: "MYR", name: "Mythic Reels", gameType: "RNG", games: 60, canEnterPage: 1, noOpenWindow: 0, vassalage: true },
  { code: "NEO", name: "Neon Spin", gameType: "RNG", games: 60, canEnterPage: 1, noOpenWindow: 0 },
];

/** How a chosen game's launch fails. */
export type LaunchError = "balance" | "domain" | "maintenance";

export interface GameDef {
  nodeId: number;
  gameId: string | null;
  roomId: string | null;
  vendor: string;
  gameType: GameType;
  classify: string | null;
  supportPlay: 0 | 1;
  appNewWindow: 0 | 1;
  matchId: string | null;
  leagueId: string | null;
  isHot: 0 | 1;
  isNew: 0 | 1;
  names: Names;
  error: LaunchError | null;
  sort: number;
}

const SLOT_CLASSIFY = ["SC", "VP", "TG", "AC", "JP"] as const;
const pad = (n: number) => String(n).padStart(3, "0");

/** The chosen error games: vendor and position among its games (0-based). */
const ERROR_SLOTS: readonly { vendor: string; index: number; error: LaunchError; names: Names }[] = [
  { vendor: "NEO", index: 0, error: "balance", names: TEST_NAMES.balance },
  { vendor: "NEO", index: 1, error: "domain", names: TEST_NAMES.domain },
  { vendor: "NEO", index: 2, error: "maintenance", names: TEST_NAMES.maintenance },
  { vendor: "ESX", index: 0, error: "maintenance", names: TEST_NAMES.esportsMaintenance },
];

function buildGames(): GameDef[] {
  const games: GameDef[] = [];
  let nodeId = 10001;
  const counters = { themed: 0, table: 0, sports: 0, esports: 0 };
  for (const vendor of VENDORS) {
    for (let i = 0; i < vendor.games; i++) {
      const chosen = ERROR_SLOTS.find((e) => e.vendor === vendor.code && e.index === i);
      const t = vendor.gameType;
      let names: Names;
      if (t === "LIVE") names = tableName(counters.table++);
      else if (t === "SPORTS") names = sportsName(counters.sports++);
      else if (t === "ESPORTS") names = esportsName(counters.esports++);
      else names = THEMED_NAMES[counters.themed++];
      const live = t === "LIVE";
      const withMatch = t === "SPORTS" && i % 2 === 0;
      games.push({
        nodeId,
        // Every third live table is launched by its room alone.
        gameId: live && i % 3 === 2 ? null : `${vendor.code}${pad(i + 1)}`,
        roomId: live ? `${vendor.code}-R${pad(i + 1)}` : null,
        vendor: vendor.code,
        gameType: t,
        classify: t === "RNG" ? SLOT_CLASSIFY[i % SLOT_CLASSIFY.length] : vendor.vassalage ? (["TG", "AC"] as const)[i % 2] : null,
        supportPlay: chosen || i % 3 !== 0 ? 1 : 0,
        appNewWindow: vendor.noOpenWindow === 1 ? 0 : 1,
        matchId: withMatch ? `M${nodeId}` : null,
        leagueId: withMatch ? `L${vendor.code}${(i / 2) % 3}` : null,
        // No hot esports games: the portal's empty recommendation relies on it.
        isHot: t !== "ESPORTS" && !chosen && (t === "RNG" ? i % 6 === 1 : i % 4 === 1) ? 1 : 0,
        isNew: i % 7 === 3 ? 1 : 0,
        names: chosen?.names ?? names,
        error: chosen?.error ?? null,
        sort: i,
      });
      nodeId++;
    }
  }
  return games;
}

export const GAMES: readonly GameDef[] = buildGames();

const chosenGame = (error: LaunchError, gameType: GameType) => {
  const game = GAMES.find((g) => g.error === error && g.gameType === gameType);
  if (!game) throw new Error(`no ${error} error game of type ${gameType}`);
  return {
    gameId: game.gameId as string,
    nodeId: String(game.nodeId),
    vendor: game.vendor,
    gameType: game.gameType,
    name: game.names.en,
  };
};

const maintenanceVendor = VENDORS.find((v) => v.maintenance) as VendorDef;

/**
 * The games whose launch answers each error (README's table): every game of the vendor under
 * maintenance, a slot short of balance, a slot without a launch domain, and a slot and an
 * esports game under game maintenance (resType 1: the portal shows its recommendations).
 */
export const DEMO_ERROR_GAMES = {
  vendorUnderMaintenance: {
    errorCode: "vendor_under_maintenance",
    vendor: maintenanceVendor.code,
    gameType: maintenanceVendor.gameType,
    gameIds: GAMES.filter((g) => g.vendor === maintenanceVendor.code).map((g) => g.gameId as string),
  },
  balanceNotEnough: { errorCode: "launch_game_balance_not_enough", ...chosenGame("balance", "RNG") },
  domainNotAvailable: { errorCode: "domain_not_available", ...chosenGame("domain", "RNG") },
  gameMaintenance: { errorCode: "game_maintenance", resType: 1, ...chosenGame("maintenance", "RNG") },
  esportsMaintenance: { errorCode: "game_maintenance", resType: 1, ...chosenGame("maintenance", "ESPORTS") },
} as const;
