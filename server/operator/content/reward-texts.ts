/**
 * The promotions that pay back or reward loyalty, in the six languages: the daily rebate, the
 * loss rescue, invitations, the VIP upgrade bonus and the daily login points.
 */
import { htmlTable, texts } from "./texts";

/** Rebate rates by game type; the header and the type names are the language's. */
const rebates = (head: [string, string], slots: string, live: string, sports: string, lottery: string, comma = false) => {
  const rate = (r: string) => (comma ? r.replace(".", ",") : r);
  return htmlTable([head, [slots, rate("1.2%")], [live, rate("0.8%")], [sports, rate("0.8%")], [lottery, rate("0.5%")]]);
};

export const dailyRebate = texts({
  cn: [
    "每日返水 1.2% 无上限",
    `<p>所有游戏有效投注每日返水，最高 <strong>1.2%</strong>，上不封顶。</p>${rebates(["游戏类型", "返水比例"], "电子游艺", "真人视讯", "体育赛事", "彩票")}<p>返水每天 15:00（GMT+8）发放至奖励中心。</p>`,
  ],
  tw: [
    "每日返水 1.2% 無上限",
    `<p>所有遊戲有效投注每日返水，最高 <strong>1.2%</strong>，上不封頂。</p>${rebates(["遊戲類型", "返水比例"], "電子遊藝", "真人視訊", "體育賽事", "彩票")}<p>返水每天 15:00（GMT+8）發放至獎勵中心。</p>`,
  ],
  ja: [
    "毎日リベート最大1.2%",
    `<p>すべてのゲームの有効ベットに毎日リベート、最大 <strong>1.2%</strong>、上限なし。</p>${rebates(["ゲーム", "還元率"], "スロット", "ライブカジノ", "スポーツ", "宝くじ")}<p>リベートは毎日15:00（GMT+8）にリワードセンターへ付与されます。</p>`,
  ],
  en: [
    "Daily rebate up to 1.2%, no cap",
    `<p>Every valid bet earns a daily rebate of up to <strong>1.2%</strong>, with no cap.</p>${rebates(["Games", "Rebate"], "Slots", "Live casino", "Sports", "Lottery")}<p>Rebates are credited to the reward centre every day at 15:00 (GMT+8).</p>`,
  ],
  th: [
    "เงินคืนรายวันสูงสุด 1.2% ไม่อั้น",
    `<p>ทุกยอดเดิมพันที่ถูกต้องรับเงินคืนรายวันสูงสุด <strong>1.2%</strong> ไม่จำกัดยอด</p>${rebates(["ประเภทเกม", "อัตราคืน"], "สล็อต", "คาสิโนสด", "กีฬา", "หวย")}<p>เงินคืนจะเข้าสู่ศูนย์รางวัลทุกวันเวลา 15:00 (GMT+8)</p>`,
  ],
  vi: [
    "Hoàn trả mỗi ngày đến 1,2%, không giới hạn",
    `<p>Mọi cược hợp lệ đều được hoàn trả mỗi ngày lên đến <strong>1,2%</strong>, không giới hạn.</p>${rebates(["Loại trò chơi", "Tỷ lệ hoàn trả"], "Slot", "Casino trực tuyến", "Thể thao", "Xổ số", true)}<p>Tiền hoàn trả được chuyển vào trung tâm phần thưởng lúc 15:00 (GMT+8) mỗi ngày.</p>`,
  ],
});

export const lossRescue = texts({
  cn: [
    "亏损救援金 5%",
    "<p>当日净亏损达 ¥500 以上，次日可申请 <strong>5%</strong> 救援金，最高 ¥5,888。</p><p>救援金仅需 1 倍流水即可提款。</p>",
  ],
  tw: [
    "虧損救援金 5%",
    "<p>當日淨虧損達 ¥500 以上，隔日可申請 <strong>5%</strong> 救援金，最高 ¥5,888。</p><p>救援金僅需 1 倍流水即可提款。</p>",
  ],
  ja: [
    "損失救済ボーナス 5%",
    "<p>1日の純損失が ¥500 以上の場合、翌日に <strong>5%</strong> の救済ボーナス（最大 ¥5,888）を申請できます。</p><p>救済ボーナスの賭け条件はわずか1倍です。</p>",
  ],
  en: [
    "5% loss rescue",
    "<p>Lost ¥500 or more (net) in a day? Apply the next day for a <strong>5%</strong> rescue bonus, up to ¥5,888.</p><p>Only a 1x wagering requirement applies.</p>",
  ],
  th: [
    "เงินช่วยเหลือยอดเสีย 5%",
    "<p>หากมียอดเสียสุทธิตั้งแต่ ¥500 ขึ้นไปในวันเดียว สามารถขอรับเงินช่วยเหลือ <strong>5%</strong> ได้ในวันถัดไป สูงสุด ¥5,888</p><p>ทำเทิร์นโอเวอร์เพียง 1 เท่าก็ถอนได้</p>",
  ],
  vi: [
    "Cứu trợ thua lỗ 5%",
    "<p>Thua ròng từ ¥500 trở lên trong ngày? Ngày hôm sau hãy đăng ký nhận <strong>5%</strong> tiền cứu trợ, tối đa ¥5.888.</p><p>Chỉ cần doanh thu cược 1 lần là có thể rút.</p>",
  ],
});

export const inviteFriends = texts({
  cn: [
    "邀请好友，每位奖励 ¥58",
    "<p>好友通过您的推荐链接注册并累计存款满 ¥500，您即可获得 <strong>¥58</strong> 奖励，邀请人数不限。</p><ol><li>在会员中心复制您的推荐链接</li><li>分享给好友</li><li>好友达标后奖励自动发放</li></ol>",
  ],
  tw: [
    "邀請好友，每位獎勵 ¥58",
    "<p>好友透過您的推薦連結註冊並累計存款滿 ¥500，您即可獲得 <strong>¥58</strong> 獎勵，邀請人數不限。</p><ol><li>在會員中心複製您的推薦連結</li><li>分享給好友</li><li>好友達標後獎勵自動發放</li></ol>",
  ],
  ja: [
    "友達紹介で1人につき ¥58",
    "<p>紹介リンクから登録したお友達の累計入金が ¥500 に達すると、<strong>¥58</strong> をプレゼント。紹介人数に上限はありません。</p><ol><li>会員センターで紹介リンクをコピー</li><li>お友達にシェア</li><li>条件達成後、報酬が自動で付与されます</li></ol>",
  ],
  en: [
    "Invite friends: ¥58 each",
    "<p>When a friend registers through your referral link and deposits ¥500 in total, you receive <strong>¥58</strong>. There is no limit on invitations.</p><ol><li>Copy your referral link in the member centre</li><li>Share it with your friends</li><li>The reward arrives automatically once they qualify</li></ol>",
  ],
  th: [
    "ชวนเพื่อน รับ ¥58 ต่อคน",
    "<p>เมื่อเพื่อนสมัครผ่านลิงก์แนะนำของท่านและมียอดฝากสะสมครบ ¥500 ท่านจะได้รับ <strong>¥58</strong> ชวนได้ไม่จำกัด</p><ol><li>คัดลอกลิงก์แนะนำในศูนย์สมาชิก</li><li>แชร์ให้เพื่อน</li><li>รับรางวัลอัตโนมัติเมื่อเพื่อนทำครบเงื่อนไข</li></ol>",
  ],
  vi: [
    "Mời bạn bè, nhận ¥58 mỗi người",
    "<p>Khi bạn bè đăng ký qua đường link giới thiệu của quý khách và nạp đủ ¥500, quý khách nhận <strong>¥58</strong>. Không giới hạn số người mời.</p><ol><li>Sao chép link giới thiệu trong trung tâm hội viên</li><li>Chia sẻ cho bạn bè</li><li>Phần thưởng tự động được cộng khi bạn bè đạt điều kiện</li></ol>",
  ],
});

/** The VIP levels' thresholds and bonuses, with the language's thousands separator. */
const vipTable = (head: [string, string, string], sep = ",") => {
  const money = (n: number) => `¥${n.toLocaleString("en-US").replace(/,/g, sep)}`;
  const levels: [string, number, number][] = [
    ["VIP1", 10_000, 18],
    ["VIP3", 200_000, 288],
    ["VIP6", 5_000_000, 8_888],
    ["VIP9", 50_000_000, 88_888],
  ];
  return htmlTable([head, ...levels.map(([level, bets, bonus]) => [level, money(bets), money(bonus)])]);
};

export const vipUpgrade = texts({
  cn: [
    "VIP 晋级礼金",
    `<p>会员等级每提升一级，即可获得对应晋级礼金，最高 <strong>¥88,888</strong>。</p>${vipTable(["等级", "累计有效投注", "晋级礼金"])}`,
  ],
  tw: [
    "VIP 晉級禮金",
    `<p>會員等級每提升一級，即可獲得對應晉級禮金，最高 <strong>¥88,888</strong>。</p>${vipTable(["等級", "累計有效投注", "晉級禮金"])}`,
  ],
  ja: [
    "VIP昇格ボーナス",
    `<p>会員ランクが上がるたびに昇格ボーナスを進呈、最大 <strong>¥88,888</strong>。</p>${vipTable(["ランク", "累計有効ベット", "昇格ボーナス"])}`,
  ],
  en: [
    "VIP upgrade bonus",
    `<p>Every time you move up a VIP level you receive an upgrade bonus, up to <strong>¥88,888</strong>.</p>${vipTable(["Level", "Total valid bets", "Bonus"])}`,
  ],
  th: [
    "โบนัสเลื่อนระดับ VIP",
    `<p>ทุกครั้งที่เลื่อนระดับ VIP รับโบนัสเลื่อนขั้น สูงสุด <strong>¥88,888</strong></p>${vipTable(["ระดับ", "ยอดเดิมพันสะสม", "โบนัส"])}`,
  ],
  vi: [
    "Thưởng thăng cấp VIP",
    `<p>Mỗi lần thăng cấp VIP, quý khách nhận tiền thưởng thăng cấp, tối đa <strong>¥88.888</strong>.</p>${vipTable(["Cấp", "Tổng cược hợp lệ", "Tiền thưởng"], ".")}`,
  ],
});

export const loginPoints = texts({
  cn: [
    "每日登录领积分",
    "<p>每天登录即可领取 <strong>10</strong> 积分，连续登录 7 天额外再送 50 积分。</p><p>积分可在积分商城兑换彩金与礼品。</p>",
  ],
  tw: [
    "每日登入領積分",
    "<p>每天登入即可領取 <strong>10</strong> 積分，連續登入 7 天額外再送 50 積分。</p><p>積分可於積分商城兌換彩金與禮品。</p>",
  ],
  ja: [
    "毎日ログインでポイント",
    "<p>毎日ログインするだけで <strong>10</strong> ポイント、7日連続ログインでさらに50ポイントをプレゼント。</p><p>ポイントはポイントモールでボーナスや景品と交換できます。</p>",
  ],
  en: [
    "Log in daily, collect points",
    "<p>Log in each day to collect <strong>10</strong> points, plus 50 bonus points for a 7-day streak.</p><p>Redeem points for bonuses and gifts in the points mall.</p>",
  ],
  th: [
    "ล็อกอินทุกวัน รับคะแนน",
    "<p>เข้าสู่ระบบทุกวันรับ <strong>10</strong> คะแนน และรับเพิ่มอีก 50 คะแนนเมื่อเข้าสู่ระบบต่อเนื่องครบ 7 วัน</p><p>นำคะแนนไปแลกโบนัสและของรางวัลได้ที่ร้านแลกคะแนน</p>",
  ],
  vi: [
    "Đăng nhập mỗi ngày, nhận điểm",
    "<p>Đăng nhập mỗi ngày nhận <strong>10</strong> điểm, thêm 50 điểm khi đăng nhập liên tục 7 ngày.</p><p>Dùng điểm để đổi tiền thưởng và quà tại cửa hàng điểm thưởng.</p>",
  ],
});
