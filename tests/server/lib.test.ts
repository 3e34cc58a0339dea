import { describe, expect, it } from "vitest";
import { merchantMoney, sumBalances, toMoney } from "~/lib/money";
import { SlidingWindowLimiter } from "~/server/rate-limit.server";
import { Features } from "~/lib/features";
import { loginSchema } from "~/schemas/login";
import { parseWithZod } from "@conform-to/zod";

/** An amount written with these settings, the way every page writes one. */
const formatMoney = (value: string | undefined, symbol: string, position: string | null, currency?: string) =>
  merchantMoney({ currencySymbol: symbol, currencyPosition: position, currency }).format(value);

describe("money", () => {
  it("formats en-US with two decimals, half-up, symbol by currencyPosition", () => {
    expect(formatMoney("12345.6789", "¥", "F")).toBe("¥12,345.68");
    expect(formatMoney("12345.6789", "¥", "")).toBe("¥12,345.68");
    expect(formatMoney("0.005", "$", null)).toBe("$0.01");
    expect(formatMoney("1234567.125", "₫", "B")).toBe("1,234,567.13 ₫");
    // BRL is written the pt-BR way; every other currency groups with commas.
    expect(formatMoney("1234567.125", "R$", "F", "BRL")).toBe("R$1.234.567,13");
    expect(formatMoney("-0.5", "R$", "B", "brl")).toBe("-0,50 R$");
    expect(formatMoney("1234.5", "฿", "F", "THB")).toBe("฿1,234.50");
    expect(formatMoney("-1000", "¥", "F")).toBe("¥-1,000.00");
    expect(formatMoney("not money", "¥", "F")).toBeNull();
    expect(formatMoney(undefined, "¥", "F")).toBeNull();
  });

  it("writes sums en-US whatever the currency, and an answer's own symbol and currency before the settings'", () => {
    const brl = merchantMoney({ currencySymbol: "R$", currencyPosition: "B", currency: "BRL" });
    expect(brl.format("1234.5")).toBe("1.234,50 R$");
    expect(brl.sum("1234.5")).toBe("1,234.50 R$");
    expect(brl.sum(sumBalances([{ availBalance: "1000" }, { availBalance: "0.5" }]))).toBe("1,000.50 R$");
    expect(brl.sum(null)).toBeNull();
    expect(brl.show("x")).toBe("—");
    const own = merchantMoney({ currencySymbol: "¥", currencyPosition: "F", currency: "CNY" }, { currencySymbol: "R$", currency: "BRL" });
    expect(own.format("1234.5")).toBe("R$1.234,50");
    expect(own.style).toEqual({ currencySymbol: "R$", currencyPosition: "F", currency: "BRL" });
    expect(merchantMoney({}, { currencySymbol: null }).format("1")).toBe("1.00");
  });

  it("adds without floating-point error", () => {
    expect(sumBalances([{ availBalance: "0.1" }, { availBalance: "0.2" }]).toString()).toBe("0.3");
    expect(sumBalances([{ availBalance: "99999999999999999.99" }, { availBalance: "0.01" }]).toFixed(2)).toBe("100000000000000000.00");
    expect(toMoney("1e3")?.toString()).toBe("1000");
  });
});

describe("sliding window limiter", () => {
  it("allows the limit within the window, then says how long to wait", () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(2, 10_000, () => now);
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterS: 10 });
    expect(limiter.hit("b").allowed).toBe(true);
    now = 10_001;
    expect(limiter.hit("a").allowed).toBe(true);
  });
});

describe("features", () => {
  it("treats unlisted switches as off and lists the modules that are off", () => {
    const f = new Features({ MOBILELOGIN3: true, FREEPLAY3: false });
    expect(f.has("MOBILELOGIN3")).toBe(true);
    expect(f.has("FREEPLAY3")).toBe(false);
    expect(f.has("UNKNOWN3")).toBe(false);
    expect([...f.disabledModules()]).toEqual(["FREEPLAY3"]);
  });
});

describe("login schema (document 000, section 5)", () => {
  const parse = (fields: Record<string, string>, captchaRequired = false) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    return parseWithZod(fd, { schema: loginSchema({ captchaRequired }) });
  };

  it.each([
    [
      { username: "", password: "" },
      { username: ["in_incorrect_password"], password: ["in_incorrect_password"] },
    ],
    [{ username: "abc12", password: "Secret1" }, { username: ["reg_pattern_4"] }],
    [{ username: "abcdefghijklmn", password: "Secret1" }, { username: ["reg_pattern_4"] }],
    [{ username: "player_01", password: "Secret1" }, { username: ["reg_pattern_4"] }],
    [{ username: "player01", password: "12345" }, { password: ["error_password"] }],
    [{ username: "player01", password: "12345678901234567" }, { password: ["error_password"] }],
  ])("%o → %o", (fields, errors) => {
    const result = parse(fields);
    expect(result.status).toBe("error");
    expect(result.reply().error).toEqual(errors);
  });

  it("trims the username and accepts the bounds", () => {
    const result = parse({ username: "  player01 ", password: "123456" });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value.username).toBe("player01");
    expect(parse({ username: "abcdef", password: "1234567890123456" }).status).toBe("success");
  });

  it("asks for the captcha only when the operator does", () => {
    expect(parse({ username: "player01", password: "Player123" }, true).reply().error).toEqual({ captcha: ["captcha_required"] });
    expect(parse({ username: "player01", password: "Player123", captcha: "1234" }, true).status).toBe("success");
  });
});
