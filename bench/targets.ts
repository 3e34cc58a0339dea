/**
 * The bench's targets against the bare Remix baseline (issue 25), as pure functions of the
 * measured summaries, so that what passes is decided in one place and tested without a run.
 */

/** What the ratio table reads of a load summary (all rounds of one run pooled). */
export interface RateSummary {
  reqPerS: number;
  /** CPU ms of the server's own process per response. */
  cpuPerReq: number;
}

export interface RatioCheck {
  /** The page and its visitor, e.g. "GET /login new visitor". */
  label: string;
  portal: RateSummary;
  /** The baseline's GET /login measured in the same rounds, beside this page. */
  baseline: RateSummary;
  /** Least share of the baseline's requests/s that passes. */
  target: number;
  /** Where the issue aims, printed only (it does not decide PASS/FAIL). */
  aim?: number;
}

export interface RatioRow {
  label: string;
  portalReqPerS: number;
  baselineReqPerS: number;
  /** portal req/s over baseline req/s; 0 when the baseline served nothing. */
  ratio: number;
  target: number;
  aim: number | undefined;
  pass: boolean;
  portalCpuMs: number;
  baselineCpuMs: number;
  /** How many times the baseline's CPU a view of the portal takes. */
  cpuFactor: number;
}

export function ratioRows(checks: readonly RatioCheck[]): RatioRow[] {
  return checks.map(({ label, portal, baseline, target, aim }) => {
    const ratio = baseline.reqPerS > 0 ? portal.reqPerS / baseline.reqPerS : 0;
    return {
      label,
      portalReqPerS: portal.reqPerS,
      baselineReqPerS: baseline.reqPerS,
      ratio,
      target,
      aim,
      // A run that served nothing fails whatever the baseline did.
      pass: portal.reqPerS > 0 && baseline.reqPerS > 0 && ratio >= target,
      portalCpuMs: portal.cpuPerReq,
      baselineCpuMs: baseline.cpuPerReq,
      cpuFactor: baseline.cpuPerReq > 0 ? portal.cpuPerReq / baseline.cpuPerReq : Number.NaN,
    };
  });
}

/** The cells of the "Portal against the bare Remix baseline" table, one row per check. */
export const RATIO_HEADERS = [
  "page",
  "portal req/s",
  "baseline req/s",
  "ratio",
  "target",
  "aim",
  "",
  "portal CPU ms/view",
  "baseline CPU ms/view",
  "CPU ×",
];
export const RATIO_ALIGN_RIGHT = [false, true, true, true, true, true, false, true, true, true];

export function ratioCells(row: RatioRow): string[] {
  // A run that served nothing has no CPU per view.
  const fixed = (x: number, digits: number) => (Number.isFinite(x) ? x.toFixed(digits) : "-");
  return [
    row.label,
    row.portalReqPerS.toFixed(0),
    row.baselineReqPerS.toFixed(0),
    row.ratio.toFixed(3),
    `≥ ${row.target}`,
    row.aim === undefined ? "" : String(row.aim),
    row.pass ? "PASS" : "FAIL",
    fixed(row.portalCpuMs, 2),
    fixed(row.baselineCpuMs, 2),
    fixed(row.cpuFactor, 1),
  ];
}

/** A route's client JS as the budget reads it (bench/client-js.ts's RouteJs). */
export interface RouteGzip {
  id: string;
  urlPath: string;
  gzip: number;
}

/**
 * The routes whose first view loads more JS (gzip bytes) than the baseline's /login plus
 * `extraBytes`, heaviest first.
 */
export function routesOverJsBudget<R extends RouteGzip>(routes: readonly R[], baselineGzip: number, extraBytes: number): R[] {
  const limit = baselineGzip + extraBytes;
  return routes.filter((r) => r.gzip > limit).sort((a, b) => b.gzip - a.gzip || a.id.localeCompare(b.id));
}

/** A plain-text table: columns as wide as their widest cell, the ones named right-aligned. */
export function table(headers: string[], rows: (string | number)[][], alignRight: boolean[] = []): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (alignRight[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}
