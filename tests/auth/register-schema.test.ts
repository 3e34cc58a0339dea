/**
 * The registration form built from operator register rules: which fields, which limits, which
 * messages, and the order of the form-level message (document 000, section 5).
 */
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { registerSchema } from "~/schemas/register";
import { fillPlaceholders, registerFields, type RegisterRule, type RegisterSwitches } from "~/schemas/register-fields";

const USERNAME_TAB: RegisterSwitches = { tab: "username", smsVerification: false, noPassword: false };
const MOBILE_TAB: RegisterSwitches = { tab: "mobile", smsVerification: true, noPassword: false };

/** The reference operator's seeded rules (server/operator/register/seed.ts). */
const SEEDED: RegisterRule[] = [
  {
    key: "username",
    type: "text",
    required: true,
    enabled: true,
    minLength: 6,
    maxLength: 13,
    acceptedPattern: "^[A-Za-z0-9]+$",
    message: "reg_pattern_4",
  },
  {
    key: "password",
    type: "password",
    required: true,
    enabled: true,
    minLength: 6,
    maxLength: 16,
    acceptedPattern: "^[A-Za-z0-9]+$",
    message: "error_password",
  },
  { key: "verifyPwd", type: "password", required: true, enabled: true, minLength: 6, maxLength: 16, message: "inconsistent_twice" },
  {
    key: "mobileNum",
    type: "number",
    required: true,
    enabled: true,
    minLength: 10,
    maxLength: 16,
    acceptedPattern: "^[0-9]+$",
    message: "error_phone_number_limit",
  },
  {
    key: "verificationCode",
    type: "text",
    required: true,
    enabled: true,
    minLength: 0,
    maxLength: 255,
    message: "enter_verification_code",
  },
  {
    key: "email",
    type: "email",
    required: false,
    enabled: true,
    minLength: 0,
    maxLength: 64,
    acceptedPattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$",
    message: "email incorrect",
  },
  { key: "nickname", type: "text", required: false, enabled: false, minLength: 0, maxLength: 20 },
  {
    key: "captcha",
    type: "text",
    required: true,
    enabled: true,
    minLength: 4,
    maxLength: 4,
    acceptedPattern: "^[0-9]{4}$",
    message: "enter_verification_code",
  },
  { key: "affiliateCode", type: "text", required: false, enabled: true, minLength: 0, maxLength: 32, acceptedPattern: "^[A-Za-z0-9]*$" },
  { key: "rebateId", type: "text", required: false, enabled: true, minLength: 0, maxLength: 32 },
];

const keys = (rules: RegisterRule[], switches: RegisterSwitches) => registerFields(rules, switches).map((f) => f.key);

function parse(rules: RegisterRule[], switches: RegisterSwitches, fields: Record<string, string>, intent?: string) {
  const formData = new FormData();
  for (const [k, v] of Object.entries(fields)) formData.set(k, v);
  const submission = parseWithZod(formData, { schema: registerSchema(rules, switches, intent) });
  return { status: submission.status, error: submission.status === "error" ? submission.error : undefined };
}

const GOOD = {
  username: "newplayer1",
  password: "Secret123",
  verifyPwd: "Secret123",
  mobileNum: "13700000001",
  captcha: "1234",
  agreed: "on",
};

describe("fields from the rules", () => {
  it("username tab: enabled fields in order, disabled ones absent, rebateId never, no SMS code", () => {
    expect(keys(SEEDED, USERNAME_TAB)).toEqual(["username", "mobileNum", "password", "verifyPwd", "email", "affiliateCode", "captcha"]);
  });

  it("mobile tab: no username; the SMS code with REGMOBVERF3", () => {
    expect(keys(SEEDED, MOBILE_TAB)).toEqual([
      "mobileNum",
      "verificationCode",
      "password",
      "verifyPwd",
      "email",
      "affiliateCode",
      "captcha",
    ]);
    expect(keys(SEEDED, { ...MOBILE_TAB, smsVerification: false })).not.toContain("verificationCode");
  });

  it("mobile tab without password (MOBILENUMPASSREG3): both password fields dropped", () => {
    const fields = keys(SEEDED, { ...MOBILE_TAB, noPassword: true });
    expect(fields).not.toContain("password");
    expect(fields).not.toContain("verifyPwd");
    expect(fields).toContain("mobileNum");
  });

  it("the captcha only when its rule is enabled", () => {
    const off = SEEDED.map((r) => (r.key === "captcha" ? { ...r, enabled: false } : r));
    expect(keys(off, USERNAME_TAB)).not.toContain("captcha");
    expect(keys(SEEDED, USERNAME_TAB)).toContain("captcha");
    const result = parse(off, USERNAME_TAB, { ...GOOD, captcha: "" });
    expect(result.status).toBe("success");
  });

  it("rebateId is never a field, even when it is the only enabled rule", () => {
    const onlyRebate: RegisterRule[] = [{ key: "rebateId", enabled: true, required: true }];
    expect(keys(onlyRebate, USERNAME_TAB)).not.toContain("rebateId");
  });

  it("a hidden affiliate (failed check at load, page setting 0) is not a field", () => {
    expect(keys(SEEDED, { ...USERNAME_TAB, hideAffiliate: true })).not.toContain("affiliateCode");
  });

  it("without rules the defaults of section 5 apply", () => {
    const [username] = registerFields([], USERNAME_TAB);
    expect(username).toMatchObject({ key: "username", min: 6, max: 13, message: "reg_pattern_4", required: true });
    expect(registerFields([], MOBILE_TAB).find((f) => f.key === "verificationCode")).toMatchObject({ min: 0, max: 255 });
  });
});

describe("server-supplied limits, patterns and messages", () => {
  const custom: RegisterRule[] = [
    {
      key: "username",
      enabled: true,
      required: true,
      minLength: 8,
      maxLength: 10,
      acceptedPattern: "^[a-z]+$",
      message: "用户名须为{min}至{max}位小写字母",
    },
    {
      key: "qqNum",
      enabled: true,
      required: false,
      minLength: 5,
      maxLength: 11,
      acceptedPattern: "^[0-9]+$",
      message: "QQ {{min}}-{{max}}",
    },
    { key: "line", enabled: true, required: true, minLength: 2, maxLength: 5, acceptedPattern: "*" },
  ];

  it("fills the min and max placeholders of the operator's text", () => {
    const fields = registerFields(custom, USERNAME_TAB);
    expect(fields.find((f) => f.key === "username")!.message).toBe("用户名须为8至10位小写字母");
    expect(fields.find((f) => f.key === "qqNum")!.message).toBe("QQ 5-11");
    expect(fillPlaceholders("{min}/{max}", 1, null)).toBe("1/");
  });

  it("applies the operator's pattern and lengths instead of the defaults", () => {
    const tooShort = parse(custom, USERNAME_TAB, { ...GOOD, username: "abcdefg", line: "ab" });
    expect(tooShort.status).toBe("error");
    expect(tooShort.error?.username).toEqual(["用户名须为8至10位小写字母"]);
    const upper = parse(custom, USERNAME_TAB, { ...GOOD, username: "Abcdefgh", line: "ab" });
    expect(upper.error?.username).toEqual(["用户名须为8至10位小写字母"]);
    // 13 characters would pass the default rule (6..13) but not this merchant's (8..10).
    expect(parse(custom, USERNAME_TAB, { ...GOOD, username: "abcdefghijklm", line: "ab" }).error?.username).toBeDefined();
    expect(parse(custom, USERNAME_TAB, { ...GOOD, username: "abcdefgh", line: "ab" }).status).toBe("success");
  });

  it("a star pattern accepts anything of the right length; a rule without message gets the generic one", () => {
    expect(parse(custom, USERNAME_TAB, { ...GOOD, username: "abcdefgh", line: "#!" }).status).toBe("success");
    expect(parse(custom, USERNAME_TAB, { ...GOOD, username: "abcdefgh", line: "toolong" }).error?.line).toEqual(["reg_field_invalid"]);
  });

  it("required vs optional: an empty optional field passes, a filled one must be right", () => {
    expect(parse(custom, USERNAME_TAB, { ...GOOD, username: "abcdefgh", line: "ab", qqNum: "" }).status).toBe("success");
    expect(parse(custom, USERNAME_TAB, { ...GOOD, username: "abcdefgh", line: "ab", qqNum: "12a45" }).error?.qqNum).toEqual(["QQ 5-11"]);
    expect(parse(custom, USERNAME_TAB, { ...GOOD, username: "abcdefgh", line: "" }).error?.line).toEqual(["reg_field_invalid"]);
  });
});

describe("the order of section 5", () => {
  it("all good: success", () => {
    expect(parse(SEEDED, USERNAME_TAB, GOOD).status).toBe("success");
  });

  it("any invalid field: its message beside it and in_please_information for the form", () => {
    const result = parse(SEEDED, USERNAME_TAB, { ...GOOD, username: "ab", password: "Other123", agreed: "" });
    expect(result.error?.username).toEqual(["reg_pattern_4"]);
    // Only the first failing check speaks for the form.
    expect(result.error?.[""]).toEqual(["in_please_information"]);
  });

  it("valid fields, confirmation differs: in_confirmation_correct", () => {
    const result = parse(SEEDED, USERNAME_TAB, { ...GOOD, verifyPwd: "Other1234", agreed: "" });
    expect(result.error?.[""]).toEqual(["in_confirmation_correct"]);
    expect(result.error?.verifyPwd).toEqual(["inconsistent_twice"]);
  });

  it("valid and confirmed, agreement not ticked: in_register_agreed", () => {
    const result = parse(SEEDED, USERNAME_TAB, { ...GOOD, agreed: "" });
    expect(result.error?.[""]).toEqual(["in_register_agreed"]);
    expect(result.error?.agreed).toEqual(["in_register_agreed"]);
  });

  it("an SMS request checks only the mobile number: br_enright_cphone", () => {
    const bad = parse(SEEDED, MOBILE_TAB, { mobileNum: "12345" }, "send-code");
    expect(bad.error?.[""]).toEqual(["br_enright_cphone"]);
    expect(bad.error?.mobileNum).toEqual(["error_phone_number_limit"]);
    expect(parse(SEEDED, MOBILE_TAB, { mobileNum: "13700000001" }, "send-code").status).toBe("success");
  });

  it("the mobile tab with no password needs no password", () => {
    const result = parse(
      SEEDED,
      { ...MOBILE_TAB, noPassword: true },
      { mobileNum: "13700000001", verificationCode: "123456", captcha: "1234", agreed: "on" },
    );
    expect(result.status).toBe("success");
  });
});
