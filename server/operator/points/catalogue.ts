/**
 * The points mall's catalogue (document 002, section 3; decision 033): reward types and rewards
 * named in the portal's six languages, with their prices, inventory and image counts. Written by
 * the seed for both merchants; deterministic, so ids are the same on every start.
 *
 * Chosen to exercise every rule of the mall: a type with more rewards than the 7 a selected type
 * shows (gift cards: 12), a reward with 8 images (the gallery loops past 5), one sold out, rewards
 * priced in points only (P), in points plus money only (no point price: PM is the default), and
 * both (displayPointMoneyAmt Y).
 */
import type { GameLanguage } from "../games/names";

type Words = readonly [cn: string, tw: string, ja: string, en: string, th: string, vi: string];
export type Names = Record<GameLanguage, string>;

const names = (w: Words): Names => ({ cn: w[0], tw: w[1], ja: w[2], en: w[3], th: w[4], vi: w[5] });

export interface RewardTypeSeed {
  code: string;
  names: Names;
}

export const REWARD_TYPES: readonly RewardTypeSeed[] = [
  { code: "DIGITAL", names: names(["数码产品", "數碼產品", "デジタル製品", "Digital", "ดิจิทัล", "Kỹ thuật số"]) },
  { code: "LUXURY", names: names(["奢华精品", "奢華精品", "高級ブランド", "Luxury", "สินค้าหรู", "Hàng cao cấp"]) },
  { code: "HOME", names: names(["家居生活", "家居生活", "生活雑貨", "Home & living", "ของใช้ในบ้าน", "Gia dụng"]) },
  { code: "VOUCHER", names: names(["礼品卡券", "禮品卡券", "ギフトカード", "Gift cards", "บัตรของขวัญ", "Thẻ quà tặng"]) },
  { code: "BONUS", names: names(["彩金红包", "彩金紅包", "ボーナス", "Bonus credit", "เครดิตโบนัส", "Tiền thưởng"]) },
];

export interface RewardSeed {
  type: string;
  names: Names;
  /** Points price (redeem type P); null: only points plus money. */
  price: number | null;
  /** Points plus money (redeem type PM); null: points only. */
  pm: { points: number; money: string } | null;
  inventory: number;
  images: number;
  /** The look of its generated images: a hue and a one-letter mark. */
  hue: number;
  mark: string;
  description: Names;
}

const desc = {
  digital: names([
    "全新国行正品，含官方保修一年，兑换后 7 个工作日内发货。",
    "全新正品，含官方保固一年，兌換後 7 個工作日內出貨。",
    "新品・正規品。メーカー保証 1 年。交換後 7 営業日以内に発送します。",
    "Brand new with a one-year official warranty. Ships within 7 working days of redemption.",
    "สินค้าใหม่ของแท้ รับประกันศูนย์ 1 ปี จัดส่งภายใน 7 วันทำการหลังแลก",
    "Hàng mới chính hãng, bảo hành 1 năm. Giao trong 7 ngày làm việc sau khi đổi.",
  ]),
  luxury: names([
    "附正品证书与礼盒包装，专人配送并需本人签收。",
    "附正品證書與禮盒包裝，專人配送並需本人簽收。",
    "正規品証明書とギフトボックス付き。本人受取の専用配送です。",
    "Comes with a certificate of authenticity and gift box; delivered by courier, signed for in person.",
    "มาพร้อมใบรับรองของแท้และกล่องของขวัญ จัดส่งโดยพนักงานและต้องเซ็นรับด้วยตนเอง",
    "Kèm giấy chứng nhận chính hãng và hộp quà; giao tận tay, ký nhận trực tiếp.",
  ]),
  home: names([
    "品牌家电，全国联保，兑换后 10 个工作日内送达。",
    "品牌家電，全台保固，兌換後 10 個工作日內送達。",
    "ブランド家電。全国保証付き。交換後 10 営業日以内にお届けします。",
    "Branded appliance with a nationwide warranty, delivered within 10 working days.",
    "เครื่องใช้ไฟฟ้าแบรนด์ดัง รับประกันทั่วประเทศ จัดส่งภายใน 10 วันทำการ",
    "Đồ gia dụng chính hãng, bảo hành toàn quốc, giao trong 10 ngày làm việc.",
  ]),
  voucher: names([
    "电子卡密将发送至您的站内信，有效期一年。",
    "電子卡密將發送至您的站內信，有效期一年。",
    "電子コードはサイト内メッセージに届きます。有効期限は 1 年です。",
    "The e-code is sent to your inbox and is valid for one year.",
    "รหัสอิเล็กทรอนิกส์จะส่งไปยังกล่องข้อความของคุณ ใช้ได้ 1 ปี",
    "Mã điện tử được gửi vào hộp thư của bạn, hiệu lực một năm.",
  ]),
  bonus: names([
    "审核通过后彩金直接加入主钱包，需完成 1 倍流水。",
    "審核通過後彩金直接加入主錢包，需完成 1 倍流水。",
    "承認後、ボーナスはメインウォレットに入金されます（1 倍の賭け条件）。",
    "Credited to your main wallet once approved; 1× turnover applies.",
    "เครดิตเข้ากระเป๋าหลักเมื่ออนุมัติ ต้องทำยอดเทิร์น 1 เท่า",
    "Cộng vào ví chính sau khi duyệt; yêu cầu doanh thu cược 1 lần.",
  ]),
};

const r = (
  type: string,
  w: Words,
  price: number | null,
  pm: RewardSeed["pm"],
  inventory: number,
  images: number,
  hue: number,
  mark: string,
  description: Names,
): RewardSeed => ({ type, names: names(w), price, pm, inventory, images, hue, mark, description });

export const REWARDS: readonly RewardSeed[] = [
  r(
    "DIGITAL",
    [
      "旗舰智能手机 256GB",
      "旗艦智慧型手機 256GB",
      "フラッグシップスマホ 256GB",
      "Flagship phone 256 GB",
      "สมาร์ทโฟนเรือธง 256GB",
      "Điện thoại cao cấp 256GB",
    ],
    68000,
    { points: 34000, money: "2999.00" },
    12,
    8,
    210,
    "P",
    desc.digital,
  ),
  r(
    "DIGITAL",
    ["无线降噪耳机", "無線降噪耳機", "ワイヤレスイヤホン", "Noise-cancelling earbuds", "หูฟังไร้สายตัดเสียง", "Tai nghe chống ồn"],
    9800,
    null,
    40,
    4,
    190,
    "E",
    desc.digital,
  ),
  r(
    "DIGITAL",
    ["智能手表", "智慧手錶", "スマートウォッチ", "Smart watch", "สมาร์ทวอทช์", "Đồng hồ thông minh"],
    15800,
    null,
    25,
    3,
    170,
    "W",
    desc.digital,
  ),
  r(
    "DIGITAL",
    ["11 英寸平板电脑", "11 吋平板電腦", "11 インチタブレット", "11-inch tablet", "แท็บเล็ต 11 นิ้ว", "Máy tính bảng 11 inch"],
    null,
    { points: 12000, money: "1299.00" },
    8,
    5,
    230,
    "T",
    desc.digital,
  ),
  r(
    "DIGITAL",
    ["蓝牙音箱", "藍牙音箱", "Bluetooth スピーカー", "Bluetooth speaker", "ลำโพงบลูทูธ", "Loa Bluetooth"],
    4800,
    null,
    60,
    2,
    200,
    "S",
    desc.digital,
  ),
  r(
    "LUXURY",
    ["足金金条 10 克", "足金金條 10 克", "純金バー 10g", "Gold bar, 10 g", "ทองคำแท่ง 10 กรัม", "Vàng miếng 10 g"],
    98000,
    null,
    5,
    6,
    45,
    "G",
    desc.luxury,
  ),
  r(
    "LUXURY",
    ["设计师手提包", "設計師手提包", "デザイナーズバッグ", "Designer handbag", "กระเป๋าถือดีไซเนอร์", "Túi xách thiết kế"],
    56000,
    { points: 28000, money: "1888.00" },
    3,
    5,
    330,
    "H",
    desc.luxury,
  ),
  r(
    "LUXURY",
    ["瑞士机械腕表", "瑞士機械腕錶", "スイス製機械式時計", "Swiss automatic watch", "นาฬิกากลไกสวิส", "Đồng hồ cơ Thụy Sĩ"],
    120000,
    null,
    0,
    4,
    20,
    "W",
    desc.luxury,
  ),
  r(
    "LUXURY",
    ["钻石吊坠", "鑽石吊墜", "ダイヤモンドペンダント", "Diamond pendant", "จี้เพชร", "Mặt dây kim cương"],
    null,
    { points: 20000, money: "999.00" },
    6,
    3,
    280,
    "D",
    desc.luxury,
  ),
  r(
    "HOME",
    ["空气炸锅", "氣炸鍋", "エアフライヤー", "Air fryer", "หม้อทอดไร้น้ำมัน", "Nồi chiên không dầu"],
    3600,
    null,
    80,
    3,
    25,
    "A",
    desc.home,
  ),
  r(
    "HOME",
    ["扫地机器人", "掃地機器人", "ロボット掃除機", "Robot vacuum", "หุ่นยนต์ดูดฝุ่น", "Robot hút bụi"],
    12800,
    { points: 6400, money: "699.00" },
    20,
    4,
    160,
    "R",
    desc.home,
  ),
  r(
    "HOME",
    ["全自动咖啡机", "全自動咖啡機", "全自動コーヒーメーカー", "Espresso machine", "เครื่องชงกาแฟอัตโนมัติ", "Máy pha cà phê"],
    18800,
    null,
    15,
    2,
    30,
    "C",
    desc.home,
  ),
  r(
    "HOME",
    ["智能电饭煲", "智慧電子鍋", "スマート炊飯器", "Smart rice cooker", "หม้อหุงข้าวอัจฉริยะ", "Nồi cơm điện thông minh"],
    2800,
    null,
    100,
    1,
    10,
    "K",
    desc.home,
  ),
  r(
    "VOUCHER",
    ["购物卡 100 元", "購物卡 100 元", "ショッピングカード 100", "Shopping card 100", "บัตรช้อปปิ้ง 100", "Thẻ mua sắm 100"],
    1100,
    null,
    500,
    1,
    140,
    "1",
    desc.voucher,
  ),
  r(
    "VOUCHER",
    ["购物卡 200 元", "購物卡 200 元", "ショッピングカード 200", "Shopping card 200", "บัตรช้อปปิ้ง 200", "Thẻ mua sắm 200"],
    2150,
    null,
    500,
    1,
    145,
    "2",
    desc.voucher,
  ),
  r(
    "VOUCHER",
    ["购物卡 500 元", "購物卡 500 元", "ショッピングカード 500", "Shopping card 500", "บัตรช้อปปิ้ง 500", "Thẻ mua sắm 500"],
    5300,
    null,
    300,
    1,
    150,
    "5",
    desc.voucher,
  ),
  r(
    "VOUCHER",
    ["购物卡 1000 元", "購物卡 1000 元", "ショッピングカード 1000", "Shopping card 1000", "บัตรช้อปปิ้ง 1000", "Thẻ mua sắm 1000"],
    10500,
    null,
    200,
    1,
    155,
    "K",
    desc.voucher,
  ),
  r(
    "VOUCHER",
    ["话费充值 50 元", "話費儲值 50 元", "携帯チャージ 50", "Mobile top-up 50", "เติมเงินมือถือ 50", "Nạp điện thoại 50"],
    560,
    null,
    999,
    1,
    100,
    "M",
    desc.voucher,
  ),
  r(
    "VOUCHER",
    ["话费充值 100 元", "話費儲值 100 元", "携帯チャージ 100", "Mobile top-up 100", "เติมเงินมือถือ 100", "Nạp điện thoại 100"],
    1100,
    null,
    999,
    1,
    105,
    "M",
    desc.voucher,
  ),
  r(
    "VOUCHER",
    ["话费充值 300 元", "話費儲值 300 元", "携帯チャージ 300", "Mobile top-up 300", "เติมเงินมือถือ 300", "Nạp điện thoại 300"],
    3250,
    null,
    999,
    1,
    110,
    "M",
    desc.voucher,
  ),
  r(
    "VOUCHER",
    ["加油卡 200 元", "加油卡 200 元", "ガソリンカード 200", "Fuel card 200", "บัตรเติมน้ำมัน 200", "Thẻ xăng 200"],
    2150,
    null,
    300,
    2,
    60,
    "F",
    desc.voucher,
  ),
  r(
    "VOUCHER",
    ["加油卡 500 元", "加油卡 500 元", "ガソリンカード 500", "Fuel card 500", "บัตรเติมน้ำมัน 500", "Thẻ xăng 500"],
    5300,
    null,
    200,
    2,
    65,
    "F",
    desc.voucher,
  ),
  r(
    "VOUCHER",
    ["电影票双人套票", "電影票雙人套票", "映画ペアチケット", "Cinema tickets for two", "ตั๋วหนังคู่", "Vé xem phim đôi"],
    900,
    null,
    150,
    2,
    300,
    "M",
    desc.voucher,
  ),
  r(
    "VOUCHER",
    ["外卖代金券 100 元", "外送代金券 100 元", "デリバリー券 100", "Food delivery voucher 100", "คูปองสั่งอาหาร 100", "Phiếu giao đồ ăn 100"],
    1050,
    null,
    400,
    1,
    15,
    "D",
    desc.voucher,
  ),
  r(
    "VOUCHER",
    ["旅行代金券 2000 元", "旅行代金券 2000 元", "旅行券 2000", "Travel voucher 2000", "บัตรกำนัลท่องเที่ยว 2000", "Phiếu du lịch 2000"],
    20000,
    { points: 10000, money: "1000.00" },
    30,
    3,
    190,
    "V",
    desc.voucher,
  ),
  r(
    "BONUS",
    ["彩金 18 元", "彩金 18 元", "ボーナス 18", "Bonus credit 18", "เครดิตโบนัส 18", "Tiền thưởng 18"],
    200,
    null,
    9999,
    1,
    0,
    "¥",
    desc.bonus,
  ),
  r(
    "BONUS",
    ["彩金 88 元", "彩金 88 元", "ボーナス 88", "Bonus credit 88", "เครดิตโบนัส 88", "Tiền thưởng 88"],
    950,
    null,
    9999,
    1,
    350,
    "¥",
    desc.bonus,
  ),
  r(
    "BONUS",
    ["彩金 188 元", "彩金 188 元", "ボーナス 188", "Bonus credit 188", "เครดิตโบนัส 188", "Tiền thưởng 188"],
    2000,
    null,
    9999,
    1,
    340,
    "¥",
    desc.bonus,
  ),
];

/** Point transaction types of the points account (accountTypeId 9), named as MemTransDet answers them. */
export const POINT_TX_TYPES = {
  9101: { cn: "投注积分", en: "Points from bets" },
  9102: { cn: "存款积分", en: "Points from deposits" },
  9201: { cn: "积分兑换商品", en: "Reward redemption" },
  9202: { cn: "余额兑换积分", en: "Balance converted to points" },
  // Internal bookkeeping: the portal asks with excludeTxTypeIds 9203 and never shows these.
  9203: { cn: "积分结算核对", en: "Points settlement check" },
  9204: { cn: "兑换退回积分", en: "Redemption refunded" },
} as const;
export type PointTxType = keyof typeof POINT_TX_TYPES;

/** The points account of MemTransDet. */
export const POINT_ACCOUNT_TYPE_ID = 9;
