/**
 * The notify area's calls (decision 051): the speed-test postback (WPSCORE_postbackSpeedTestResult)
 * and the back office's triggers under /__reference/: a push to an account's user topic, a
 * speed-test task to each live session of an account, and what was published and reported.
 * The helpers act on the operator's own merchant unless given `merchant`.
 */
import type { MessageLanguage } from "../catalog";
import { failWith, isRecord, ok, sessionOf, type Reply, type RouteContext, type RouteDef } from "../http";
import { memberByUsername, type MemberRow } from "../member/store";
import type { RelayDef } from "../relay";
import { liveSessionHashes } from "../session/store";
import { createSpeedTestTasks, saveSpeedTestResult, speedTestResultsOf, speedTestTaskOf } from "./store";
import { isUserMessageType, userTopic, USER_MESSAGE_TYPES } from "./topics";

const MESSAGES: Record<string, Record<MessageLanguage, string>> = {
  "account.not.found": { zh: "账号不存在", en: "This account does not exist" },
  "notify.type.invalid": { zh: "消息类型无效", en: `The type is one of ${USER_MESSAGE_TYPES.join(", ")}` },
  "speedtest.task.invalid": {
    zh: "测速任务须有域名和超时时间（1 至 60000 毫秒）",
    en: "A speed test needs a domain and a timeoutThreshold of 1 to 60000 ms",
  },
  "speedtest.result.invalid": {
    zh: "测速结果须有 taskId、success、elapsed 与 message",
    en: "A result has taskId (text), success (true or false), elapsed (ms) and message (text)",
  },
  "broker.external": {
    zh: "消息代理是外部的：请在它那里重启",
    en: "An external broker carries the topics: restart it there",
  },
  "broker.restart.invalid": { zh: "downMs 须为 0 至 60000 的整数", en: "downMs is a whole number of 0 to 60000" },
  "speedtest.task.not.found": { zh: "测速任务不存在或已过期", en: "This speed test task does not exist or has expired" },
};

const refuse = (lang: MessageLanguage, errorCode: string, status = 400): Reply => failWith(MESSAGES, lang, errorCode, status);
const bodyOf = (ctx: RouteContext): Record<string, unknown> => (isRecord(ctx.body) ? ctx.body : {});

/** The member a helper names: `account` (and `merchant`) from the JSON body or the query. */
function namedMember(ctx: RouteContext, source: Record<string, unknown>): MemberRow | undefined {
  const account = typeof source.account === "string" ? source.account.trim() : "";
  const merchant =
    typeof source.merchant === "string" && source.merchant.trim() ? source.merchant.trim() : ctx.runtime.settings.merchantCode;
  return account ? memberByUsername(ctx.runtime.db, merchant, account) : undefined;
}

const queryOf = (ctx: RouteContext) => Object.fromEntries(ctx.url.searchParams);

/** A domain as a back office types it: a host or a URL, printable, no spaces. */
const DOMAIN = /^[^\s\p{Cc}]{1,255}$/u;
const MAX_ELAPSED_MS = 3_600_000;
const MAX_RESULT_MESSAGE = 500;

export const notifyRoutes: RouteDef[] = [
  {
    // A back office's push: { account, type, merchant?, ...fields } to the account's user topic.
    method: "POST",
    path: "/__reference/notify",
    access: "reference",
    body: "json",
    handler(ctx) {
      const { account: _account, merchant: _merchant, type, ...fields } = bodyOf(ctx);
      const member = namedMember(ctx, bodyOf(ctx));
      if (!member) return refuse(ctx.lang, "account.not.found");
      if (!isUserMessageType(type)) return refuse(ctx.lang, "notify.type.invalid");
      const body = ctx.runtime.notifications.toMember(member.id, type, fields);
      return ok(body);
    },
  },
  {
    // What was published to an account's user and session topics (?account=…&merchant=…), oldest first.
    method: "GET",
    path: "/__reference/notify/log",
    access: "reference",
    handler(ctx) {
      const member = namedMember(ctx, queryOf(ctx));
      if (!member) return refuse(ctx.lang, "account.not.found");
      return ok(ctx.runtime.notifications.publishedTo(member.merchant_code, member.username));
    },
  },
  {
    // How many subscribe to an account's user topic now (?account=…&merchant=…), and its name: a
    // test waits until the portal has subscribed before it publishes, as a broker drops what
    // nobody hears. `user` is null with an external broker (ask that broker about `topic`).
    method: "GET",
    path: "/__reference/notify/subscribers",
    access: "reference",
    handler(ctx) {
      const member = namedMember(ctx, queryOf(ctx));
      if (!member) return refuse(ctx.lang, "account.not.found");
      return ok({
        user: ctx.runtime.notifications.userSubscribers(member.merchant_code, member.id),
        topic: userTopic(member.merchant_code, member.id),
      });
    },
  },
  {
    // { downMs? } (default 1500): the embedded broker restarts as a back office would restart it:
    // every connection closes, and for downMs none is taken. 409 with an external broker.
    method: "POST",
    path: "/__reference/notify/broker-restart",
    access: "reference",
    body: "json",
    async handler(ctx) {
      const downMs = bodyOf(ctx).downMs ?? 1500;
      if (typeof downMs !== "number" || !Number.isInteger(downMs) || downMs < 0 || downMs > 60_000)
        return refuse(ctx.lang, "broker.restart.invalid");
      if (!(await ctx.runtime.notifications.restartBroker(downMs))) return refuse(ctx.lang, "broker.external", 409);
      return ok({ downMs });
    },
  },
  {
    // { account, domain, timeoutThreshold, merchant? }: a SPEED_TEST task to each live session of the account.
    method: "POST",
    path: "/__reference/speed-test-task",
    access: "reference",
    body: "json",
    handler(ctx) {
      const b = bodyOf(ctx);
      const member = namedMember(ctx, b);
      if (!member) return refuse(ctx.lang, "account.not.found");
      const domain = typeof b.domain === "string" ? b.domain.trim() : "";
      const timeoutThreshold = b.timeoutThreshold;
      if (!DOMAIN.test(domain) || typeof timeoutThreshold !== "number" || !Number.isInteger(timeoutThreshold)) {
        return refuse(ctx.lang, "speedtest.task.invalid");
      }
      if (timeoutThreshold < 1 || timeoutThreshold > 60_000) return refuse(ctx.lang, "speedtest.task.invalid");
      const { db, notifications } = ctx.runtime;
      const now = ctx.runtime.now();
      const keys = liveSessionHashes(db, member.id, now).map((hash) => hash.slice(0, 32));
      const tasks = createSpeedTestTasks(db, member.id, keys, domain, timeoutThreshold, now);
      for (const task of tasks) {
        notifications.toSession(member.merchant_code, task.sessionKey, "SPEED_TEST", { taskId: task.taskId, domain, timeoutThreshold });
      }
      return ok({ taskIds: tasks.map((t) => t.taskId) });
    },
  },
  {
    // The results the portal reported for an account's tasks (?account=…&merchant=…), newest first.
    method: "GET",
    path: "/__reference/speed-test-results",
    access: "reference",
    handler(ctx) {
      const member = namedMember(ctx, queryOf(ctx));
      if (!member) return refuse(ctx.lang, "account.not.found");
      return ok(speedTestResultsOf(ctx.runtime.db, member.id));
    },
  },
];

export const notifyRelays: RelayDef[] = [
  {
    // { taskId, success, elapsed, message }. A task the operator did not send to this member is
    // refused (as unknown: no telling whose it is), so results always answer a task it issued.
    service: "WPSCORE",
    operation: "postbackSpeedTestResult",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const b = bodyOf(ctx);
      const { taskId, success, elapsed } = b;
      const message = b.message ?? "";
      if (
        typeof taskId !== "string" ||
        taskId.length === 0 ||
        taskId.length > 64 ||
        typeof success !== "boolean" ||
        typeof elapsed !== "number" ||
        !Number.isFinite(elapsed) ||
        elapsed < 0 ||
        elapsed > MAX_ELAPSED_MS ||
        typeof message !== "string" ||
        message.length > MAX_RESULT_MESSAGE
      ) {
        return refuse(ctx.lang, "speedtest.result.invalid");
      }
      const { db } = ctx.runtime;
      if (speedTestTaskOf(db, taskId)?.memberId !== member.id) return refuse(ctx.lang, "speedtest.task.not.found", 200);
      saveSpeedTestResult(db, taskId, { success, elapsed, message }, ctx.runtime.now());
      return ok(true);
    },
  },
];
