/**
 * The captcha's two messages in each of the six languages: a wrong answer (the operator's
 * captcha.invalid, through the error catalogue) and a missing one (the form's own rule) read in
 * the player's language, never in the operator's, and never alike.
 */
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "~/i18n/config";
import { translate } from "~/i18n/i18n.server";
import { keyForCode } from "~/operator/errors";
import { loginSchema } from "~/schemas/login";
import { MESSAGES } from "../../server/operator/catalog";

/** What only text in each language has: its script, or for CN and TW characters only one of the two writes. */
const WRITTEN_IN: Record<Locale, RegExp> = {
  CN: /[验证码误]/,
  TW: /[驗證碼誤]/,
  JA: /[\u3040-\u30ff]/,
  EN: /^[\x20-\x7e]+$/,
  TH: /[\u0e00-\u0e7f]/,
  VI: /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i,
};
const NOT_WRITTEN_IN: Partial<Record<Locale, RegExp>> = { CN: /[驗證碼誤]/, TW: /[验证码误]/, JA: /[验证码]/ };

const wrongKey = keyForCode("captcha.invalid")!;
const missingKey = (() => {
  const form = new FormData();
  form.set("username", "player01");
  form.set("password", "Player123");
  const error = parseWithZod(form, { schema: loginSchema({ captchaRequired: true }) }).reply().error;
  return error?.captcha?.[0] ?? "";
})();

describe("captcha messages", () => {
  it("a wrong answer has a key of the catalogue, a missing one a key of the form, and they differ", () => {
    expect(wrongKey).toBe("captcha_incorrect");
    expect(missingKey).toBe("captcha_required");
  });

  it.each(LOCALES)("%s: the wrong-answer and the missing-answer messages are in %s and differ", async (lng) => {
    const wrong = await translate(lng, wrongKey);
    const missing = await translate(lng, missingKey);
    for (const text of [wrong, missing]) {
      expect(text, `${lng}: ${text}`).toMatch(WRITTEN_IN[lng]);
      if (NOT_WRITTEN_IN[lng]) expect(text, `${lng}: ${text}`).not.toMatch(NOT_WRITTEN_IN[lng]!);
    }
    expect(wrong).not.toBe(missing);
    // Not the operator's own text, which comes in Chinese or English only.
    expect(Object.values(MESSAGES["captcha.invalid"]).map((m) => m.replace(/[。.]$/, ""))).not.toContain(wrong.replace(/[。.]$/, ""));
  });

  it("gives each language its own wording", async () => {
    const texts = await Promise.all(LOCALES.map((lng) => translate(lng, wrongKey)));
    expect(new Set(texts).size).toBe(LOCALES.length);
  });
});
