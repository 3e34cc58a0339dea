/** The password rule from the operator's register settings, the schemas, the service links. */
import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { desEncrypt } from "~/lib/des";
import { customerServiceLinks } from "~/features/site/site.server";
import { changePasswordSchema, DEFAULT_PASSWORD_RULE, forgotBySmsSchema, meetsPasswordRule, passwordRuleFrom } from "~/schemas/password";

/** The errors of a failed parse (none for a success). */
const errorsOf = (submission: { reply(): { error?: Record<string, string[] | null> | null } }) => submission.reply().error ?? {};

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

describe("password rule", () => {
  it("takes the operator's password field: lengths, pattern, message", () => {
    const rule = passwordRuleFrom([
      { key: "username", minLength: 4, maxLength: 8 },
      {
        key: "password",
        enabled: true,
        minLength: 8,
        maxLength: 20,
        acceptedPattern: "^(?=.*\\d)(?=.*[a-z])[A-Za-z0-9]+$",
        message: "error_password",
      },
    ]);
    expect(rule).toEqual({ min: 8, max: 20, pattern: "^(?=.*\\d)(?=.*[a-z])[A-Za-z0-9]+$", message: "error_password" });
    expect(meetsPasswordRule(rule, "abcdefg1")).toBe(true);
    expect(meetsPasswordRule(rule, "abcdefgh")).toBe(false);
    expect(meetsPasswordRule(rule, "abc1")).toBe(false);
  });

  it("falls back to 6–16 without settings, a password field, or a usable pattern", () => {
    expect(passwordRuleFrom(null)).toEqual(DEFAULT_PASSWORD_RULE);
    expect(passwordRuleFrom([{ key: "password", enabled: false, minLength: 10 }])).toEqual(DEFAULT_PASSWORD_RULE);
    expect(passwordRuleFrom([{ key: "password", acceptedPattern: "([", message: "" }])).toEqual(DEFAULT_PASSWORD_RULE);
    expect(DEFAULT_PASSWORD_RULE).toMatchObject({ min: 6, max: 16, message: "error_password" });
  });
});

describe("schemas", () => {
  const rule = DEFAULT_PASSWORD_RULE;

  it("change: empty old password is 'password incorrect'; the default password only refused where it is known", () => {
    const server = changePasswordSchema({ rule, askOld: true, defaultPassword: "Aa123456" });
    const empty = parseWithZod(form({ oldPassword: "", newPassword: "Aa123456", confirmNewPassword: "Aa123456" }), { schema: server });
    expect(errorsOf(empty)).toEqual({ oldPassword: ["password incorrect"] });
    const viaDefault = parseWithZod(form({ oldPassword: "Old12345", newPassword: "Aa123456", confirmNewPassword: "Aa123456" }), {
      schema: server,
    });
    expect(errorsOf(viaDefault)).toEqual({ newPassword: ["password_is_default"] });
    const browser = changePasswordSchema({ rule, askOld: true });
    expect(
      parseWithZod(form({ oldPassword: "Old12345", newPassword: "Aa123456", confirmNewPassword: "Aa123456" }), { schema: browser }).status,
    ).toBe("success");
  });

  it("SMS reset: the send-code intent checks only the account and the number", () => {
    const fields = { username: "player01", mobileNumber: "13800138000" };
    expect(
      parseWithZod(form({ ...fields, intent: "send-code" }), { schema: forgotBySmsSchema({ intent: "send-code", rule }) }).status,
    ).toBe("success");
    const reset = parseWithZod(form({ ...fields, intent: "reset" }), { schema: forgotBySmsSchema({ intent: "reset", rule }) });
    expect(Object.keys(errorsOf(reset)).sort()).toEqual(["confirmNewPassword", "newPassword", "verificationCode"]);
  });
});

describe("customer-service links", () => {
  it("keeps http(s) entries, decrypts encrypted paths, drops the rest", () => {
    const key = "k3yK3y12";
    const encrypted = desEncrypt("https://chat.example.com/room/1", key) + key;
    expect(
      customerServiceLinks([
        { name: "Live chat", path: encrypted },
        { title: "Telegram", url: "https://t.me/example" },
        { name: "Broken", path: "not-a-cipher-text" },
        { name: "Script", url: "javascript:alert(1)" },
        null,
      ]),
    ).toEqual([
      { name: "Live chat", url: "https://chat.example.com/room/1" },
      { name: "Telegram", url: "https://t.me/example" },
    ]);
    expect(customerServiceLinks(undefined)).toEqual([]);
  });
});
