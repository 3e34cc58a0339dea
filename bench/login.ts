/** A bench's login through the portal's own form, as a browser without scripts posts it. */
import { CookieJar, findForm, formFields } from "./html";

/** Logs `username` in at `base`; answers the browser's cookies (session, CSRF, device id). */
export async function logIn(base: string, username: string, password: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const page = await fetch(`${base}/login`);
  jar.take(page.headers);
  const form = findForm(await page.text(), (f) => /\bname="password"/.test(f.inner));
  if (!form) throw new Error("no login form");
  const posted = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header(), Origin: base },
    body: new URLSearchParams(formFields(form.inner, { username, password })).toString(),
  });
  jar.take(posted.headers);
  if (posted.status !== 303) throw new Error(`login ${username}: ${posted.status}`);
  return jar;
}
