/** The help centre's tree in the six languages: registering, paying in and out, safety, FAQ, about. */
import { MONEY_HELP } from "./help-money-texts";
import { texts, type Texts } from "./texts";

export interface HelpSeed {
  tag: string;
  bgColor?: string;
  texts: Texts;
  children?: readonly HelpSeed[];
}

export const HELP_TREE: readonly HelpSeed[] = [
  {
    tag: "register",
    bgColor: "#2563eb",
    texts: texts({
      cn: [
        "注册账户",
        "<p>点击页面右上角的 <strong>注册</strong>，填写用户名、密码和手机号码，完成短信验证后即可登录。</p><ul><li>用户名：4–16 位字母或数字</li><li>密码：6–20 位，须同时包含字母和数字</li></ul><p>每位会员只能注册一个账户。</p>",
      ],
      tw: [
        "註冊帳戶",
        "<p>點擊頁面右上角的 <strong>註冊</strong>，填寫使用者名稱、密碼與手機號碼，完成簡訊驗證後即可登入。</p><ul><li>使用者名稱：4–16 位英文字母或數字</li><li>密碼：6–20 位，須同時包含字母與數字</li></ul><p>每位會員僅能註冊一個帳戶。</p>",
      ],
      ja: [
        "アカウント登録",
        "<p>画面右上の <strong>新規登録</strong> をクリックし、ユーザー名、パスワード、携帯電話番号を入力してSMS認証を完了すると、ログインできます。</p><ul><li>ユーザー名：半角英数字4〜16文字</li><li>パスワード：6〜20文字、英字と数字の両方を含む</li></ul><p>アカウントはお一人様1つまでです。</p>",
      ],
      en: [
        "Registering",
        "<p>Click <strong>Register</strong> at the top right, enter a username, a password and your mobile number, and complete the SMS check to log in.</p><ul><li>Username: 4–16 letters or digits</li><li>Password: 6–20 characters with both letters and digits</li></ul><p>Each person may hold one account only.</p>",
      ],
      th: [
        "การสมัครสมาชิก",
        "<p>คลิก <strong>สมัครสมาชิก</strong> ที่มุมขวาบน กรอกชื่อผู้ใช้ รหัสผ่าน และเบอร์โทรศัพท์ จากนั้นยืนยันรหัส SMS ก็เข้าสู่ระบบได้ทันที</p><ul><li>ชื่อผู้ใช้: ตัวอักษรภาษาอังกฤษหรือตัวเลข 4–16 ตัว</li><li>รหัสผ่าน: 6–20 ตัว ต้องมีทั้งตัวอักษรและตัวเลข</li></ul><p>หนึ่งท่านสมัครได้เพียงหนึ่งบัญชี</p>",
      ],
      vi: [
        "Đăng ký tài khoản",
        "<p>Nhấn <strong>Đăng ký</strong> ở góc trên bên phải, nhập tên đăng nhập, mật khẩu và số điện thoại, xác minh mã SMS là có thể đăng nhập.</p><ul><li>Tên đăng nhập: 4–16 chữ cái hoặc chữ số</li><li>Mật khẩu: 6–20 ký tự, gồm cả chữ và số</li></ul><p>Mỗi người chỉ được đăng ký một tài khoản.</p>",
      ],
    }),
  },
  ...MONEY_HELP,
  {
    tag: "security",
    bgColor: "#7c3aed",
    texts: texts({
      cn: [
        "账户安全",
        "<p>建议开启两步验证、绑定手机号码并设置资金密码。</p><p>官方客服不会索取您的密码或验证码；发现异常请立即修改密码。</p>",
      ],
      tw: [
        "帳戶安全",
        "<p>建議開啟兩步驟驗證、綁定手機號碼並設定資金密碼。</p><p>官方客服絕不會索取您的密碼或驗證碼；發現異常請立即修改密碼。</p>",
      ],
      ja: [
        "アカウントの安全",
        "<p>二段階認証の有効化、携帯電話番号の登録、出金パスワードの設定をおすすめします。</p><p>公式サポートがパスワードや認証コードを尋ねることはありません。不審な点があればすぐにパスワードを変更してください。</p>",
      ],
      en: [
        "Account security",
        "<p>Turn on two-step verification, bind your mobile number and set a payment password.</p><p>Our support team will never ask for your password or codes; if anything looks wrong, change your password at once.</p>",
      ],
      th: [
        "ความปลอดภัยของบัญชี",
        "<p>แนะนำให้เปิดการยืนยันตัวตนสองขั้นตอน ผูกเบอร์โทรศัพท์ และตั้งรหัสผ่านการเงิน</p><p>เจ้าหน้าที่จะไม่ขอรหัสผ่านหรือรหัสยืนยันของท่าน หากพบสิ่งผิดปกติ โปรดเปลี่ยนรหัสผ่านทันที</p>",
      ],
      vi: [
        "Bảo mật tài khoản",
        "<p>Nên bật xác thực hai bước, liên kết số điện thoại và đặt mật khẩu rút tiền.</p><p>Bộ phận hỗ trợ không bao giờ hỏi mật khẩu hay mã xác thực của quý khách; nếu thấy bất thường, hãy đổi mật khẩu ngay.</p>",
      ],
    }),
  },
  {
    tag: "responsible-gaming",
    bgColor: "#0891b2",
    texts: texts({
      cn: [
        "理性游戏",
        "<p>请量力而行，把游戏当作娱乐。您可以随时申请设置存款限额、冷静期或自我禁入。</p><p>未满 18 岁人士不得注册或参与游戏。</p>",
      ],
      tw: [
        "理性遊戲",
        "<p>請量力而為，把遊戲當作娛樂。您可隨時申請設定儲值限額、冷靜期或自我禁入。</p><p>未滿 18 歲者不得註冊或參與遊戲。</p>",
      ],
      ja: [
        "責任あるゲーム",
        "<p>無理のない範囲で、娯楽としてお楽しみください。入金限度額、クールダウン期間、自己排除はいつでも申請できます。</p><p>18歳未満の方は登録・プレイできません。</p>",
      ],
      en: [
        "Responsible gaming",
        "<p>Play within your means and treat gaming as entertainment. You can ask for a deposit limit, a cooling-off period or self-exclusion at any time.</p><p>Nobody under 18 may register or play.</p>",
      ],
      th: [
        "การเล่นอย่างรับผิดชอบ",
        "<p>โปรดเล่นอย่างพอประมาณและถือเป็นความบันเทิง ท่านสามารถขอกำหนดวงเงินฝาก ช่วงพักการเล่น หรือระงับบัญชีตนเองได้ทุกเมื่อ</p><p>ผู้ที่อายุต่ำกว่า 18 ปีไม่สามารถสมัครหรือเล่นได้</p>",
      ],
      vi: [
        "Chơi có trách nhiệm",
        "<p>Hãy chơi trong khả năng và coi trò chơi là giải trí. Quý khách có thể yêu cầu đặt hạn mức nạp, thời gian tạm nghỉ hoặc tự loại trừ bất cứ lúc nào.</p><p>Người dưới 18 tuổi không được đăng ký hay tham gia.</p>",
      ],
    }),
  },
  {
    tag: "faq",
    bgColor: "#db2777",
    texts: texts({
      cn: ["常见问题", "<p>以下是会员最常咨询的问题。</p>"],
      tw: ["常見問題", "<p>以下是會員最常詢問的問題。</p>"],
      ja: ["よくある質問", "<p>会員の皆さまからよく寄せられるご質問です。</p>"],
      en: ["FAQ", "<p>The questions members ask most often.</p>"],
      th: ["คำถามที่พบบ่อย", "<p>คำถามที่สมาชิกถามบ่อยที่สุด</p>"],
      vi: ["Câu hỏi thường gặp", "<p>Những câu hỏi hội viên thường gặp nhất.</p>"],
    }),
    children: [
      {
        tag: "faq-password",
        texts: texts({
          cn: ["忘记密码怎么办？", "<p>在登录页点击“忘记密码”，通过绑定的手机号码或邮箱接收验证码即可重设密码。</p>"],
          tw: ["忘記密碼怎麼辦？", "<p>在登入頁點擊「忘記密碼」，透過綁定的手機號碼或電子郵件接收驗證碼即可重設密碼。</p>"],
          ja: [
            "パスワードを忘れた場合は？",
            "<p>ログイン画面の「パスワードをお忘れの方」から、登録済みの携帯電話番号またはメールアドレスに届く認証コードでパスワードを再設定できます。</p>",
          ],
          en: [
            "I forgot my password",
            "<p>Click “Forgot password” on the login page and reset it with the code sent to your bound mobile number or e-mail.</p>",
          ],
          th: ["ลืมรหัสผ่านทำอย่างไร?", "<p>คลิก “ลืมรหัสผ่าน” ที่หน้าเข้าสู่ระบบ แล้วตั้งรหัสผ่านใหม่ด้วยรหัสยืนยันที่ส่งไปยังเบอร์โทรศัพท์หรืออีเมลที่ผูกไว้</p>"],
          vi: [
            "Quên mật khẩu phải làm sao?",
            "<p>Nhấn “Quên mật khẩu” ở trang đăng nhập và đặt lại bằng mã xác thực gửi đến số điện thoại hoặc email đã liên kết.</p>",
          ],
        }),
      },
      {
        tag: "faq-wagering",
        texts: texts({
          cn: ["什么是流水要求？", "<p>流水是指有效投注总额。例如领取 ¥100 彩金、要求 5 倍流水，则需累计有效投注 ¥500 后才能提款。</p>"],
          tw: ["什麼是流水要求？", "<p>流水是指有效投注總額。例如領取 ¥100 彩金、要求 5 倍流水，則須累計有效投注 ¥500 後才能提款。</p>"],
          ja: [
            "賭け条件とは？",
            "<p>賭け条件とは、出金前に必要な有効ベットの合計額です。たとえば ¥100 のボーナスに5倍の条件がある場合、合計 ¥500 の有効ベットが必要です。</p>",
          ],
          en: [
            "What is a wagering requirement?",
            "<p>It is the total of valid bets needed before a withdrawal. A ¥100 bonus with a 5x requirement means ¥500 of valid bets.</p>",
          ],
          th: ["เทิร์นโอเวอร์คืออะไร?", "<p>เทิร์นโอเวอร์คือยอดเดิมพันที่ถูกต้องรวมที่ต้องทำก่อนถอน เช่น รับโบนัส ¥100 เงื่อนไข 5 เท่า ต้องมียอดเดิมพันรวม ¥500</p>"],
          vi: [
            "Doanh thu cược là gì?",
            "<p>Đó là tổng số tiền cược hợp lệ cần đạt trước khi rút. Ví dụ, thưởng ¥100 với yêu cầu 5 lần nghĩa là cần ¥500 tiền cược hợp lệ.</p>",
          ],
        }),
      },
      {
        tag: "faq-game-stuck",
        texts: texts({
          cn: [
            "游戏卡住或余额未返回？",
            "<p>请先退出游戏并刷新页面，余额通常会在 5 分钟内自动返回主钱包。如仍未到账，请提供注单号联系在线客服。</p>",
          ],
          tw: [
            "遊戲卡住或餘額未返回？",
            "<p>請先退出遊戲並重新整理頁面，餘額通常會在 5 分鐘內自動返回主錢包。如仍未到帳，請提供注單號碼聯繫線上客服。</p>",
          ],
          ja: [
            "ゲームが止まった・残高が戻らない",
            "<p>一度ゲームを終了してページを再読み込みしてください。通常は5分以内に残高がメインウォレットへ戻ります。戻らない場合はベット番号を添えてオンラインサポートへご連絡ください。</p>",
          ],
          en: [
            "A game froze or my balance did not come back",
            "<p>Close the game and refresh the page; the balance normally returns to your main wallet within 5 minutes. If it does not, contact live support with the bet number.</p>",
          ],
          th: [
            "เกมค้างหรือยอดเงินไม่กลับเข้ากระเป๋า?",
            "<p>ออกจากเกมแล้วรีเฟรชหน้าเว็บ โดยปกติยอดเงินจะกลับเข้ากระเป๋าหลักภายใน 5 นาที หากยังไม่เข้า โปรดแจ้งหมายเลขโพยกับฝ่ายบริการลูกค้าออนไลน์</p>",
          ],
          vi: [
            "Trò chơi bị treo hoặc số dư chưa về?",
            "<p>Hãy thoát trò chơi và tải lại trang; số dư thường về ví chính trong vòng 5 phút. Nếu vẫn chưa về, vui lòng liên hệ hỗ trợ trực tuyến kèm mã cược.</p>",
          ],
        }),
      },
    ],
  },
  {
    tag: "about",
    bgColor: "#475569",
    texts: texts({
      cn: [
        "关于我们",
        "<p>我们是一家持牌在线娱乐平台，提供真人视讯、体育、电子游艺、棋牌与彩票等游戏，所有游戏均由正规供应商提供并接受独立审核。</p><p>客服 7×24 小时在线，随时为您服务。</p>",
      ],
      tw: [
        "關於我們",
        "<p>我們是一家持牌線上娛樂平台，提供真人視訊、體育、電子遊藝、棋牌與彩票等遊戲，所有遊戲皆由正規供應商提供並接受獨立稽核。</p><p>客服 7×24 小時在線，隨時為您服務。</p>",
      ],
      ja: [
        "私たちについて",
        "<p>当サイトはライセンスを取得したオンラインエンターテインメントサイトです。ライブカジノ、スポーツ、スロット、カードゲーム、宝くじなどを、第三者監査を受けた正規プロバイダーから提供しています。</p><p>サポートは24時間年中無休で対応しています。</p>",
      ],
      en: [
        "About us",
        "<p>We are a licensed online entertainment site offering live casino, sports, slots, card games and lottery, all from established providers under independent audit.</p><p>Our support team is online 24/7.</p>",
      ],
      th: [
        "เกี่ยวกับเรา",
        "<p>เราเป็นแพลตฟอร์มความบันเทิงออนไลน์ที่ได้รับใบอนุญาต ให้บริการคาสิโนสด กีฬา สล็อต เกมไพ่ และหวย จากผู้ให้บริการที่ได้มาตรฐานและผ่านการตรวจสอบอิสระ</p><p>ฝ่ายบริการลูกค้าพร้อมให้บริการตลอด 24 ชั่วโมง</p>",
      ],
      vi: [
        "Về chúng tôi",
        "<p>Chúng tôi là nền tảng giải trí trực tuyến được cấp phép, cung cấp casino trực tuyến, thể thao, slot, game bài và xổ số từ các nhà cung cấp uy tín, được kiểm định độc lập.</p><p>Bộ phận hỗ trợ trực tuyến 24/7.</p>",
      ],
    }),
  },
];
