/**
 * Money moves once when the operator's answer is lost after it acted (decision 035), scripts on
 * and off: the reference operator moves the money, then cuts its JSON short, answers a 500 page,
 * answers a value of the wrong shape or resets the connection. The player is told the result is
 * not known yet, sees the balances read fresh, and neither a double click nor the same post sent
 * again moves the money a second time — counted in the operator's rows. (An answer later than the
 * portal's time-out is the same outcome; it is proved at the route level, where the clock can be
 * moved: tests/member/money-faults.test.ts.)
 */
import { expect, test } from "@playwright/test";
import { BASE_URL, loginAs, open, OPERATOR_URL, PLAYER, scriptsOn, type Account } from "./helpers";

const PAYEE: Account = { username: "payee01", password: "Payee1234", nickname: "Payee Player", balance: "" };

const reference = async (path: string, init?: RequestInit) =>
  ((await (await fetch(`${OPERATOR_URL}${path}`, init)).json()) as { value: any }).value;
const transfers = async () => ((await reference("/__reference/transfers?username=player01")) as unknown[]).length;
const OUTCOME_UNKNOWN = "我们没有及时收到运营方对此操作的答复，暂时无法确定是否已经完成。";

test.afterEach(async () => {
  await fetch(`${OPERATOR_URL}/__reference/faults`, { method: "DELETE" });
});

for (const mode of ["cut", "500", "shape", "reset"]) {
  test(`a transfer whose answer is lost (${mode}) moves once and says the outcome is not known`, async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    // Between two game wallets: the main balance other journeys read stays as it was.
    await open(page, "/member/transferFund?from=AGL", testInfo);
    const form = page.locator("form.transfer-form");
    const fields = {
      csrf: await form.locator('input[name="csrf"]').inputValue(),
      once: await form.locator('input[name="once"]').inputValue(),
    };
    const before = await transfers();
    await reference("/__reference/faults", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ mode, path: "/wps/relay/GCS_walletTransfer" }),
    });
    await page.locator('select[name="to"]').selectOption("KYC");
    await page.locator('input[name="amount"]').fill("7.77");
    await page.getByRole("button", { name: "确认转账" }).dblclick();

    const notice = page.getByRole("alert").filter({ hasText: OUTCOME_UNKNOWN });
    await expect(notice).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/member/transferFund?from=AGL`);
    // A new intent is typed anew: the amount just sent is not waiting beside a fresh key.
    await expect(page.locator('input[name="amount"]')).toHaveValue("");
    // The balances on the page are the operator's, read after the move.
    const wallets = await reference("/__reference/wallets?username=player01");
    const agl = page.locator('.transfer-page .wallet-list [data-wallet="AGL"] .wallet-list__balance');
    await expect(agl).toHaveText(`¥${Number(wallets.wallets.AGL).toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
    expect(await transfers()).toBe(before + 1);

    // The same post again (a reload of it, a second tab): the same answer, nothing moved.
    const again = await page.request.post("/member/transferFund?from=AGL", {
      form: { ...fields, from: "AGL", to: "KYC", amount: "7.77" },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    expect(again.headers().location).toBe("/member/transferFund?from=AGL");
    expect(await transfers()).toBe(before + 1);
  });
}

test("payment confirmation: the last receipt's answer is lost; the notice stays and no receipt is left to confirm twice", async ({
  page,
}, testInfo) => {
  await reference("/__reference/payment-confirmations/reset", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  await loginAs(page, PAYEE, testInfo);
  if (!scriptsOn(testInfo)) await page.getByTestId("confirmation-notice").getByRole("link").click();
  const panel = page.getByTestId("payment-confirmation");
  await expect(panel).toContainText("第 1 笔，共 3 笔");
  await panel.getByRole("button", { name: "已收到" }).click();
  await expect(panel).toContainText("共 2 笔");
  await panel.getByRole("button", { name: "已收到" }).click();
  await expect(panel).toContainText("共 1 笔");
  await reference("/__reference/faults", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ mode: "500", path: "/wps/relay/MCSFE_processC2CTransaction" }),
  });
  await panel.getByRole("button", { name: "已收到" }).click();
  await expect(page.getByRole("alert").filter({ hasText: OUTCOME_UNKNOWN })).toBeVisible();
  const stored = (await reference("/__reference/payment-confirmations")) as { answer: string | null }[];
  expect(stored.map((r) => r.answer)).toEqual(["Y", "Y", "Y"]);
  await expect(page.getByRole("button", { name: "已收到" })).toHaveCount(0);
});
