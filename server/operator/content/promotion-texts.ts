/**
 * What the promotion pages show, in the six languages: the banners' titles, the two pop-ups and
 * the eight promotions with their terms. Amounts are the demo merchant's (CNY).
 */
import type { Names } from "../games/names";
import { htmlTable, LANGS, six, texts, type Lang, type Six } from "./texts";

export const BANNER_TITLES = {
  welcome: six(
    "新会员注册即送 ¥88 彩金",
    "新會員註冊即送 ¥88 彩金",
    "新規登録で ¥88 ボーナスプレゼント",
    "Sign up today and get a ¥88 bonus",
    "สมัครวันนี้ รับโบนัส ¥88",
    "Đăng ký ngay, nhận thưởng ¥88",
  ),
  news: six(
    "赛事资讯与热门赛事前瞻",
    "賽事資訊與熱門賽事前瞻",
    "最新ニュースと注目試合プレビュー",
    "Latest news and match previews",
    "ข่าวล่าสุดและวิเคราะห์บอลคู่เด็ด",
    "Tin tức mới và nhận định trận đấu",
  ),
  firstDeposit: six(
    "首存 100% 红利，最高 ¥1,888",
    "首存 100% 紅利，最高 ¥1,888",
    "初回入金 100% ボーナス 最大 ¥1,888",
    "100% first deposit bonus up to ¥1,888",
    "โบนัสฝากแรก 100% สูงสุด ¥1,888",
    "Thưởng nạp đầu 100% tối đa ¥1.888",
  ),
  lottery: six(
    "彩票大厅：每 5 分钟一期，天天开奖",
    "彩票大廳：每 5 分鐘一期，天天開獎",
    "宝くじ：5分ごとに抽選、毎日開催",
    "Lottery: a new draw every 5 minutes",
    "หวยออนไลน์ ออกผลทุก 5 นาที ทุกวัน",
    "Xổ số: quay thưởng mỗi 5 phút, mỗi ngày",
  ),
} satisfies Record<string, Six>;

const LIVE_CASINO = six("真人娱乐", "真人娛樂", "ライブカジノ", "Live casino", "คาสิโนสด", "Casino trực tuyến");

/** The game banner's title: the live table's name in each language. */
export const liveTableTitle = (n: Names): Six =>
  Object.fromEntries(LANGS.map((lang: Lang) => [lang, `${LIVE_CASINO[lang]} · ${n[lang]}`])) as Six;

export const welcomePopup = texts({
  cn: [
    "欢迎来到本站！",
    "<p>新会员注册并完成手机验证，即可获得 <strong>¥88</strong> 体验彩金。</p><p>首存再享 <strong>100%</strong> 红利，最高 ¥1,888。</p>",
  ],
  tw: [
    "歡迎光臨！",
    "<p>新會員註冊並完成手機驗證，即可獲得 <strong>¥88</strong> 體驗彩金。</p><p>首存再享 <strong>100%</strong> 紅利，最高 ¥1,888。</p>",
  ],
  ja: [
    "ようこそ！",
    "<p>新規登録と携帯電話の認証を完了すると、<strong>¥88</strong> のお試しボーナスをプレゼント。</p><p>さらに初回入金で <strong>100%</strong> ボーナス（最大 ¥1,888）。</p>",
  ],
  en: [
    "Welcome aboard!",
    "<p>Register and verify your mobile number to receive a <strong>¥88</strong> welcome bonus.</p><p>Then get a <strong>100%</strong> bonus on your first deposit, up to ¥1,888.</p>",
  ],
  th: [
    "ยินดีต้อนรับ!",
    "<p>สมัครสมาชิกและยืนยันเบอร์โทรศัพท์ รับโบนัสต้อนรับ <strong>¥88</strong></p><p>ฝากครั้งแรกรับเพิ่มอีก <strong>100%</strong> สูงสุด ¥1,888</p>",
  ],
  vi: [
    "Chào mừng bạn!",
    "<p>Đăng ký và xác minh số điện thoại để nhận <strong>¥88</strong> tiền thưởng chào mừng.</p><p>Nạp lần đầu nhận thêm <strong>100%</strong>, tối đa ¥1.888.</p>",
  ],
});

export const appPopup = texts({
  cn: [
    "下载 App，充值多送 5%",
    "<p>使用官方 App 充值，每笔额外赠送 <strong>5%</strong>，单日最高 ¥288。</p><p>App 支持指纹登录与消息推送，精彩活动不错过。</p>",
  ],
  tw: [
    "下載 App，儲值多送 5%",
    "<p>使用官方 App 儲值，每筆額外加贈 <strong>5%</strong>，單日最高 ¥288。</p><p>App 支援指紋登入與訊息推播，精彩活動不錯過。</p>",
  ],
  ja: [
    "アプリ入金で5%上乗せ",
    "<p>公式アプリからの入金は毎回 <strong>5%</strong> を上乗せ（1日最大 ¥288）。</p><p>指紋ログインやプッシュ通知にも対応、お得なキャンペーンを見逃しません。</p>",
  ],
  en: [
    "Get the app: 5% extra on deposits",
    "<p>Deposit through the official app and get <strong>5%</strong> extra on every deposit, up to ¥288 a day.</p><p>The app supports fingerprint login and push notifications, so you never miss a promotion.</p>",
  ],
  th: [
    "ดาวน์โหลดแอป ฝากเงินรับเพิ่ม 5%",
    "<p>ฝากเงินผ่านแอปทางการ รับเพิ่ม <strong>5%</strong> ทุกยอดฝาก สูงสุด ¥288 ต่อวัน</p><p>แอปรองรับการเข้าสู่ระบบด้วยลายนิ้วมือและการแจ้งเตือน ไม่พลาดทุกโปรโมชั่น</p>",
  ],
  vi: [
    "Tải ứng dụng, nạp tiền thêm 5%",
    "<p>Nạp tiền qua ứng dụng chính thức để nhận thêm <strong>5%</strong> mỗi lần nạp, tối đa ¥288 mỗi ngày.</p><p>Ứng dụng hỗ trợ đăng nhập bằng vân tay và thông báo đẩy, không bỏ lỡ khuyến mãi nào.</p>",
  ],
});

export const welcomeBonus = texts({
  cn: [
    "新会员注册彩金 ¥88",
    "<p>活动期间注册并完成手机验证的新会员，即可领取 <strong>¥88</strong> 彩金。</p><ul><li>彩金需完成 <strong>5 倍</strong>流水方可提款</li><li>每位会员、每个手机号码、每台设备限领一次</li></ul>",
  ],
  tw: [
    "新會員註冊彩金 ¥88",
    "<p>活動期間註冊並完成手機驗證的新會員，即可領取 <strong>¥88</strong> 彩金。</p><ul><li>彩金須完成 <strong>5 倍</strong>流水方可提款</li><li>每位會員、每個手機號碼、每台裝置限領一次</li></ul>",
  ],
  ja: [
    "新規登録ボーナス ¥88",
    "<p>期間中に新規登録し、携帯電話の認証を完了した方に <strong>¥88</strong> のボーナスを差し上げます。</p><ul><li>出金には <strong>5倍</strong> の賭け条件があります</li><li>お一人様・電話番号・端末ごとに1回限り</li></ul>",
  ],
  en: [
    "¥88 welcome bonus",
    "<p>New members who register and verify their mobile number during the promotion receive a <strong>¥88</strong> bonus.</p><ul><li>A <strong>5x</strong> wagering requirement applies before withdrawal</li><li>One per member, mobile number and device</li></ul>",
  ],
  th: [
    "โบนัสสมาชิกใหม่ ¥88",
    "<p>สมาชิกใหม่ที่สมัครและยืนยันเบอร์โทรศัพท์ในช่วงโปรโมชั่น รับโบนัส <strong>¥88</strong></p><ul><li>ต้องทำยอดเทิร์นโอเวอร์ <strong>5 เท่า</strong> ก่อนถอน</li><li>จำกัดหนึ่งสิทธิ์ต่อสมาชิก เบอร์โทรศัพท์ และอุปกรณ์</li></ul>",
  ],
  vi: [
    "Thưởng chào mừng ¥88",
    "<p>Hội viên mới đăng ký và xác minh số điện thoại trong thời gian khuyến mãi sẽ nhận <strong>¥88</strong> tiền thưởng.</p><ul><li>Cần đạt doanh thu cược <strong>5 lần</strong> trước khi rút</li><li>Mỗi hội viên, số điện thoại và thiết bị chỉ nhận một lần</li></ul>",
  ],
});

export const firstDepositBonus = texts({
  cn: [
    "首存 100% 红利",
    `<h3>首存送 100%，最高 ¥1,888</h3>${htmlTable([
      ["存款金额", "红利", "流水要求"],
      ["¥100 – ¥999", "100%", "10 倍"],
      ["¥1,000 及以上", "100%（最高 ¥1,888）", "12 倍"],
    ])}<p>红利在存款成功后自动发放至奖励中心。</p>`,
  ],
  tw: [
    "首存 100% 紅利",
    `<h3>首存送 100%，最高 ¥1,888</h3>${htmlTable([
      ["存款金額", "紅利", "流水要求"],
      ["¥100 – ¥999", "100%", "10 倍"],
      ["¥1,000 以上", "100%（最高 ¥1,888）", "12 倍"],
    ])}<p>紅利於存款成功後自動發放至獎勵中心。</p>`,
  ],
  ja: [
    "初回入金 100% ボーナス",
    `<h3>初回入金100%、最大 ¥1,888</h3>${htmlTable([
      ["入金額", "ボーナス", "賭け条件"],
      ["¥100〜¥999", "100%", "10倍"],
      ["¥1,000以上", "100%（最大 ¥1,888）", "12倍"],
    ])}<p>ボーナスは入金完了後、自動的にリワードセンターへ付与されます。</p>`,
  ],
  en: [
    "100% first deposit bonus",
    `<h3>100% on your first deposit, up to ¥1,888</h3>${htmlTable([
      ["Deposit", "Bonus", "Wagering"],
      ["¥100 – ¥999", "100%", "10x"],
      ["¥1,000 and more", "100% (up to ¥1,888)", "12x"],
    ])}<p>The bonus is credited to the reward centre as soon as the deposit succeeds.</p>`,
  ],
  th: [
    "โบนัสฝากแรก 100%",
    `<h3>ฝากแรกรับ 100% สูงสุด ¥1,888</h3>${htmlTable([
      ["ยอดฝาก", "โบนัส", "เทิร์นโอเวอร์"],
      ["¥100 – ¥999", "100%", "10 เท่า"],
      ["¥1,000 ขึ้นไป", "100% (สูงสุด ¥1,888)", "12 เท่า"],
    ])}<p>โบนัสจะเข้าสู่ศูนย์รางวัลโดยอัตโนมัติเมื่อฝากเงินสำเร็จ</p>`,
  ],
  vi: [
    "Thưởng nạp đầu 100%",
    `<h3>Nạp lần đầu nhận 100%, tối đa ¥1.888</h3>${htmlTable([
      ["Số tiền nạp", "Thưởng", "Doanh thu cược"],
      ["¥100 – ¥999", "100%", "10 lần"],
      ["Từ ¥1.000", "100% (tối đa ¥1.888)", "12 lần"],
    ])}<p>Tiền thưởng được chuyển tự động vào trung tâm phần thưởng ngay khi nạp thành công.</p>`,
  ],
});

export const thirdDepositBonus = texts({
  cn: [
    "每日第三笔存款加赠 10%",
    "<p>每天第三笔存款满 ¥200，即可获得 <strong>10%</strong> 加赠，最高 ¥388。</p><p>加赠彩金需完成 8 倍流水。</p>",
  ],
  tw: [
    "每日第三筆存款加贈 10%",
    "<p>每天第三筆存款滿 ¥200，即可獲得 <strong>10%</strong> 加贈，最高 ¥388。</p><p>加贈彩金須完成 8 倍流水。</p>",
  ],
  ja: [
    "毎日3回目の入金で10%上乗せ",
    "<p>1日3回目の入金が ¥200 以上で <strong>10%</strong> を上乗せ（最大 ¥388）。</p><p>上乗せ分には8倍の賭け条件があります。</p>",
  ],
  en: [
    "10% extra on your third deposit of the day",
    "<p>Make your third deposit of the day of ¥200 or more and get <strong>10%</strong> extra, up to ¥388.</p><p>An 8x wagering requirement applies to the extra.</p>",
  ],
  th: [
    "ฝากครั้งที่ 3 ของวัน รับเพิ่ม 10%",
    "<p>ฝากเงินครั้งที่ 3 ของวันตั้งแต่ ¥200 ขึ้นไป รับเพิ่ม <strong>10%</strong> สูงสุด ¥388</p><p>โบนัสเพิ่มต้องทำเทิร์นโอเวอร์ 8 เท่า</p>",
  ],
  vi: [
    "Nạp lần thứ ba trong ngày, thưởng thêm 10%",
    "<p>Lần nạp thứ ba trong ngày từ ¥200 trở lên được thưởng thêm <strong>10%</strong>, tối đa ¥388.</p><p>Tiền thưởng thêm yêu cầu doanh thu cược 8 lần.</p>",
  ],
});
