/**
 * Social sign-in against the Firebase Auth emulator: an ID token issued by the emulator (through
 * accounts:signInWithIdp, the call the SDK makes once the provider's pop-up answered), posted by
 * the login form as the browser's script posts it, verified by the operator as an emulator token.
 * Runs only when an emulator is there:
 *   firebase emulators:start --only auth --project demo-portal      (firebase.json: ui off)
 *   FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9199 npx playwright test e2e/social-emulator.spec.ts
 * The variable reaches the embedded reference operator (which then trusts the emulator's unsigned
 * tokens, never in production mode) and the portal's CSP.
 *
 * The pop-up itself is not driven here: the SDK's pop-up helper loads Google's gapi script from
 * apis.google.com, even with the emulator, and this machine is offline.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, logOut, open } from "./helpers";
import { OTHER_WAYS_PAGE, setSwitches, SOCIAL_CN, uniqueName } from "./social-helpers";

const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST;

async function emulatorRunning(): Promise<boolean> {
  if (!EMULATOR) return false;
  try {
    return (await fetch(`http://${EMULATOR}/`)).ok;
  } catch {
    return false;
  }
}

/** A Google sign-in at the emulator: its ID token (unsigned, "alg": "none"). */
async function emulatorIdToken(googleId: string, name: string): Promise<string> {
  const claims = { sub: googleId, email: `${googleId}@example.com`, name };
  const res = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      requestUri: BASE_URL,
      returnSecureToken: true,
    }),
  });
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`emulator sign-in: ${JSON.stringify(body)}`);
  return body.idToken;
}

async function postIdToken(page: Page, token: string) {
  const form = page.locator('form[action="/login/firebase"]:has(input[name="firebaseChannel"][value="google"])');
  await Promise.all([
    page.waitForURL((url) => url.pathname !== OTHER_WAYS_PAGE),
    form.evaluate((el, value) => {
      (el.querySelector('input[name="firebaseIdToken"]') as HTMLInputElement).value = value;
      (el as HTMLFormElement).submit();
    }, token),
  ]);
}

test.afterEach(async () => {
  await setSwitches({ FIREBASECREATEACC3: true });
});

test("an emulator-issued Google identity: bind-or-register, an account made for it, and a direct login next time", async ({
  page,
}, testInfo) => {
  test.skip(!(await emulatorRunning()), "no Firebase Auth emulator at FIREBASE_AUTH_EMULATOR_HOST");
  const name = `Emu ${uniqueName("u")}`;
  const googleId = uniqueName("google");
  const token = await emulatorIdToken(googleId, name);
  expect(JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString())).toMatchObject({ alg: "none" });

  await open(page, OTHER_WAYS_PAGE, testInfo);
  await postIdToken(page, token);
  await expect(page).toHaveURL(`${BASE_URL}/login/bind?redirectTo=%2F`);
  await page.getByRole("button", { name: SOCIAL_CN.autoRegister }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByTestId("nickname")).toHaveText(name);

  // The same Google account again: the emulator's new token for it logs straight in.
  await logOut(page);
  await expect(page.getByTestId("nickname")).toHaveCount(0);
  await open(page, OTHER_WAYS_PAGE, testInfo);
  await postIdToken(page, await emulatorIdToken(googleId, name));
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByTestId("nickname")).toHaveText(name);
});
