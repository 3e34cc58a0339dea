import { describe, expect, it } from "vitest";
import { ratioCells, ratioRows, routesOverJsBudget } from "../../bench/targets";

const baseline = { reqPerS: 1400, cpuPerReq: 1.3 };

describe("ratioRows", () => {
  it("passes a page at or above its share of the baseline's req/s and fails one below", () => {
    const [login, home, member] = ratioRows([
      { label: "GET /login new visitor", portal: { reqPerS: 490, cpuPerReq: 3.9 }, baseline, target: 0.35, aim: 0.5 },
      { label: "GET / (guest)", portal: { reqPerS: 349, cpuPerReq: 5.2 }, baseline, target: 0.25 },
      {
        label: "GET /member (player01)",
        portal: { reqPerS: 210, cpuPerReq: 8.7 },
        baseline: { reqPerS: 1400, cpuPerReq: 1.2 },
        target: 0.15,
      },
    ]);
    expect(login).toMatchObject({ ratio: 0.35, pass: true, aim: 0.5, portalCpuMs: 3.9, baselineCpuMs: 1.3 });
    expect(login.cpuFactor).toBeCloseTo(3, 5);
    expect(home.ratio).toBeCloseTo(0.2493, 4);
    expect(home.pass).toBe(false);
    expect(member).toMatchObject({ ratio: 0.15, pass: true, aim: undefined, baselineReqPerS: 1400 });
    expect(member.cpuFactor).toBeCloseTo(7.25, 5);
  });

  it("fails when either side served nothing, without dividing by zero", () => {
    const [noPortal, noBaseline] = ratioRows([
      // No requests: the bench's summary divides CPU time by zero.
      { label: "a", portal: { reqPerS: 0, cpuPerReq: Infinity }, baseline, target: 0 },
      { label: "b", portal: { reqPerS: 100, cpuPerReq: 9 }, baseline: { reqPerS: 0, cpuPerReq: 0 }, target: 0.15 },
    ]);
    expect(noPortal).toMatchObject({ ratio: 0, pass: false });
    expect(ratioCells(noPortal).slice(7)).toEqual(["-", "1.30", "-"]);
    expect(noBaseline).toMatchObject({ ratio: 0, pass: false });
    expect(noBaseline.cpuFactor).toBeNaN();
    expect(ratioCells(noBaseline).slice(3)).toEqual(["0.000", "≥ 0.15", "", "FAIL", "9.00", "0.00", "-"]);
  });

  it("writes a row's cells: the ratio, the target and aim, PASS/FAIL, CPU ms of both", () => {
    const [row] = ratioRows([
      {
        label: "GET /login new visitor",
        portal: { reqPerS: 136.4, cpuPerReq: 7.5 },
        baseline: { reqPerS: 1370, cpuPerReq: 1.32 },
        target: 0.35,
        aim: 0.5,
      },
    ]);
    expect(ratioCells(row)).toEqual(["GET /login new visitor", "136", "1370", "0.100", "≥ 0.35", "0.5", "FAIL", "7.50", "1.32", "5.7"]);
  });
});

describe("routesOverJsBudget", () => {
  const routes = [
    { id: "routes/login", urlPath: "/login", gzip: 130_000 },
    { id: "routes/member.pointMall", urlPath: "/member/pointMall", gzip: 177_000 },
    { id: "routes/_index", urlPath: "/", gzip: 132_000 },
    { id: "routes/lott", urlPath: "/lott", gzip: 132_096 },
  ];

  it("names the routes above the baseline plus the allowance, heaviest first; the limit itself passes", () => {
    const over = routesOverJsBudget(routes, 86_000, 46_080);
    expect(over.map((r) => r.id)).toEqual(["routes/member.pointMall", "routes/lott"]);
  });

  it("is empty when every route fits", () => {
    expect(routesOverJsBudget(routes, 140_000, 46_080)).toEqual([]);
  });
});
