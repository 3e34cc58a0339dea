/**
 * Game names in the portal's six languages, made from word lists: a modifier and a theme for
 * slots, fishing and card games ("Golden Dragon", 黄金龙, มังกรทองคำ, Rồng Vàng), a table
 * game and a table number for live games, a sport or an esports genre and a competition for
 * the others. Deterministic; the catalogue hands each pair to one game only.
 */

/** The portal's six languages, as the catalogue keys them. */
export const GAME_LANGUAGES = ["cn", "tw", "ja", "en", "th", "vi"] as const;
export type GameLanguage = (typeof GAME_LANGUAGES)[number];
export type Names = Record<GameLanguage, string>;

/** A Language header or `language` query value → catalogue language; null when it names none. */
export function gameLanguageOf(value: string | null | undefined): GameLanguage | null {
  const v = (value ?? "").trim().toLowerCase().replace("-", "_");
  if (v === "") return null;
  if (v === "tw" || v === "zh_tw" || v === "zh_hk") return "tw";
  if (v === "cn" || v.startsWith("zh")) return "cn";
  if (v === "ja" || v === "jp" || v.startsWith("ja_")) return "ja";
  if (v === "th" || v.startsWith("th_")) return "th";
  if (v === "vi" || v === "vn" || v.startsWith("vi_")) return "vi";
  if (v === "en" || v.startsWith("en_")) return "en";
  return null;
}

type Words = readonly [cn: string, tw: string, ja: string, en: string, th: string, vi: string];

const names = (w: Words): Names => ({ cn: w[0], tw: w[1], ja: w[2], en: w[3], th: w[4], vi: w[5] });

const MODIFIERS: readonly Words[] = [
  ["黄金", "黃金", "黄金の", "Golden", "ทองคำ", "Vàng"],
  ["幸运", "幸運", "ラッキー", "Lucky", "นำโชค", "May Mắn"],
  ["威武", "威武", "無敵の", "Mighty", "ทรงพลัง", "Dũng Mãnh"],
  ["翡翠", "翡翠", "翡翠の", "Jade", "หยก", "Ngọc Bích"],
  ["火焰", "火焰", "炎の", "Blazing", "เพลิง", "Lửa"],
  ["白银", "白銀", "銀の", "Silver", "เงิน", "Bạc"],
  ["皇家", "皇家", "ロイヤル", "Royal", "ราชา", "Hoàng Gia"],
  ["神秘", "神秘", "神秘の", "Mystic", "ลึกลับ", "Huyền Bí"],
  ["雷霆", "雷霆", "雷の", "Thunder", "สายฟ้า", "Sấm Sét"],
  ["月光", "月光", "月光の", "Moonlit", "แสงจันทร์", "Ánh Trăng"],
  ["水晶", "水晶", "水晶の", "Crystal", "คริสตัล", "Pha Lê"],
  ["远古", "遠古", "古代の", "Ancient", "โบราณ", "Cổ Đại"],
  ["狂野", "狂野", "ワイルド", "Wild", "ดุดัน", "Hoang Dã"],
  ["欢乐", "歡樂", "ハッピー", "Happy", "แสนสุข", "Vui Vẻ"],
  ["红宝石", "紅寶石", "ルビーの", "Ruby", "ทับทิม", "Hồng Ngọc"],
  ["星光", "星光", "星の", "Starry", "ดวงดาว", "Ngôi Sao"],
  ["永恒", "永恆", "永遠の", "Eternal", "นิรันดร์", "Vĩnh Cửu"],
  ["深海", "深海", "深海の", "Deep Sea", "ทะเลลึก", "Biển Sâu"],
  ["神圣", "神聖", "聖なる", "Sacred", "ศักดิ์สิทธิ์", "Thần Thánh"],
  ["富贵", "富貴", "富の", "Fortune", "มั่งคั่ง", "Phú Quý"],
];

const THEMES: readonly Words[] = [
  ["龙", "龍", "龍", "Dragon", "มังกร", "Rồng"],
  ["虎", "虎", "虎", "Tiger", "เสือ", "Hổ"],
  ["凤凰", "鳳凰", "鳳凰", "Phoenix", "หงส์", "Phượng Hoàng"],
  ["宝藏", "寶藏", "財宝", "Treasure", "สมบัติ", "Kho Báu"],
  ["财神", "財神", "財神", "Wealth God", "เทพแห่งโชคลาภ", "Thần Tài"],
  ["锦鲤", "錦鯉", "錦鯉", "Koi", "ปลาคาร์ป", "Cá Chép"],
  ["熊猫", "熊貓", "パンダ", "Panda", "แพนด้า", "Gấu Trúc"],
  ["莲花", "蓮花", "蓮", "Lotus", "ดอกบัว", "Hoa Sen"],
  ["神殿", "神殿", "神殿", "Temple", "วิหาร", "Đền Thờ"],
  ["宝石", "寶石", "宝石", "Gems", "อัญมณี", "Đá Quý"],
  ["狮子", "獅子", "獅子", "Lion", "สิงโต", "Sư Tử"],
  ["女皇", "女皇", "女帝", "Empress", "จักรพรรดินี", "Nữ Hoàng"],
  ["招财猫", "招財貓", "招き猫", "Lucky Cat", "แมวกวัก", "Mèo Thần Tài"],
  ["珍珠", "珍珠", "真珠", "Pearl", "ไข่มุก", "Ngọc Trai"],
  ["勇士", "勇士", "戦士", "Warrior", "นักรบ", "Chiến Binh"],
  ["水果", "水果", "フルーツ", "Fruits", "ผลไม้", "Trái Cây"],
  ["皇冠", "皇冠", "王冠", "Crown", "มงกุฎ", "Vương Miện"],
  ["狼", "狼", "狼", "Wolf", "หมาป่า", "Sói"],
  ["花园", "花園", "庭園", "Garden", "สวน", "Khu Vườn"],
  ["法老", "法老", "ファラオ", "Pharaoh", "ฟาโรห์", "Pharaoh"],
  ["雄鹰", "雄鷹", "鷲", "Eagle", "อินทรี", "Đại Bàng"],
  ["金币", "金幣", "金貨", "Coins", "เหรียญทอง", "Đồng Xu"],
  ["灯笼", "燈籠", "灯篭", "Lanterns", "โคมไฟ", "Đèn Lồng"],
  ["麒麟", "麒麟", "麒麟", "Qilin", "กิเลน", "Kỳ Lân"],
];

/** Modifier + theme; Thai and Vietnamese put the modifier after the noun. */
function themed(modifier: Words, theme: Words): Names {
  const m = names(modifier);
  const t = names(theme);
  return { cn: m.cn + t.cn, tw: m.tw + t.tw, ja: m.ja + t.ja, en: `${m.en} ${t.en}`, th: t.th + m.th, vi: `${t.vi} ${m.vi}` };
}

/** Every modifier/theme pair in a fixed shuffled order (so neighbouring games do not share words). */
export const THEMED_NAMES: readonly Names[] = (() => {
  const pairs: Names[] = [];
  for (let i = 0; i < MODIFIERS.length * THEMES.length; i++) {
    // i ↦ (i mod M, (i mod M + 5·⌊i / M⌋) mod T) is a bijection onto the pairs (5 is prime to T), and mixes both words.
    const m = i % MODIFIERS.length;
    const t = (m + 5 * Math.floor(i / MODIFIERS.length)) % THEMES.length;
    pairs.push(themed(MODIFIERS[m], THEMES[t]));
  }
  return pairs;
})();

const TABLE_GAMES: readonly Words[] = [
  ["百家乐", "百家樂", "バカラ", "Baccarat", "บาคาร่า", "Baccarat"],
  ["轮盘", "輪盤", "ルーレット", "Roulette", "รูเล็ต", "Roulette"],
  ["骰宝", "骰寶", "シックボー", "Sic Bo", "ไฮโล", "Tài Xỉu"],
  ["龙虎", "龍虎", "ドラゴンタイガー", "Dragon Tiger", "เสือมังกร", "Rồng Hổ"],
  ["二十一点", "二十一點", "ブラックジャック", "Blackjack", "แบล็คแจ็ค", "Xì Dách"],
  ["番摊", "番攤", "ファンタン", "Fan Tan", "ฝานทาน", "Fan Tan"],
  ["德州扑克", "德州撲克", "テキサスホールデム", "Texas Hold'em", "เท็กซัสโฮลเด็ม", "Texas Hold'em"],
  ["牛牛", "牛牛", "ニウニウ", "Niu Niu", "หนิวหนิว", "Niu Niu"],
];

/** Live table n of kind k (a running number keeps names distinct across vendors). */
export function tableName(n: number): Names {
  const t = names(TABLE_GAMES[n % TABLE_GAMES.length]);
  const no = Math.floor(n / TABLE_GAMES.length) + 1;
  return {
    cn: `${t.cn} ${no}号桌`,
    tw: `${t.tw} ${no}號桌`,
    ja: `${t.ja} テーブル${no}`,
    en: `${t.en} Table ${no}`,
    th: `${t.th} โต๊ะ ${no}`,
    vi: `${t.vi} Bàn ${no}`,
  };
}

const SPORTS: readonly Words[] = [
  ["足球", "足球", "サッカー", "Football", "ฟุตบอล", "Bóng Đá"],
  ["篮球", "籃球", "バスケットボール", "Basketball", "บาสเกตบอล", "Bóng Rổ"],
  ["网球", "網球", "テニス", "Tennis", "เทนนิส", "Quần Vợt"],
  ["排球", "排球", "バレーボール", "Volleyball", "วอลเลย์บอล", "Bóng Chuyền"],
  ["棒球", "棒球", "野球", "Baseball", "เบสบอล", "Bóng Chày"],
  ["羽毛球", "羽毛球", "バドミントン", "Badminton", "แบดมินตัน", "Cầu Lông"],
  ["冰球", "冰球", "アイスホッケー", "Ice Hockey", "ฮอกกี้น้ำแข็ง", "Khúc Côn Cầu"],
  ["乒乓球", "桌球", "卓球", "Table Tennis", "ปิงปอง", "Bóng Bàn"],
];

const ESPORTS: readonly Words[] = [
  ["多人竞技", "多人競技", "MOBA", "MOBA", "โมบา", "MOBA"],
  ["射击", "射擊", "シューター", "Shooter", "ยิงปืน", "Bắn Súng"],
  ["赛车", "賽車", "レース", "Racing", "แข่งรถ", "Đua Xe"],
  ["大逃杀", "大逃殺", "バトルロイヤル", "Battle Royale", "แบทเทิลรอยัล", "Sinh Tồn"],
  ["卡牌对战", "卡牌對戰", "カードバトル", "Card Battle", "การ์ดแบทเทิล", "Đấu Thẻ Bài"],
  ["策略", "策略", "ストラテジー", "Strategy", "วางแผน", "Chiến Thuật"],
];

/** Competitions as templates ({s}: the sport or genre). */
const COMPETITIONS: readonly Words[] = [
  ["{s}杯赛", "{s}盃賽", "{s}カップ", "{s} Cup", "{s}คัพ", "Cúp {s}"],
  ["{s}锦标赛", "{s}錦標賽", "{s}選手権", "{s} Championship", "ชิงแชมป์{s}", "Giải Vô Địch {s}"],
  ["{s}公开赛", "{s}公開賽", "{s}オープン", "{s} Open", "{s}โอเพ่น", "{s} Mở Rộng"],
  ["{s}滚球", "{s}滾球", "{s}ライブ", "{s} Live", "{s}สด", "{s} Trực Tiếp"],
];

function competition(subjects: readonly Words[], n: number): Names {
  const s = names(subjects[n % subjects.length]);
  const c = names(COMPETITIONS[Math.floor(n / subjects.length) % COMPETITIONS.length]);
  const out = {} as Names;
  for (const lang of Object.keys(s) as GameLanguage[]) out[lang] = c[lang].replace("{s}", s[lang]);
  return out;
}

/** Distinct for n below 32 (8 sports × 4 competitions). */
export const sportsName = (n: number): Names => competition(SPORTS, n);
/** Distinct for n below 24 (6 genres × 4 competitions). */
export const esportsName = (n: number): Names => competition(ESPORTS, n);

/** The chosen error games' names: recognisable as tests in every language. */
export const TEST_NAMES = {
  balance: names([
    "测试：余额不足",
    "測試：餘額不足",
    "テスト：残高不足",
    "Test: Low Balance",
    "ทดสอบ: ยอดเงินไม่พอ",
    "Thử nghiệm: Không đủ số dư",
  ]),
  domain: names([
    "测试：线路不可用",
    "測試：線路不可用",
    "テスト：接続先なし",
    "Test: No Domain",
    "ทดสอบ: โดเมนไม่พร้อมใช้งาน",
    "Thử nghiệm: Tên miền không khả dụng",
  ]),
  maintenance: names([
    "测试：游戏维护",
    "測試：遊戲維護",
    "テスト：メンテナンス",
    "Test: Maintenance",
    "ทดสอบ: ปิดปรับปรุง",
    "Thử nghiệm: Bảo trì",
  ]),
  esportsMaintenance: names([
    "测试：电竞维护",
    "測試：電競維護",
    "テスト：eスポーツメンテナンス",
    "Test: Esports Maintenance",
    "ทดสอบ: อีสปอร์ตปิดปรับปรุง",
    "Thử nghiệm: Bảo trì thể thao điện tử",
  ]),
} satisfies Record<string, Names>;

/** Lane titles of the vendor list, by game type. */
export const LANE_TITLES: Record<string, Names> = {
  LIVE: names(["真人视讯", "真人視訊", "ライブカジノ", "Live Casino", "คาสิโนสด", "Sòng Bài Trực Tuyến"]),
  SPORTS: names(["体育", "體育", "スポーツ", "Sports", "กีฬา", "Thể Thao"]),
  FISH: names(["捕鱼", "捕魚", "フィッシング", "Fishing", "ยิงปลา", "Bắn Cá"]),
  PVP: names(["棋牌", "棋牌", "テーブルゲーム", "Card Games", "เกมไพ่", "Game Bài"]),
  ESPORTS: names(["电竞", "電競", "eスポーツ", "Esports", "อีสปอร์ต", "Thể Thao Điện Tử"]),
  RNG: names(["电子游戏", "電子遊戲", "スロット", "Slots", "สล็อต", "Slot"]),
};

/** Slot categories (the vassalage game types), by code. */
export const CLASSIFY_NAMES: Record<string, Names> = {
  SC: names(["老虎机", "老虎機", "スロット", "Slots", "สล็อต", "Slot"]),
  TG: names(["桌面游戏", "桌面遊戲", "テーブルゲーム", "Table Games", "เกมโต๊ะ", "Trò Chơi Bàn"]),
  AC: names(["街机", "街機", "アーケード", "Arcade", "อาร์เคด", "Arcade"]),
  JP: names(["奖池", "獎池", "ジャックポット", "Jackpot", "แจ็คพอต", "Jackpot"]),
  VP: names(["视频扑克", "視頻撲克", "ビデオポーカー", "Video Poker", "วิดีโอโป๊กเกอร์", "Video Poker"]),
};
