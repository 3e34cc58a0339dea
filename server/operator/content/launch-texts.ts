/**
 * Player notices about what is new and how to play safely (new games and lotteries, the app, the
 * points mall, security, responsible gaming, official addresses, withdrawal details) in the six
 * languages. Game and lottery names come from the games and lottery catalogues, so a notice
 * names what the lobby really shows.
 */
import type { Names } from "../games/names";
import { escapeText as e, texts, type Texts } from "./texts";

export const newGame = (n: Names, vendor: string): Texts =>
  texts({
    cn: [
      `新游戏上线：${e(n.cn)}`,
      `<h3>${e(n.cn)} 现已上线</h3><p>由 ${e(vendor)} 推出的全新电子游戏 <strong>${e(n.cn)}</strong> 正式上线，支持免费试玩。</p><ul><li>多条赔付线，免费旋转与倍数奖励</li><li>手机与电脑均可畅玩</li></ul><p>立即前往电子游艺大厅体验吧！</p>`,
    ],
    tw: [
      `新遊戲上線：${e(n.tw)}`,
      `<h3>${e(n.tw)} 現已上線</h3><p>由 ${e(vendor)} 推出的全新電子遊戲 <strong>${e(n.tw)}</strong> 正式上線，支援免費試玩。</p><ul><li>多條賠付線，免費旋轉與倍數獎勵</li><li>手機與電腦皆可暢玩</li></ul><p>立即前往電子遊藝大廳體驗吧！</p>`,
    ],
    ja: [
      `新作ゲーム登場：${e(n.ja)}`,
      `<h3>${e(n.ja)} 配信開始</h3><p>${e(vendor)} の新作スロット <strong>${e(n.ja)}</strong> の配信を開始しました。無料のお試しプレイもご利用いただけます。</p><ul><li>多彩なペイライン、フリースピンと倍率ボーナス</li><li>スマートフォンでもパソコンでも快適にプレイ</li></ul><p>ぜひスロットロビーでお楽しみください。</p>`,
    ],
    en: [
      `New game: ${e(n.en)}`,
      `<h3>${e(n.en)} is live</h3><p><strong>${e(n.en)}</strong>, the new slot from ${e(vendor)}, is now available, with a free demo to try it first.</p><ul><li>Multiple paylines, free spins and multipliers</li><li>Plays smoothly on phone and desktop</li></ul><p>Find it in the slots lobby today!</p>`,
    ],
    th: [
      `เกมใหม่: ${e(n.th)}`,
      `<h3>${e(n.th)} เปิดให้เล่นแล้ว</h3><p>สล็อตใหม่ <strong>${e(n.th)}</strong> จากค่าย ${e(vendor)} เปิดให้บริการแล้ว และสามารถทดลองเล่นฟรีได้</p><ul><li>หลายไลน์จ่าย ฟรีสปิน และตัวคูณรางวัล</li><li>เล่นได้ลื่นไหลทั้งบนมือถือและคอมพิวเตอร์</li></ul><p>เข้าไปสนุกได้เลยที่ล็อบบี้สล็อต!</p>`,
    ],
    vi: [
      `Trò chơi mới: ${e(n.vi)}`,
      `<h3>${e(n.vi)} đã ra mắt</h3><p>Slot mới <strong>${e(n.vi)}</strong> của ${e(vendor)} đã chính thức ra mắt và có thể chơi thử miễn phí.</p><ul><li>Nhiều dòng thưởng, vòng quay miễn phí và hệ số nhân</li><li>Chơi mượt mà trên cả điện thoại và máy tính</li></ul><p>Hãy trải nghiệm ngay tại sảnh slot!</p>`,
    ],
  });

export const newLottery = (n: Names, minutes: number): Texts =>
  texts({
    cn: [
      `新彩种上线：${e(n.cn)}`,
      `<h3>${e(n.cn)} 正式开售</h3><p>全新彩种 <strong>${e(n.cn)}</strong> 现已上线，每 ${minutes} 分钟开奖一次，全天不间断。</p><ol><li>进入彩票大厅</li><li>选择 ${e(n.cn)}</li><li>选号并确认投注</li></ol>`,
    ],
    tw: [
      `新彩種上線：${e(n.tw)}`,
      `<h3>${e(n.tw)} 正式開賣</h3><p>全新彩種 <strong>${e(n.tw)}</strong> 現已上線，每 ${minutes} 分鐘開獎一次，全天不間斷。</p><ol><li>進入彩票大廳</li><li>選擇 ${e(n.tw)}</li><li>選號並確認投注</li></ol>`,
    ],
    ja: [
      `新しい宝くじ登場：${e(n.ja)}`,
      `<h3>${e(n.ja)} 販売開始</h3><p>新しい宝くじ <strong>${e(n.ja)}</strong> の販売を開始しました。${minutes}分ごとに抽選、24時間いつでも参加できます。</p><ol><li>宝くじロビーを開く</li><li>${e(n.ja)} を選ぶ</li><li>番号を選んでベットを確定</li></ol>`,
    ],
    en: [
      `New lottery: ${e(n.en)}`,
      `<h3>${e(n.en)} is on sale</h3><p>Our new lottery <strong>${e(n.en)}</strong> draws every ${minutes} minutes, around the clock.</p><ol><li>Open the lottery lobby</li><li>Choose ${e(n.en)}</li><li>Pick your numbers and confirm the bet</li></ol>`,
    ],
    th: [
      `หวยใหม่: ${e(n.th)}`,
      `<h3>${e(n.th)} เปิดขายแล้ว</h3><p>หวยใหม่ <strong>${e(n.th)}</strong> ออกผลทุก ${minutes} นาที ตลอด 24 ชั่วโมง</p><ol><li>เข้าสู่ล็อบบี้หวย</li><li>เลือก ${e(n.th)}</li><li>เลือกเลขและยืนยันการแทง</li></ol>`,
    ],
    vi: [
      `Xổ số mới: ${e(n.vi)}`,
      `<h3>${e(n.vi)} đã mở bán</h3><p>Xổ số mới <strong>${e(n.vi)}</strong> quay thưởng mỗi ${minutes} phút, suốt 24 giờ.</p><ol><li>Vào sảnh xổ số</li><li>Chọn ${e(n.vi)}</li><li>Chọn số và xác nhận cược</li></ol>`,
    ],
  });

export const appUpdate = (version: string): Texts =>
  texts({
    cn: [
      `App ${version} 版本更新`,
      `<p>App 已更新至 <strong>${version}</strong> 版本：</p><ul><li>游戏大厅加载速度提升</li><li>新增指纹与面容登录</li><li>修复部分机型闪退问题</li></ul><p>请通过应用商店或官网下载页更新至最新版本。</p>`,
    ],
    tw: [
      `App ${version} 版本更新`,
      `<p>App 已更新至 <strong>${version}</strong> 版本：</p><ul><li>遊戲大廳載入速度提升</li><li>新增指紋與臉部辨識登入</li><li>修正部分機型閃退問題</li></ul><p>請透過應用程式商店或官網下載頁更新至最新版本。</p>`,
    ],
    ja: [
      `アプリ ${version} アップデート`,
      `<p>アプリをバージョン <strong>${version}</strong> に更新しました。</p><ul><li>ゲームロビーの読み込みを高速化</li><li>指紋認証・顔認証によるログインに対応</li><li>一部機種で強制終了する問題を修正</li></ul><p>アプリストアまたは公式サイトのダウンロードページから最新版に更新してください。</p>`,
    ],
    en: [
      `App update ${version}`,
      `<p>The app has been updated to version <strong>${version}</strong>:</p><ul><li>Faster loading of the game lobby</li><li>Fingerprint and face login</li><li>Fixed crashes on some devices</li></ul><p>Update from your app store or the download page of our website.</p>`,
    ],
    th: [
      `อัปเดตแอปเวอร์ชัน ${version}`,
      `<p>แอปได้รับการอัปเดตเป็นเวอร์ชัน <strong>${version}</strong></p><ul><li>โหลดล็อบบี้เกมได้เร็วขึ้น</li><li>รองรับการเข้าสู่ระบบด้วยลายนิ้วมือและใบหน้า</li><li>แก้ไขปัญหาแอปปิดตัวเองในบางรุ่น</li></ul><p>โปรดอัปเดตเป็นเวอร์ชันล่าสุดผ่าน App Store, Google Play หรือหน้าดาวน์โหลดบนเว็บไซต์</p>`,
    ],
    vi: [
      `Cập nhật ứng dụng ${version}`,
      `<p>Ứng dụng đã được cập nhật lên phiên bản <strong>${version}</strong>:</p><ul><li>Tải sảnh trò chơi nhanh hơn</li><li>Đăng nhập bằng vân tay và khuôn mặt</li><li>Sửa lỗi tự thoát trên một số thiết bị</li></ul><p>Vui lòng cập nhật phiên bản mới nhất qua kho ứng dụng hoặc trang tải xuống trên website.</p>`,
    ],
  });

export const pointsMall = (): Texts =>
  texts({
    cn: [
      "积分商城新品上架",
      `<p>积分商城本月上新 <strong>12</strong> 款奖品，包括彩金券、免费旋转与精美实物礼品。</p><p>投注即可累积积分，积分可在 <a href="/member/pointMall">积分商城</a> 兑换。</p>`,
    ],
    tw: [
      "積分商城新品上架",
      `<p>積分商城本月上架 <strong>12</strong> 款新獎品，包括彩金券、免費旋轉與精美實體禮品。</p><p>投注即可累積積分，積分可於 <a href="/member/pointMall">積分商城</a> 兌換。</p>`,
    ],
    ja: [
      "ポイントモールに新商品が登場",
      `<p>今月はボーナス券、フリースピン、記念グッズなど <strong>12</strong> 点の新しい景品が登場しました。</p><p>ベットするたびにポイントが貯まり、<a href="/member/pointMall">ポイントモール</a>で交換できます。</p>`,
    ],
    en: [
      "New rewards in the points mall",
      `<p><strong>12</strong> new rewards have arrived in the points mall this month: bonus vouchers, free spins and merchandise.</p><p>Every bet earns points, which you can redeem in the <a href="/member/pointMall">points mall</a>.</p>`,
    ],
    th: [
      "ของรางวัลใหม่ในร้านแลกคะแนน",
      `<p>เดือนนี้ร้านแลกคะแนนมีของรางวัลใหม่ <strong>12</strong> รายการ ทั้งคูปองโบนัส ฟรีสปิน และของที่ระลึก</p><p>ทุกการเดิมพันจะได้รับคะแนนสะสม ซึ่งสามารถนำไปแลกได้ที่<a href="/member/pointMall">ร้านแลกคะแนน</a></p>`,
    ],
    vi: [
      "Quà mới trong cửa hàng điểm thưởng",
      `<p>Tháng này cửa hàng điểm thưởng có thêm <strong>12</strong> phần quà mới: phiếu tiền thưởng, vòng quay miễn phí và quà lưu niệm.</p><p>Mỗi lượt cược đều được tích điểm, có thể đổi quà tại <a href="/member/pointMall">cửa hàng điểm thưởng</a>.</p>`,
    ],
  });

export const securityReminder = (): Texts =>
  texts({
    cn: [
      "账户安全提醒",
      `<p>为保障您的资金安全，请注意以下事项：</p><ul><li>请勿向任何人透露密码、短信验证码或资金密码，官方客服不会索取。</li><li>建议开启两步验证，并定期更换登录密码。</li><li>只通过官方网站和官方 App 登录，谨防仿冒链接。</li></ul><p>如发现异常登录，请立即在 <a href="/member/securityCenter">安全中心</a> 修改密码并联系在线客服。</p>`,
    ],
    tw: [
      "帳戶安全提醒",
      `<p>為保障您的資金安全，請留意以下事項：</p><ul><li>請勿向任何人透露密碼、簡訊驗證碼或資金密碼，官方客服絕不會索取。</li><li>建議開啟兩步驟驗證，並定期更換登入密碼。</li><li>僅透過官方網站與官方 App 登入，謹防仿冒連結。</li></ul><p>如發現異常登入，請立即於 <a href="/member/securityCenter">安全中心</a> 修改密碼並聯繫線上客服。</p>`,
    ],
    ja: [
      "アカウントのセキュリティについて",
      `<p>大切な資金を守るため、以下の点にご注意ください。</p><ul><li>パスワード、SMS認証コード、出金パスワードは誰にも教えないでください。公式サポートがお尋ねすることはありません。</li><li>二段階認証を有効にし、ログインパスワードを定期的に変更することをおすすめします。</li><li>ログインは公式サイトと公式アプリからのみ行い、偽のリンクにご注意ください。</li></ul><p>身に覚えのないログインがあった場合は、すぐに<a href="/member/securityCenter">セキュリティセンター</a>でパスワードを変更し、オンラインサポートへご連絡ください。</p>`,
    ],
    en: [
      "Account security reminder",
      `<p>To keep your funds safe, please remember:</p><ul><li>Never share your password, SMS codes or payment password with anyone. Our support team will never ask for them.</li><li>Turn on two-step verification and change your login password regularly.</li><li>Log in only through the official website and app, and beware of look-alike links.</li></ul><p>If you notice a login you do not recognise, change your password in the <a href="/member/securityCenter">security centre</a> at once and contact live support.</p>`,
    ],
    th: [
      "แจ้งเตือนความปลอดภัยของบัญชี",
      `<p>เพื่อความปลอดภัยของเงินในบัญชี โปรดปฏิบัติดังนี้</p><ul><li>ห้ามเปิดเผยรหัสผ่าน รหัส OTP ทาง SMS หรือรหัสผ่านการเงินแก่ผู้ใด เจ้าหน้าที่ของเราจะไม่ขอข้อมูลเหล่านี้</li><li>แนะนำให้เปิดการยืนยันตัวตนสองขั้นตอน และเปลี่ยนรหัสผ่านเป็นประจำ</li><li>เข้าสู่ระบบผ่านเว็บไซต์และแอปทางการเท่านั้น ระวังลิงก์ปลอม</li></ul><p>หากพบการเข้าสู่ระบบที่ผิดปกติ โปรดเปลี่ยนรหัสผ่านที่<a href="/member/securityCenter">ศูนย์ความปลอดภัย</a>ทันทีและติดต่อฝ่ายบริการลูกค้าออนไลน์</p>`,
    ],
    vi: [
      "Nhắc nhở bảo mật tài khoản",
      `<p>Để bảo vệ tiền của quý khách, xin lưu ý:</p><ul><li>Không tiết lộ mật khẩu, mã OTP hoặc mật khẩu rút tiền cho bất kỳ ai. Bộ phận hỗ trợ chính thức không bao giờ yêu cầu những thông tin này.</li><li>Nên bật xác thực hai bước và thay đổi mật khẩu đăng nhập định kỳ.</li><li>Chỉ đăng nhập qua trang web và ứng dụng chính thức, cảnh giác với các đường link giả mạo.</li></ul><p>Nếu phát hiện đăng nhập bất thường, hãy đổi mật khẩu ngay tại <a href="/member/securityCenter">trung tâm bảo mật</a> và liên hệ chăm sóc khách hàng trực tuyến.</p>`,
    ],
  });

export const responsibleGaming = (): Texts =>
  texts({
    cn: [
      "理性娱乐，健康游戏",
      "<p>游戏是一种娱乐方式，而不是赚钱的途径。我们建议您：</p><ul><li>为自己设定每日存款与游戏时间上限；</li><li>不要试图追回输掉的金额；</li><li>感到压力时请暂停休息。</li></ul><p>如需设置存款限额或暂时冻结账户，请在会员中心联系客服，我们会为您保密处理。未满 18 岁人士禁止参与。</p>",
    ],
    tw: [
      "理性娛樂，健康遊戲",
      "<p>遊戲是一種娛樂，而非賺錢的途徑。我們建議您：</p><ul><li>為自己設定每日儲值與遊戲時間上限；</li><li>不要試圖追回輸掉的金額；</li><li>感到壓力時請暫停休息。</li></ul><p>如需設定儲值限額或暫時凍結帳戶，請於會員中心聯繫客服，我們將為您保密處理。未滿 18 歲者禁止參與。</p>",
    ],
    ja: [
      "責任あるゲームのために",
      "<p>ゲームは娯楽であり、お金を稼ぐ手段ではありません。次のことをおすすめします。</p><ul><li>1日の入金額とプレイ時間の上限を決める</li><li>負けを取り戻そうとしない</li><li>ストレスを感じたら休憩する</li></ul><p>入金限度額の設定やアカウントの一時停止をご希望の場合は、会員センターからサポートへご連絡ください。秘密は厳守いたします。18歳未満の方はご利用いただけません。</p>",
    ],
    en: [
      "Play responsibly",
      "<p>Gaming is entertainment, not a way to make money. We recommend that you:</p><ul><li>set a daily limit on deposits and playing time;</li><li>never chase your losses;</li><li>take a break whenever you feel under pressure.</li></ul><p>To set a deposit limit or take a break from your account, contact support from the member centre; your request is handled in confidence. Players must be 18 or older.</p>",
    ],
    th: [
      "เล่นอย่างมีความรับผิดชอบ",
      "<p>การเล่นเกมคือความบันเทิง ไม่ใช่ช่องทางหารายได้ เราขอแนะนำให้ท่าน</p><ul><li>กำหนดวงเงินฝากและเวลาเล่นต่อวัน</li><li>อย่าพยายามเล่นเพื่อเอาคืนยอดที่เสีย</li><li>หยุดพักเมื่อรู้สึกเครียด</li></ul><p>หากต้องการกำหนดวงเงินฝากหรือระงับบัญชีชั่วคราว โปรดติดต่อฝ่ายบริการลูกค้าผ่านศูนย์สมาชิก เราจะเก็บข้อมูลของท่านเป็นความลับ ผู้ที่อายุต่ำกว่า 18 ปีห้ามเล่น</p>",
    ],
    vi: [
      "Chơi có trách nhiệm",
      "<p>Trò chơi là hình thức giải trí, không phải cách kiếm tiền. Chúng tôi khuyên quý khách:</p><ul><li>đặt giới hạn nạp tiền và thời gian chơi mỗi ngày;</li><li>không cố gỡ lại số tiền đã thua;</li><li>tạm nghỉ khi cảm thấy căng thẳng.</li></ul><p>Để đặt hạn mức nạp tiền hoặc tạm khóa tài khoản, vui lòng liên hệ bộ phận hỗ trợ trong trung tâm hội viên; yêu cầu của quý khách được bảo mật. Người dưới 18 tuổi không được tham gia.</p>",
    ],
  });

export const officialDomains = (): Texts =>
  texts({
    cn: [
      "官方网址与防诈骗提醒",
      `<p>近期发现有不法分子仿冒本站网址与客服账号，请认准以下官方渠道：</p><ul><li>官方网址：<a href="https://example.com">example.com</a></li><li>在线客服：仅通过网站右下角的“在线客服”入口</li></ul><p>本站不会通过私人社交账号要求您转账或提供验证码。</p>`,
    ],
    tw: [
      "官方網址與防詐騙提醒",
      `<p>近期發現有不法分子仿冒本站網址與客服帳號，請認明以下官方管道：</p><ul><li>官方網址：<a href="https://example.com">example.com</a></li><li>線上客服：僅透過網站右下角的「線上客服」入口</li></ul><p>本站絕不會透過私人社群帳號要求您轉帳或提供驗證碼。</p>`,
    ],
    ja: [
      "公式URLと詐欺にご注意ください",
      `<p>当サイトのURLやサポートを装った偽アカウントが確認されています。公式の窓口は次のとおりです。</p><ul><li>公式サイト：<a href="https://example.com">example.com</a></li><li>オンラインサポート：サイト右下の「オンラインサポート」からのみ</li></ul><p>当サイトが個人のSNSアカウントから送金や認証コードを求めることは一切ありません。</p>`,
    ],
    en: [
      "Official addresses and scam warning",
      `<p>Fraudsters have been imitating our website and support accounts. Please use only these official channels:</p><ul><li>Official website: <a href="https://example.com">example.com</a></li><li>Live support: only through the “Live support” button at the bottom right of the site</li></ul><p>We will never ask you to transfer money or share a code through a personal social-media account.</p>`,
    ],
    th: [
      "ช่องทางทางการและการแจ้งเตือนมิจฉาชีพ",
      `<p>ขณะนี้มีมิจฉาชีพแอบอ้างเป็นเว็บไซต์และเจ้าหน้าที่ของเรา โปรดใช้ช่องทางทางการต่อไปนี้เท่านั้น</p><ul><li>เว็บไซต์ทางการ: <a href="https://example.com">example.com</a></li><li>บริการลูกค้าออนไลน์: ผ่านปุ่ม “บริการลูกค้าออนไลน์” มุมขวาล่างของเว็บไซต์เท่านั้น</li></ul><p>เราไม่มีนโยบายขอให้ท่านโอนเงินหรือแจ้งรหัสยืนยันผ่านบัญชีโซเชียลส่วนตัว</p>`,
    ],
    vi: [
      "Địa chỉ chính thức và cảnh báo lừa đảo",
      `<p>Gần đây có đối tượng giả mạo trang web và tài khoản hỗ trợ của chúng tôi. Vui lòng chỉ sử dụng các kênh chính thức sau:</p><ul><li>Trang web chính thức: <a href="https://example.com">example.com</a></li><li>Hỗ trợ trực tuyến: chỉ qua nút “Hỗ trợ trực tuyến” ở góc dưới bên phải trang web</li></ul><p>Chúng tôi không bao giờ yêu cầu chuyển tiền hay cung cấp mã xác thực qua tài khoản mạng xã hội cá nhân.</p>`,
    ],
  });
