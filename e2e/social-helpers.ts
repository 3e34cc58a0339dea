/**
 * Shared pieces of the social, Telegram and free-play journeys: where the other ways in are
 * shown, the texts a player reads (CN), switches and the identity-service configuration of the
 * reference operator.
 */
import { OPERATOR_URL } from "./helpers";

/**
 * The page that shows the other ways in (social buttons, Telegram, free play).
 */
export const OTHER_WAYS_PAGE = "/login";

export const SOCIAL_CN = {
  freePlay: "免费试玩",
  needsScripts: "第三方账号登录需要启用浏览器的 JavaScript。",
  google: "使用 Google 登录",
  noGoogle: "本站不支持谷歌服务。",
  sorryIn: "抱歉，请先登录。",
  pleaseAccount: "请使用真实账号：试玩账号无法打开此页面。",
  trialBadge: "试玩",
  trialHint: "您正在使用试玩账号。会员中心和修改密码需要真实账号：请退出后注册，或使用您自己的账号登录。",
  changePassword: "修改密码",
  memberCentre: "会员中心",
  bindTitle: "关联账户",
  bindSubmit: "登录并关联",
  autoRegister: "自动创建新账户",
  manualRegister: "注册新账户",
  incorrectPassword: "用户名或密码错误。",
  vipNone: "暂无",
} as const;

async function reference(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${OPERATOR_URL}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { success: boolean };
  if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
}

export const setSwitches = (features: Record<string, boolean>) => reference("/__reference/features", { features });
/** null: the merchant has no identity-service configuration; undefined: the default again. */
export const setFirebaseConfig = (config?: null) => reference("/__reference/firebase", config === undefined ? {} : { config });
export const createMember = (m: { username: string; password: string; nickname?: string }) => reference("/__reference/members", m);

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6)}${counter++}`;
