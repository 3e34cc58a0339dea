/**
 * The content area's languages and the small texts it answers from code: the promotion
 * categories, the app's install guide and the area's own failure messages. The longer seed
 * texts live in notice-texts.ts, promotion-texts.ts and help-texts.ts.
 */
import type { MessageLanguage } from "../catalog";
import { GAME_LANGUAGES, gameLanguageOf, type GameLanguage } from "../games/names";

/** The portal's six languages, keyed as the games catalogue keys them. */
export type Lang = GameLanguage;
export const LANGS = GAME_LANGUAGES;
export type Six = Record<Lang, string>;

/** The portal's own code of a language, as image URLs carry it (`?lang=CN`). */
export const PORTAL_CODE: Six = { cn: "CN", tw: "TW", ja: "JA", en: "EN", th: "TH", vi: "VI" };

export const six = (cn: string, tw: string, ja: string, en: string, th: string, vi: string): Six => ({ cn, tw, ja, en, th, vi });

/**
 * The first of the values that names a language (a `language` query or field, the raw Language
 * header), else Simplified Chinese: the operator's content is written for zh_CN first, whatever
 * the merchant's default message language is.
 */
export function langOf(...values: unknown[]): Lang {
  for (const value of values) {
    const one = Array.isArray(value) ? value[0] : value;
    const lang = typeof one === "string" ? gameLanguageOf(one) : null;
    if (lang) return lang;
  }
  return "cn";
}

export interface Text {
  title: string;
  content: string;
}
export type Texts = Record<Lang, Text>;

/** Title and content per language, written as pairs to keep each language on one line. */
export function texts(rows: Record<Lang, readonly [title: string, content: string]>): Texts {
  return Object.fromEntries(LANGS.map((lang) => [lang, { title: rows[lang][0], content: rows[lang][1] }])) as Texts;
}

/** One text for every language (the back-office helper stores what a test gives as is). */
export const sameInEvery = (text: Text): Texts => Object.fromEntries(LANGS.map((lang) => [lang, text])) as Texts;

/** Escapes a value for HTML text or a double-quoted attribute. */
export function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

/** A terms table: the first row is the header; cells are text. */
export const htmlTable = (rows: readonly (readonly string[])[]) =>
  `<table>${rows.map((cells, i) => `<tr>${cells.map((c) => (i === 0 ? `<th>${escapeText(c)}</th>` : `<td>${escapeText(c)}</td>`)).join("")}</tr>`).join("")}</table>`;

export const PROMOTION_CATEGORIES = ["ALL", "NEW", "DEPOSIT", "REBATE", "VIP"] as const;
export type PromotionCategory = Exclude<(typeof PROMOTION_CATEGORIES)[number], "ALL">;

export const CATEGORY_NAMES: Record<(typeof PROMOTION_CATEGORIES)[number], Six> = {
  ALL: six("全部", "全部", "すべて", "All", "ทั้งหมด", "Tất cả"),
  NEW: six("最新活动", "最新活動", "新着", "New", "ใหม่ล่าสุด", "Mới nhất"),
  DEPOSIT: six("存款优惠", "儲值優惠", "入金ボーナス", "Deposit bonuses", "โบนัสเงินฝาก", "Ưu đãi nạp tiền"),
  REBATE: six("返水", "返水", "リベート", "Rebates", "เงินคืน", "Hoàn trả"),
  VIP: six("VIP 专享", "VIP 專享", "VIP特典", "VIP", "สิทธิพิเศษ VIP", "Đặc quyền VIP"),
};

type Step = readonly [title: string, text: string];
const GUIDE: Record<Lang, readonly Step[]> = {
  cn: [
    ["打开下载页", "用手机浏览器打开下载页，或扫描页面上的二维码。"],
    ["选择系统", "根据手机系统选择 iOS 或 Android 版本。"],
    ["允许安装", "Android 请允许“安装未知来源应用”；iOS 请在“设置 → 通用 → VPN 与设备管理”中信任描述文件。"],
    ["安装并打开", "等待下载完成后安装，并从桌面打开 App。"],
    ["登录账户", "使用网站的用户名和密码登录，无需重新注册。"],
    ["开启通知", "允许消息通知，第一时间收到活动与到账提醒。"],
  ],
  tw: [
    ["開啟下載頁", "用手機瀏覽器開啟下載頁，或掃描頁面上的 QR Code。"],
    ["選擇系統", "依手機系統選擇 iOS 或 Android 版本。"],
    ["允許安裝", "Android 請允許「安裝不明來源應用程式」；iOS 請於「設定 → 一般 → VPN 與裝置管理」中信任描述檔。"],
    ["安裝並開啟", "下載完成後進行安裝，並從主畫面開啟 App。"],
    ["登入帳戶", "使用網站的使用者名稱與密碼登入，無須重新註冊。"],
    ["開啟通知", "允許訊息通知，第一時間收到活動與到帳提醒。"],
  ],
  ja: [
    ["ダウンロードページを開く", "スマートフォンのブラウザでダウンロードページを開くか、QRコードを読み取ります。"],
    ["OSを選ぶ", "お使いの端末に合わせて iOS 版または Android 版を選びます。"],
    [
      "インストールを許可",
      "Android は「提供元不明のアプリ」のインストールを許可し、iOS は「設定 → 一般 → VPNとデバイス管理」でプロファイルを信頼してください。",
    ],
    ["インストールして起動", "ダウンロード完了後にインストールし、ホーム画面からアプリを開きます。"],
    ["ログイン", "サイトと同じユーザー名とパスワードでログインできます。再登録は不要です。"],
    ["通知をオン", "通知を許可すると、キャンペーンや入出金のお知らせをすぐに受け取れます。"],
  ],
  en: [
    ["Open the download page", "Open the download page in your phone's browser, or scan the QR code."],
    ["Choose your system", "Pick the iOS or Android version for your phone."],
    [
      "Allow the installation",
      "On Android, allow installing apps from unknown sources; on iOS, trust the profile under Settings → General → VPN & Device Management.",
    ],
    ["Install and open", "Install the app when the download finishes and open it from your home screen."],
    ["Log in", "Use the same username and password as on the website; no new registration is needed."],
    ["Turn on notifications", "Allow notifications to hear about promotions and payments first."],
  ],
  th: [
    ["เปิดหน้าดาวน์โหลด", "เปิดหน้าดาวน์โหลดด้วยเบราว์เซอร์บนมือถือ หรือสแกน QR Code"],
    ["เลือกระบบ", "เลือกเวอร์ชัน iOS หรือ Android ให้ตรงกับโทรศัพท์ของท่าน"],
    ["อนุญาตการติดตั้ง", "Android ให้อนุญาตการติดตั้งแอปจากแหล่งที่ไม่รู้จัก ส่วน iOS ให้เชื่อถือโปรไฟล์ที่ การตั้งค่า → ทั่วไป → VPN และการจัดการอุปกรณ์"],
    ["ติดตั้งและเปิดแอป", "ติดตั้งเมื่อดาวน์โหลดเสร็จ แล้วเปิดแอปจากหน้าจอหลัก"],
    ["เข้าสู่ระบบ", "ใช้ชื่อผู้ใช้และรหัสผ่านเดียวกับบนเว็บไซต์ ไม่ต้องสมัครใหม่"],
    ["เปิดการแจ้งเตือน", "อนุญาตการแจ้งเตือนเพื่อรับข่าวโปรโมชั่นและการแจ้งเงินเข้าก่อนใคร"],
  ],
  vi: [
    ["Mở trang tải xuống", "Mở trang tải xuống bằng trình duyệt trên điện thoại hoặc quét mã QR."],
    ["Chọn hệ điều hành", "Chọn phiên bản iOS hoặc Android phù hợp với điện thoại."],
    [
      "Cho phép cài đặt",
      "Trên Android, cho phép cài ứng dụng từ nguồn không xác định; trên iOS, tin cậy hồ sơ trong Cài đặt → Cài đặt chung → Quản lý VPN & thiết bị.",
    ],
    ["Cài đặt và mở", "Cài đặt khi tải xong và mở ứng dụng từ màn hình chính."],
    ["Đăng nhập", "Dùng tên đăng nhập và mật khẩu như trên website, không cần đăng ký lại."],
    ["Bật thông báo", "Cho phép thông báo để nhận tin khuyến mãi và giao dịch sớm nhất."],
  ],
};

/** The app's install guide in a language: six steps. */
export function downloadGuide(lang: Lang): { step: number; title: string; text: string }[] {
  return GUIDE[lang].map(([title, text], i) => ({ step: i + 1, title, text }));
}

/** Failures only this area answers (failWith), so the shared catalogue keeps its generic codes generic. */
export const CONTENT_MESSAGES: Record<string, Record<MessageLanguage, string>> = {
  "announcement.not.found": { zh: "公告不存在或已下架", en: "This announcement does not exist or has ended" },
};
