/**
 * The address of the login page, apart from its panel: the gated links of every page write it,
 * and they must not bring the login form (its validation and form libraries) with them.
 */
import type { LoginTab } from "~/schemas/login-tabs";

/** /login with the tab and the page the player was going to (and, for a refresh, the captcha flag). */
export function loginHref(options: { tab?: LoginTab; redirectTo?: string; captchaRefresh?: boolean }) {
  const q = new URLSearchParams();
  if (options.captchaRefresh) q.set("captcha", "refresh");
  if (options.tab && options.tab !== "password") q.set("tab", options.tab);
  if (options.redirectTo) q.set("redirectTo", options.redirectTo);
  const query = q.toString();
  return query ? `/login?${query}` : "/login";
}
