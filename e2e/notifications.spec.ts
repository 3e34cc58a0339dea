/**
 * Real-time notifications (document 002 §4 and §9, decision 051), scripts on and off: a back
 * office's message becomes a toast within 2 s with scripts, and is listed once on the next page
 * without; deposits and withdrawals refresh the balance and their toasts stay; an inbox message
 * updates the unread badge; a new receipt opens the payment-confirmation dialog; the stack holds
 * max(2, ⌊h/94⌋ − 1) toasts for 4500 ms each (the page's clock in the test's hands); a speed-test
 * task is run and reported, or reported not run without scripts; the stream refuses a guest and
 * carries only the player's own messages. Each journey logs in a member of its own, so what it
 * publishes reaches no other journey.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { restartBroker, subscribed, unsubscribed } from "./broker";
import { BASE_URL, OPERATOR_URL, loginAs, logOut, open, reference, scriptsOn, type Account } from "./helpers";

let made = 0;
/** A member of the journey's own with ¥1,000 (`extra`: an agent type, an upline). */
async function freshMember(extra: Record<string, unknown> = {}): Promise<Account> {
  const username = `nt${Date.now().toString(36).slice(-7)}${(made++ % 36).toString(36)}`;
  await reference("/__reference/members", {
    username,
    password: "Notify1234",
    nickname: `Notify ${username}`,
    balance: "1000.00",
    ...extra,
  });
  return { username, password: "Notify1234", nickname: `Notify ${username}`, balance: "¥1,000.00" };
}

async function loggedIn(page: Page, testInfo: TestInfo, member?: Account): Promise<Account> {
  const account = member ?? (await freshMember());
  // With scripts the page opens its stream once it has hydrated: the session topic's tasks go to it.
  const stream = scriptsOn(testInfo) ? page.waitForResponse((response) => response.url().endsWith("/resources/notifications")) : null;
  await loginAs(page, account, testInfo);
  expect((await stream)?.status() ?? 200).toBe(200);
  await subscribed(account);
  return account;
}

const toasts = (page: Page) => page.locator(".toasts .toast");
const kept = (page: Page) => page.getByTestId("notify-kept-card");

test("a back office's message: a toast within 2 s with scripts, listed once on the next page without", async ({ page }, testInfo) => {
  const account = await loggedIn(page, testInfo);
  await reference("/__reference/notify", { account: account.username, type: "ONLINE_MSG", message: "今晚 22:00 系统维护" });
  if (scriptsOn(testInfo)) {
    const toast = toasts(page).filter({ hasText: "今晚 22:00 系统维护" });
    await expect(toast).toBeVisible({ timeout: 2000 });
    await expect(toast).toContainText("系统消息");
    await expect(page.getByTestId("toast-announcer")).toContainText("今晚 22:00 系统维护");
    await toast.getByRole("button", { name: "关闭通知：系统消息" }).click();
    await expect(toast).toHaveCount(0);
    // Shown once: the next page does not bring it back.
    await open(page, "/member", testInfo);
    await expect(toasts(page)).toHaveCount(0);
  } else {
    await open(page, "/member", testInfo);
    await expect(kept(page)).toHaveCount(1);
    await expect(kept(page)).toContainText("今晚 22:00 系统维护");
    // Closed by its checkbox label, without a request.
    await page.getByTestId("notify-kept").locator("label", { hasText: "关闭通知：系统消息" }).click();
    await expect(kept(page)).toBeHidden();
    await page.reload();
    await expect(kept(page)).toHaveCount(0);
  }
});

test("a deposit and a rejected withdrawal: the balance is read again, the toasts stay until closed", async ({ page }, testInfo) => {
  if (scriptsOn(testInfo)) await page.clock.install();
  const account = await loggedIn(page, testInfo);
  const balance = page.locator("header.site-header").getByTestId("balance");
  await expect(balance).toHaveText(account.balance);
  await reference("/__reference/deposits", { account: account.username, amount: "100", status: "SUCCESS" });
  await reference("/__reference/withdrawals", { account: account.username, amount: "50", status: "REJECTED", remarks: "银行卡信息有误" });
  if (!scriptsOn(testInfo)) await page.reload();
  await expect(balance).toHaveText("¥1,100.00");
  const cards = scriptsOn(testInfo) ? toasts(page) : kept(page);
  await expect(cards.filter({ hasText: "存款成功" })).toContainText("金额：");
  await expect(cards.filter({ hasText: "取款被拒绝" })).toContainText("原因：银行卡信息有误");
  if (scriptsOn(testInfo)) {
    // Event toasts have no time limit (duration 0).
    await page.clock.runFor(60_000);
    await expect(cards).toHaveCount(2);
  }
});

test("an inbox message updates the unread badge", async ({ page }, testInfo) => {
  const account = await loggedIn(page, testInfo);
  await expect(page.getByTestId("header-unread")).toHaveCount(0);
  await reference("/__reference/inbox", { account: account.username, subject: "欢迎加入" });
  if (!scriptsOn(testInfo)) await open(page, "/", testInfo);
  await expect(page.getByTestId("header-unread")).toHaveText("1");
  const cards = scriptsOn(testInfo) ? toasts(page) : kept(page);
  await expect(cards.filter({ hasText: "新站内信" })).toContainText("欢迎加入");
});

test("a claim's decision: a toast with the remarks, and the reward centre's badge counts the promotion again", async ({
  page,
}, testInfo) => {
  const account = await loggedIn(page, testInfo);
  const centre = "/member/rewardCenter";
  const badge = page.locator('.member-menu__link[data-route-key="rewardCenter"] .count-badge');
  const promotion = page.locator(".reward-item", { hasText: "每周返水申请" });
  await open(page, centre, testInfo);
  const before = Number(await badge.textContent());
  expect(before).toBeGreaterThan(1);
  await promotion.getByRole("link", { name: "申请" }).click();
  await page.getByTestId("apply-reward").getByRole("button", { name: "提交申请" }).click();
  await expect(promotion.locator(".claim-status")).toHaveText("审核中");
  await expect(badge).toHaveText(String(before - 1));

  const [claim] = (await reference(`/__reference/promotion-claims?username=${account.username}`)) as { id: number }[];
  await reference("/__reference/promotion-claims/decide", { claimId: claim.id, status: "REJECTED", remarks: "流水不足" });
  if (scriptsOn(testInfo)) {
    await expect(toasts(page).filter({ hasText: "优惠申请被拒绝" })).toContainText("流水不足", { timeout: 2000 });
    // Read again at once, though the centre keeps its figures for 5 s: the stream's message made it forget them.
    await expect(badge).toHaveText(String(before));
  } else {
    await open(page, centre, testInfo);
    await expect(kept(page).filter({ hasText: "优惠申请被拒绝" })).toContainText("流水不足");
    // The page that listed it made the centre forget its figures (kept 5 s): the next one counts afresh.
    await open(page, centre, testInfo);
    await expect(badge).toHaveText(String(before));
  }
});

test("an agent's transfer: the downline's page shows it and its balance, and so does the agent's", async ({ page, browser }, testInfo) => {
  const agent = await freshMember({ agentType: 1 });
  const downline = await freshMember({ upline: agent.username });
  await loggedIn(page, testInfo, downline);
  const agentContext = await browser.newContext({ javaScriptEnabled: scriptsOn(testInfo) });
  const agentPage = await agentContext.newPage();
  await loggedIn(agentPage, testInfo, agent);
  await open(agentPage, "/agent/transferDownline", testInfo);
  await agentPage.locator('input[name="to"]').fill(downline.username);
  await agentPage.locator('input[name="amount"]').fill("25");
  await agentPage.getByRole("button", { name: "确认转账" }).click();
  await expect(agentPage.getByTestId(`after-${downline.username}`)).toHaveText("1,025.00");

  const balance = page.locator("header.site-header").getByTestId("balance");
  if (!scriptsOn(testInfo)) await page.reload();
  await expect(balance).toHaveText("¥1,025.00");
  const cards = scriptsOn(testInfo) ? toasts(page) : kept(page);
  await expect(cards.filter({ hasText: "转账给下级已完成" })).toContainText(`对方账号：${agent.username}`);
  await expect(cards.filter({ hasText: "转账给下级已完成" })).toContainText("¥25.00");
  // The agent hears of it too (AGENT_TRANSFER_AGENT_TO_DOWNLINE names the money's way), and its balance is read again.
  if (scriptsOn(testInfo)) {
    await expect(toasts(agentPage).filter({ hasText: "转账给下级已完成" })).toContainText(`对方账号：${downline.username}`);
  } else {
    // Listed once: on the transfer's own answer when the message was kept before it was drawn, else on the next page.
    const agentCard = kept(agentPage).filter({ hasText: `对方账号：${downline.username}` });
    const onAnswer = await agentCard.count();
    await open(agentPage, "/", testInfo);
    expect(onAnswer + (await agentCard.count())).toBe(1);
  }
  await expect(agentPage.locator("header.site-header").getByTestId("balance")).toHaveText("¥975.00");
  await agentContext.close();
});

test("a new receipt opens the payment-confirmation dialog (its notice without scripts)", async ({ page }, testInfo) => {
  const account = await loggedIn(page, testInfo);
  await reference("/__reference/payment-confirmations", { account: account.username, amount: "88" });
  if (scriptsOn(testInfo)) {
    const panel = page.getByTestId("payment-confirmation");
    // The page reads its data again, then fetches the dialog's code and the receipts.
    await expect(panel).toBeVisible({ timeout: 10_000 });
    await expect(panel).toContainText("第 1 笔，共 1 笔");
  } else {
    await open(page, "/", testInfo);
    await expect(page.getByTestId("confirmation-notice")).toContainText("您有 1 笔付款待确认。");
    await expect(kept(page).filter({ hasText: "有付款等待您确认" })).toHaveCount(1);
  }
});

test("the stack shows max(2, ⌊h/94⌋ − 1) toasts, queues the rest, and closes each after 4500 ms", async ({ page }, testInfo) => {
  test.skip(!scriptsOn(testInfo), "toasts are drawn by scripts; without them the next page lists every message");
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.clock.install();
  const account = await loggedIn(page, testInfo);
  await page.clock.pauseAt(Date.now() + 60_000);
  for (let i = 1; i <= 5; i++)
    await reference("/__reference/notify", { account: account.username, type: "ONLINE_MSG", message: `消息 ${i}` });
  // 400 px: max(2, 4 − 1) = 3 at once.
  await expect(toasts(page)).toHaveCount(3);
  await expect(toasts(page).first()).toContainText("消息 1");
  await page.clock.runFor(4400);
  await expect(toasts(page)).toHaveCount(3);
  await page.clock.runFor(200);
  await expect(toasts(page)).toHaveCount(2);
  await expect(toasts(page).first()).toContainText("消息 4");
  await page.clock.runFor(4600);
  await expect(toasts(page)).toHaveCount(0);
});

test("a speed-test task: the page times the domain and reports it; without scripts it is reported not run", async ({ page }, testInfo) => {
  const account = await loggedIn(page, testInfo);
  const domain = new URL(OPERATOR_URL).host;
  const { taskIds } = (await reference("/__reference/speed-test-task", { account: account.username, domain, timeoutThreshold: 5000 })) as {
    taskIds: string[];
  };
  expect(taskIds.length).toBeGreaterThan(0);
  const results = async () =>
    (await reference(`/__reference/speed-test-results?account=${account.username}`)) as {
      taskId: string;
      success: boolean;
      elapsed: number;
      message: string;
    }[];
  await expect.poll(async () => (await results()).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const [result] = await results();
  if (scriptsOn(testInfo)) {
    expect(result).toMatchObject({ success: true, message: "OK" });
    expect(result.elapsed).toBeGreaterThan(0);
  } else {
    expect(result).toMatchObject({ success: false, elapsed: 0 });
    expect(result.message).toMatch(/^Not run/);
  }
});

test("the stream: a guest is refused, each player hears only their own, and logging out closes it", async ({ page, browser }, testInfo) => {
  test.skip(!scriptsOn(testInfo), "the stream is a script's");
  const guest = await page.request.get(`${BASE_URL}/resources/notifications`);
  expect(guest.status()).toBe(401);
  const forged = await page.request.get(`${BASE_URL}/resources/notifications`, { headers: { Cookie: "__session=forged" } });
  expect(forged.status()).toBe(401);

  const a = await loggedIn(page, testInfo);
  const other = await browser.newPage();
  const b = await loggedIn(other, testInfo);
  await reference("/__reference/notify", { account: a.username, type: "ONLINE_MSG", message: "只给 A" });
  await reference("/__reference/notify", { account: b.username, type: "ONLINE_MSG", message: "只给 B" });
  await expect(toasts(page).filter({ hasText: "只给 A" })).toBeVisible();
  await expect(toasts(other).filter({ hasText: "只给 B" })).toBeVisible();
  await expect(toasts(page).filter({ hasText: "只给 B" })).toHaveCount(0);
  await expect(toasts(other).filter({ hasText: "只给 A" })).toHaveCount(0);
  await other.close();

  // A report needs the proof the stream gave with its task: a made-up one is refused, and a
  // body that is not a report is the sender's mistake.
  const csrf = (await page.locator("header input[name='csrf']").first().getAttribute("value")) ?? "";
  const report = (fields: Record<string, string>) =>
    page.request.post(`${BASE_URL}/resources/speed-test-task`, { form: { csrf, ...fields } });
  const made = { taskId: "task-1", proof: "0".repeat(32), success: "true", elapsed: "12", message: "OK" };
  expect((await report(made)).status()).toBe(403);
  expect((await report({ ...made, elapsed: "-1" })).status()).toBe(400);
  expect((await report({ ...made, message: "<script>alert(1)</script>" })).status()).toBe(400);
  expect((await page.request.post(`${BASE_URL}/resources/speed-test-task`, { form: made })).status()).toBe(403);

  // Logging out ends the stream and, as no other session of A's wants it, A's subscription at the broker.
  const ended = page.waitForEvent("requestfinished", (request) => request.url().endsWith("/resources/notifications"));
  await logOut(page);
  await ended;
  await unsubscribed(a);
});

test("after the broker restarts the portal subscribes again: what is published then reaches the page", async ({ page }, testInfo) => {
  const account = await loggedIn(page, testInfo);
  // The subscription goes with the broker's connections, and the portal makes it again.
  await restartBroker();
  await subscribed(account);
  await reference("/__reference/notify", { account: account.username, type: "ONLINE_MSG", message: "代理重启之后" });
  if (scriptsOn(testInfo)) {
    // The page's stream from the portal stayed open all along.
    await expect(toasts(page).filter({ hasText: "代理重启之后" })).toBeVisible({ timeout: 2000 });
  } else {
    await open(page, "/member", testInfo);
    await expect(kept(page).filter({ hasText: "代理重启之后" })).toHaveCount(1);
  }
});

/**
 * The phone, as the page sees it: the page is hidden and shown (visibilitychange), and its stream's
 * connection dies while it sleeps. Messages the portal wrote into the dead connection never reach
 * the page (the test's EventSource swallows them), then the connection fails for good.
 */
async function asPhone(page: Page) {
  await page.addInitScript(() => {
    const Native = window.EventSource;
    const phone = { asleep: false, swallowed: [] as string[], streams: [] as EventSource[] };
    Object.assign(window, { phone });
    class PhoneEventSource extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        phone.streams.push(this);
      }
    }
    const add = Native.prototype.addEventListener;
    PhoneEventSource.prototype.addEventListener = function gatedAddEventListener(
      this: EventSource,
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ) {
      if (type !== "notice") return add.call(this, type, listener, options);
      const gated = (event: Event) => {
        if (phone.asleep) phone.swallowed.push((event as MessageEvent<string>).data);
        else if (typeof listener === "function") listener.call(this, event);
        else listener.handleEvent(event);
      };
      add.call(this, type, gated, options);
    } as typeof add;
    window.EventSource = PhoneEventSource;
  });
  const shown = (visible: boolean) =>
    page.evaluate((visible) => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (visible ? "visible" : "hidden") });
      Object.defineProperty(document, "hidden", { configurable: true, get: () => !visible });
      (window as unknown as { phone: { asleep: boolean } }).phone.asleep = !visible;
      document.dispatchEvent(new Event("visibilitychange"));
    }, visible);
  return {
    sleep: () => shown(false),
    wake: () => shown(true),
    swallowed: () => page.evaluate(() => (window as unknown as { phone: { swallowed: string[] } }).phone.swallowed.length),
    /** The connection fails for good: the browser gives up on it. */
    dropConnection: () =>
      page.evaluate(() => {
        for (const stream of (window as unknown as { phone: { streams: EventSource[] } }).phone.streams)
          stream.dispatchEvent(new Event("error"));
      }),
  };
}

test("after the phone sleeps the page opens its stream again: what the dead connection swallowed and what came meanwhile arrive", async ({
  page,
}, testInfo) => {
  test.skip(!scriptsOn(testInfo), "the stream is a script's");
  // The toasts stay until the clock moves: each can be counted at the end.
  await page.clock.install();
  const phone = await asPhone(page);
  const account = await loggedIn(page, testInfo);
  const say = (message: string) => reference("/__reference/notify", { account: account.username, type: "ONLINE_MSG", message });
  await say("睡前");
  await expect(toasts(page).filter({ hasText: "睡前" })).toBeVisible();

  await phone.sleep();
  await say("写进断开的连接");
  await expect.poll(phone.swallowed).toBe(1);
  await phone.dropConnection();
  // Nothing comes back while the page is hidden; what is published now is kept for the session.
  await say("睡着时");
  const reopened = page.waitForRequest((request) => request.url().includes("/resources/notifications?after="));
  await phone.wake();
  await reopened;
  await expect(toasts(page).filter({ hasText: "写进断开的连接" })).toBeVisible({ timeout: 2000 });
  await expect(toasts(page).filter({ hasText: "睡着时" })).toBeVisible();
  // Each once, and the one the page had before it slept not again.
  await expect(toasts(page).filter({ hasText: "睡前" })).toHaveCount(1);
  await say("醒来之后");
  await expect(toasts(page).filter({ hasText: "醒来之后" })).toBeVisible({ timeout: 2000 });
});
