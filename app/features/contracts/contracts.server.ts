/**
 * The contract requests of a player (decision 031): read from the consolidated funds call,
 * kept two seconds per player (the root's prompt, the dialog and an action's check share one
 * answer), forgotten after each action, and turned into what the dialog draws: money and rates
 * formatted here with decimal.js, so no formatting code reaches the browser.
 */
import type { ConsolidatedValue, DailyContract, DividendContract, HourlyContract, RealTimeContract } from "~/operator/answers";
import { endpoints } from "~/operator/endpoints";
import { bindOperator, quietly, type BoundOperator } from "~/operator/operator.server";
import type { Locale } from "~/i18n/config";
import { getLocale } from "~/i18n/i18n.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { loadFeatures } from "~/features/site/site.server";
import { requirePlayer, type Player, type PlayerGate } from "~/server/gate.server";
import type { Features } from "~/lib/features";
import { formatRate, merchantMoney, toMoney, type MerchantCurrency } from "~/lib/money";
import { playerMemo } from "~/server/state/memo.server";
import {
  CONTRACTS_PATH,
  CONTRACT_KINDS,
  identityFields,
  identityKey,
  intentsFor,
  PRODUCT_TYPES,
  sectionOf,
  type ContractIdentity,
  type ContractKind,
  type Intent,
  type Section,
} from "~/features/contracts/contracts";

/** Member types that load contracts: 40–42 and trial accounts skip the consolidated call (document 002, section 4). */
export const CONTRACT_TYPES: readonly number[] = [0, 1, 2];

export interface Contract extends ContractIdentity {
  status: string;
  section: Section;
  higherRate: boolean;
  raw: DividendContract | DailyContract | HourlyContract | RealTimeContract;
}

export interface ContractPresence {
  dividend: boolean;
  daily: boolean;
  dailyMR: boolean;
  hourly: boolean;
  realtime: boolean;
}

export interface ContractList {
  contracts: Contract[];
  presence: ContractPresence;
}

const REQUEST_KEYS = {
  dividend: "divtypereq",
  daily: "dailysalreqtype",
  hourly: "contracthoursalreq",
  realtime: "realtimesalreqtype",
} as const satisfies Record<ContractKind, keyof ConsolidatedValue>;

/** The endpoint of each kind's action: its module (switch) decides whether the kind is shown at all. */
export const ACTION_ENDPOINT = {
  dividend: "contractDividend",
  daily: "contractDailySalary",
  hourly: "contractHourlySalary",
  realtime: "contractRealTimeSalary",
} as const satisfies Record<ContractKind, keyof typeof endpoints>;

const productOrder = (type: string) => {
  const i = (PRODUCT_TYPES as readonly string[]).indexOf(type);
  return i < 0 ? PRODUCT_TYPES.length : i;
};

/** The consolidated answer as one list, each contract with the identity its action sends. */
export function contractList(value: ConsolidatedValue): ContractList {
  const contracts: Contract[] = [];
  for (const kind of CONTRACT_KINDS) {
    const map = value[REQUEST_KEYS[kind]] as Record<string, ContractList["contracts"][number]["raw"][]>;
    const types = Object.keys(map).sort((a, b) => productOrder(a) - productOrder(b) || a.localeCompare(b));
    for (const productType of types) {
      for (const raw of map[productType]) {
        const section = sectionOf(raw.status);
        if (!section || !/^[A-Za-z0-9_-]{1,40}$/.test(productType)) continue;
        const id = "contractId" in raw ? raw.contractId : (raw.id ?? null);
        const computationPeriod = kind === "dividend" ? ((raw as DividendContract).computationPeriod ?? null) : null;
        contracts.push({
          kind,
          id,
          productType,
          computationPeriod,
          status: raw.status,
          section,
          higherRate: raw.downlineHigherRate === "Y",
          raw,
        });
      }
    }
  }
  return {
    contracts,
    presence: {
      dividend: value.divtypeinfo,
      daily: value.dailysalinfotype,
      dailyMR: value.contractmrdailysalinfotype,
      hourly: value.contracthoursalinfo,
      realtime: value.realtimesalinfotype,
    },
  };
}

const NO_PRESENCE: ContractPresence = { dividend: false, daily: false, dailyMR: false, hourly: false, realtime: false };

/** Which agent-centre pages the player's contracts open (the info groups of the consolidated answer). */
export function contractPresence(list: ContractList | null): ContractPresence {
  return list?.presence ?? NO_PRESENCE;
}

const listsByPlayer = playerMemo<ContractList | null>(2_000);
const keyOf = (operator: BoundOperator) => operator.context.clientKey ?? operator.context.token ?? "";

/** The player's contracts, or null when the operator could not answer (a background call: no alert). */
export async function loadContracts(request: Request, operator: BoundOperator): Promise<ContractList | null> {
  const key = keyOf(operator);
  const load = async () => {
    const value = await quietly(request, operator.call("fundsConsolidated"));
    return value ? contractList(value) : null;
  };
  return key ? listsByPlayer.get(key, load) : load();
}

/** After an action: the next read asks the operator again. */
export function forgetContracts(operator: BoundOperator): void {
  const key = keyOf(operator);
  if (key) listsByPlayer.forget(key);
}

/** A kind whose action module the switches turn off is neither shown nor called. */
export function kindOn(kind: ContractKind, features: Pick<Features, "disabledModules">): boolean {
  return !features.disabledModules().has(endpoints[ACTION_ENDPOINT[kind]].module);
}

/** The contracts the dialog shows: the kinds that are on. */
export function shownContracts(list: ContractList | null, features: Pick<Features, "disabledModules">): Contract[] {
  return (list?.contracts ?? []).filter((c) => kindOn(c.kind, features));
}

export const pendingOf = (contracts: Contract[]) => contracts.filter((c) => c.section === "request").length;

export function findContract(list: ContractList | null, identity: ContractIdentity): Contract | null {
  const key = identityKey(identity);
  return list?.contracts.find((c) => identityKey(c) === key) ?? null;
}

// ── the dialog's view ──────────────────────────────────────────────────────────────────

export interface ContractCard {
  key: string;
  kind: ContractKind;
  productType: string;
  status: string;
  section: Section;
  higherRate: boolean;
  /** Label keys (contracts namespace) and formatted values: the dividend's terms. */
  terms: { label: string; value: string }[];
  /** The salary kinds' tiers: column label keys and formatted rows. */
  tiers: { columns: string[]; rows: string[][] } | null;
  /** The period's label key when known, else the operator's own word. */
  period: { key: string | null; text: string } | null;
  fields: Record<string, string>;
  intents: Intent[];
}

const KNOWN_PERIODS = ["DAILY", "WEEKLY", "HALF_MONTHLY", "MONTHLY"];

export function contractCard(c: Contract, settings: MerchantCurrency): ContractCard {
  const money = merchantMoney(settings).show;
  const count = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? "—" : String(Math.floor(v)));
  const rate = (type: string | null | undefined, v: string | null | undefined) => (type === "P" ? formatRate(v) : money(v)) ?? "—";
  const card: ContractCard = {
    key: identityKey(c),
    kind: c.kind,
    productType: c.productType,
    status: c.status,
    section: c.section,
    higherRate: c.higherRate,
    terms: [],
    tiers: null,
    period: null,
    fields: identityFields(c, c.status),
    intents: intentsFor(c.kind, c.status),
  };
  if (c.kind === "dividend") {
    const d = c.raw as DividendContract;
    const required = d.periodicTotalBetRequired === "Y";
    card.terms = [
      { label: "contract_minimum_bet", value: money(d.minimumBet) },
      { label: "contract_net_loss", value: money(d.netLoss) },
      { label: "contract_active_member", value: count(d.activeMember) },
      { label: "contract_rate", value: contractRatePercent(d.contractRate) },
      { label: "contract_periodic_total_bet", value: required ? money(d.periodicTotalBet) : "—" },
    ];
    const period = d.computationPeriod ?? null;
    if (period) card.period = { key: KNOWN_PERIODS.includes(period) ? `contract_period_${period}` : null, text: period };
  } else if (c.kind === "daily") {
    const d = c.raw as DailyContract;
    card.tiers = {
      columns: ["contract_bet_volume", "contract_active_member", "contract_salary_rate"],
      rows: d.details.map((t) => [money(t.betVolume), count(t.activeMember), rate(t.rateType, t.rate)]),
    };
  } else if (c.kind === "hourly") {
    const h = c.raw as HourlyContract;
    card.tiers = {
      columns: ["contract_minimum_bet", "contract_active_member", "contract_salary_rate"],
      rows: h.hourSalaryRates.map((t) => [money(t.minimumBet), count(t.activeMember), rate(t.rateType, t.rate)]),
    };
  } else {
    const r = c.raw as RealTimeContract;
    card.tiers = {
      columns: ["contract_bet_amount", "contract_loss_rate", "contract_win_rate"],
      rows: r.realTimeSalaryRates.map((t) => [money(t.betAmount), formatRate(t.lossRate) ?? "—", formatRate(t.winRate) ?? "—"]),
    };
  }
  return card;
}

/** The contract rate is a whole percent (25 → "25%"), rounded half-up. */
export function contractRatePercent(value: number | null | undefined): string {
  const d = toMoney(value ?? null);
  return d ? `${d.toDecimalPlaces(0).toString()}%` : "—";
}

// ── the routes' opening ────────────────────────────────────────────────────────────────

export interface ContractsContext extends Player {
  operator: BoundOperator;
  features: Features;
  locale: Locale;
}

/**
 * The gate of the contract routes: a real account (guests to login, trial accounts refused
 * with in_please_account), its switches and the operator bound to it. Members with a daily
 * salary have contracts too, so players pass; types 40–42 pass and simply have none.
 */
export const openContracts: PlayerGate<ContractsContext> = async (request, poster) => {
  const player = await requirePlayer(request, { member: true }, poster?.session);
  const locale = poster?.locale ?? (await getLocale(request));
  const features = await loadFeatures(locale);
  return { ...player, operator: bindOperator(player.session, locale, poster?.deviceId ?? null, features), features, locale };
};

/** The list of a player whose type loads contracts; null for the others and when the operator fails. */
export async function contractsOf(request: Request, context: ContractsContext): Promise<ContractList | null> {
  return CONTRACT_TYPES.includes(context.isAgent) ? loadContracts(request, context.operator) : null;
}

/** Where closing the dialog leads: a page of this site, never the dialog itself. */
export function contractsRedirect(value: FormDataEntryValue | string | null | undefined): string {
  const to = safeRedirect(typeof value === "string" ? value : null, "/");
  return to === CONTRACTS_PATH || to.startsWith(`${CONTRACTS_PATH}/`) || to.startsWith(`${CONTRACTS_PATH}?`) ? "/" : to;
}
