/**
 * Player notices about the service itself (maintenance, payment channels, upgrades, draws,
 * holidays, withdrawal times, rebates) in the six languages. Each template takes the names and
 * times a real back office would fill in; times are written in GMT+8, the operators' clock.
 */
import type { Names } from "../games/names";
import { escapeText as e, texts, type Texts } from "./texts";

export const vendorMaintenance = (vendor: string, from: string, to: string): Texts =>
  texts({
    cn: [
      `${e(vendor)} 游戏平台维护公告`,
      `<p>尊敬的会员：</p><p><strong>${e(vendor)}</strong> 将于 <strong>${from}</strong> 至 <strong>${to}</strong>（GMT+8）进行系统维护。维护期间该平台的游戏暂停开放，您的账户余额不受影响。</p><p>维护时间可能视情况提前结束或延长，给您带来不便，敬请谅解。</p>`,
    ],
    tw: [
      `${e(vendor)} 遊戲平台維護公告`,
      `<p>親愛的會員您好：</p><p><strong>${e(vendor)}</strong> 將於 <strong>${from}</strong> 至 <strong>${to}</strong>（GMT+8）進行系統維護。維護期間該平台的遊戲暫停開放，您的帳戶餘額不受影響。</p><p>維護時間可能視情況提前結束或延長，造成不便，敬請見諒。</p>`,
    ],
    ja: [
      `${e(vendor)} メンテナンスのお知らせ`,
      `<p>いつもご利用いただきありがとうございます。</p><p><strong>${from}</strong> から <strong>${to}</strong>（GMT+8）まで、<strong>${e(vendor)}</strong> のシステムメンテナンスを実施いたします。メンテナンス中は同プロバイダーのゲームをご利用いただけませんが、アカウント残高に影響はございません。</p><p>作業状況により終了時刻が前後する場合がございます。ご不便をおかけしますが、ご理解のほどよろしくお願いいたします。</p>`,
    ],
    en: [
      `${e(vendor)} scheduled maintenance`,
      `<p>Dear members,</p><p><strong>${e(vendor)}</strong> will undergo scheduled maintenance from <strong>${from}</strong> to <strong>${to}</strong> (GMT+8). Its games are unavailable during this time; your account balance is not affected.</p><p>The maintenance may end earlier or run longer. We apologise for any inconvenience.</p>`,
    ],
    th: [
      `ประกาศปิดปรับปรุงระบบ ${e(vendor)}`,
      `<p>เรียน สมาชิกทุกท่าน</p><p><strong>${e(vendor)}</strong> จะปิดปรับปรุงระบบตั้งแต่ <strong>${from}</strong> ถึง <strong>${to}</strong> (GMT+8) ระหว่างนี้จะไม่สามารถเข้าเล่นเกมของค่ายนี้ได้ ยอดเงินในบัญชีของท่านจะไม่ได้รับผลกระทบ</p><p>ระยะเวลาปิดปรับปรุงอาจสิ้นสุดก่อนหรือหลังกำหนด ขออภัยในความไม่สะดวก</p>`,
    ],
    vi: [
      `Thông báo bảo trì ${e(vendor)}`,
      `<p>Kính gửi quý hội viên,</p><p><strong>${e(vendor)}</strong> sẽ bảo trì hệ thống từ <strong>${from}</strong> đến <strong>${to}</strong> (GMT+8). Trong thời gian này, các trò chơi của nhà cung cấp sẽ tạm ngừng; số dư tài khoản của quý khách không bị ảnh hưởng.</p><p>Thời gian bảo trì có thể kết thúc sớm hoặc kéo dài hơn dự kiến. Rất mong quý khách thông cảm.</p>`,
    ],
  });

export const depositChannel = (channel: string, from: string, to: string): Texts =>
  texts({
    cn: [
      `${e(channel)} 充值通道维护通知`,
      `<p>${e(channel)} 充值通道将于 <strong>${from}</strong> 至 <strong>${to}</strong>（GMT+8）暂停使用。</p><p>维护期间请选择其他充值方式。维护前已提交但未到账的订单，将在维护结束后自动处理。</p>`,
    ],
    tw: [
      `${e(channel)} 儲值通道維護通知`,
      `<p>${e(channel)} 儲值通道將於 <strong>${from}</strong> 至 <strong>${to}</strong>（GMT+8）暫停使用。</p><p>維護期間請改用其他儲值方式。維護前已送出但尚未到帳的訂單，將於維護結束後自動處理。</p>`,
    ],
    ja: [
      `${e(channel)} 入金チャネルメンテナンスのお知らせ`,
      `<p><strong>${from}</strong> から <strong>${to}</strong>（GMT+8）まで、${e(channel)} による入金を一時停止いたします。</p><p>期間中は他の入金方法をご利用ください。メンテナンス前に申請済みで未反映の入金は、終了後に自動で処理されます。</p>`,
    ],
    en: [
      `${e(channel)} deposits paused for maintenance`,
      `<p>Deposits through ${e(channel)} are paused from <strong>${from}</strong> to <strong>${to}</strong> (GMT+8).</p><p>Please use another deposit method in the meantime. Deposits submitted before the maintenance that have not arrived yet are processed automatically once it ends.</p>`,
    ],
    th: [
      `แจ้งปิดปรับปรุงช่องทางฝากเงิน ${e(channel)}`,
      `<p>ช่องทางฝากเงิน ${e(channel)} จะปิดให้บริการชั่วคราวตั้งแต่ <strong>${from}</strong> ถึง <strong>${to}</strong> (GMT+8)</p><p>ระหว่างนี้โปรดเลือกช่องทางฝากเงินอื่น รายการฝากที่ส่งก่อนปิดปรับปรุงและยังไม่เข้าบัญชี จะได้รับการดำเนินการอัตโนมัติเมื่อปรับปรุงเสร็จ</p>`,
    ],
    vi: [
      `Bảo trì kênh nạp tiền ${e(channel)}`,
      `<p>Kênh nạp tiền ${e(channel)} sẽ tạm ngừng từ <strong>${from}</strong> đến <strong>${to}</strong> (GMT+8).</p><p>Trong thời gian này, vui lòng sử dụng phương thức nạp khác. Các lệnh nạp đã gửi trước khi bảo trì nhưng chưa về sẽ được xử lý tự động sau khi bảo trì kết thúc.</p>`,
    ],
  });

export const siteUpgrade = (from: string, to: string): Texts =>
  texts({
    cn: [
      "全站系统升级公告",
      `<p>为提供更稳定的服务，本站将于 <strong>${from}</strong> 至 <strong>${to}</strong>（GMT+8）进行系统升级。</p><p>升级期间将暂停登录、充值与提款，请提前安排资金。升级完成后，如遇显示异常请清除浏览器缓存后重试。</p>`,
    ],
    tw: [
      "全站系統升級公告",
      `<p>為提供更穩定的服務，本站將於 <strong>${from}</strong> 至 <strong>${to}</strong>（GMT+8）進行系統升級。</p><p>升級期間將暫停登入、儲值與提款，請提前安排資金。升級完成後，如遇顯示異常請清除瀏覽器快取後重試。</p>`,
    ],
    ja: [
      "システムアップグレードのお知らせ",
      `<p>より安定したサービスのため、<strong>${from}</strong> から <strong>${to}</strong>（GMT+8）までシステムのアップグレードを行います。</p><p>作業中はログイン、入金、出金がご利用いただけません。お早めにお手続きください。終了後に表示がおかしい場合は、ブラウザのキャッシュを削除してからお試しください。</p>`,
    ],
    en: [
      "Site-wide system upgrade",
      `<p>To keep the service stable, we are upgrading our systems from <strong>${from}</strong> to <strong>${to}</strong> (GMT+8).</p><p>Login, deposits and withdrawals are paused during the upgrade, so please plan ahead. If pages look wrong afterwards, clear your browser cache and try again.</p>`,
    ],
    th: [
      "ประกาศอัปเกรดระบบทั้งเว็บไซต์",
      `<p>เพื่อให้บริการมีเสถียรภาพยิ่งขึ้น เว็บไซต์จะอัปเกรดระบบตั้งแต่ <strong>${from}</strong> ถึง <strong>${to}</strong> (GMT+8)</p><p>ระหว่างการอัปเกรดจะไม่สามารถเข้าสู่ระบบ ฝากเงิน หรือถอนเงินได้ โปรดวางแผนล่วงหน้า หากหน้าเว็บแสดงผลผิดปกติหลังอัปเกรด โปรดล้างแคชของเบราว์เซอร์แล้วลองใหม่</p>`,
    ],
    vi: [
      "Thông báo nâng cấp hệ thống",
      `<p>Để dịch vụ ổn định hơn, hệ thống sẽ được nâng cấp từ <strong>${from}</strong> đến <strong>${to}</strong> (GMT+8).</p><p>Trong thời gian nâng cấp, chức năng đăng nhập, nạp và rút tiền sẽ tạm ngừng, quý khách vui lòng sắp xếp trước. Nếu trang hiển thị bất thường sau khi nâng cấp, hãy xóa bộ nhớ đệm trình duyệt và thử lại.</p>`,
    ],
  });

export const drawDelay = (n: Names, issue: string): Texts =>
  texts({
    cn: [
      `${e(n.cn)} 开奖延迟说明`,
      `<p>因官方数据源延迟，${e(n.cn)} 第 <strong>${issue}</strong> 期开奖结果推迟公布，目前已恢复正常。</p><p>该期所有注单均按官方结果结算，请在投注记录中查看。</p>`,
    ],
    tw: [
      `${e(n.tw)} 開獎延遲說明`,
      `<p>因官方資料來源延遲，${e(n.tw)} 第 <strong>${issue}</strong> 期開獎結果延後公布，目前已恢復正常。</p><p>該期所有注單均依官方結果結算，請於投注紀錄中查看。</p>`,
    ],
    ja: [
      `${e(n.ja)} 抽選結果の遅延について`,
      `<p>公式データの配信遅延により、${e(n.ja)} 第 <strong>${issue}</strong> 回の抽選結果の発表が遅れましたが、現在は復旧しております。</p><p>同回のベットはすべて公式結果に基づいて精算済みです。ベット履歴からご確認ください。</p>`,
    ],
    en: [
      `${e(n.en)}: delayed draw result`,
      `<p>A delay at the official data source held back the result of ${e(n.en)} draw <strong>${issue}</strong>. Draws are back to normal.</p><p>Every bet on that draw has been settled on the official result; see your betting records.</p>`,
    ],
    th: [
      `ผลออกล่าช้า ${e(n.th)}`,
      `<p>เนื่องจากแหล่งข้อมูลทางการล่าช้า ผลรางวัล ${e(n.th)} งวดที่ <strong>${issue}</strong> จึงประกาศช้ากว่ากำหนด ขณะนี้กลับมาเป็นปกติแล้ว</p><p>โพยทั้งหมดของงวดดังกล่าวได้รับการคิดผลตามผลรางวัลทางการแล้ว ตรวจสอบได้ในประวัติการเดิมพัน</p>`,
    ],
    vi: [
      `${e(n.vi)}: kết quả quay thưởng bị chậm`,
      `<p>Do nguồn dữ liệu chính thức bị chậm, kết quả kỳ <strong>${issue}</strong> của ${e(n.vi)} đã được công bố muộn. Hiện mọi thứ đã trở lại bình thường.</p><p>Tất cả vé cược của kỳ này đã được thanh toán theo kết quả chính thức; vui lòng xem trong lịch sử cược.</p>`,
    ],
  });

export const withdrawalTimes = (): Texts =>
  texts({
    cn: [
      "提款到账时间说明",
      "<p>提款申请提交后，通常在以下时间内到账：</p><table><tr><th>方式</th><th>到账时间</th></tr><tr><td>银行卡</td><td>3–15 分钟</td></tr><tr><td>电子钱包</td><td>1–5 分钟</td></tr><tr><td>USDT</td><td>5–30 分钟</td></tr></table><p>每日 00:00–00:30（GMT+8）为银行结算时段，期间提款可能延迟。单日最多提款 10 次。</p>",
    ],
    tw: [
      "提款到帳時間說明",
      "<p>提款申請送出後，一般將於以下時間內到帳：</p><table><tr><th>方式</th><th>到帳時間</th></tr><tr><td>銀行卡</td><td>3–15 分鐘</td></tr><tr><td>電子錢包</td><td>1–5 分鐘</td></tr><tr><td>USDT</td><td>5–30 分鐘</td></tr></table><p>每日 00:00–00:30（GMT+8）為銀行結算時段，期間提款可能延遲。單日最多可提款 10 次。</p>",
    ],
    ja: [
      "出金の反映時間について",
      "<p>出金申請後、通常は次の時間内に反映されます。</p><table><tr><th>方法</th><th>反映時間</th></tr><tr><td>銀行振込</td><td>3〜15分</td></tr><tr><td>電子ウォレット</td><td>1〜5分</td></tr><tr><td>USDT</td><td>5〜30分</td></tr></table><p>毎日 00:00〜00:30（GMT+8）は銀行の締め処理のため、出金が遅れる場合があります。出金は1日10回までです。</p>",
    ],
    en: [
      "Withdrawal processing times",
      "<p>Once submitted, withdrawals usually arrive within:</p><table><tr><th>Method</th><th>Time</th></tr><tr><td>Bank card</td><td>3–15 minutes</td></tr><tr><td>E-wallet</td><td>1–5 minutes</td></tr><tr><td>USDT</td><td>5–30 minutes</td></tr></table><p>Between 00:00 and 00:30 (GMT+8) banks settle the day and withdrawals may be delayed. Up to 10 withdrawals a day.</p>",
    ],
    th: [
      "ระยะเวลาการถอนเงิน",
      "<p>หลังส่งคำขอถอนเงิน โดยปกติเงินจะเข้าบัญชีภายในเวลาดังนี้</p><table><tr><th>ช่องทาง</th><th>ระยะเวลา</th></tr><tr><td>บัญชีธนาคาร</td><td>3–15 นาที</td></tr><tr><td>อีวอลเล็ท</td><td>1–5 นาที</td></tr><tr><td>USDT</td><td>5–30 นาที</td></tr></table><p>ช่วงเวลา 00:00–00:30 (GMT+8) เป็นช่วงปิดยอดของธนาคาร การถอนเงินอาจล่าช้า ถอนได้สูงสุด 10 ครั้งต่อวัน</p>",
    ],
    vi: [
      "Thời gian xử lý rút tiền",
      "<p>Sau khi gửi yêu cầu, tiền rút thường về tài khoản trong khoảng:</p><table><tr><th>Phương thức</th><th>Thời gian</th></tr><tr><td>Thẻ ngân hàng</td><td>3–15 phút</td></tr><tr><td>Ví điện tử</td><td>1–5 phút</td></tr><tr><td>USDT</td><td>5–30 phút</td></tr></table><p>Từ 00:00 đến 00:30 (GMT+8) là thời gian ngân hàng quyết toán, lệnh rút có thể bị chậm. Tối đa 10 lần rút mỗi ngày.</p>",
    ],
  });

export const holidayService = (): Texts =>
  texts({
    cn: [
      "春节期间客服与出款安排",
      "<p>春节期间（农历除夕至初六），在线客服 7×24 小时照常服务。</p><p>部分银行假期暂停跨行清算，银行卡提款到账时间可能延长至 2 小时，电子钱包与 USDT 不受影响。祝您新春快乐，好运连连！</p>",
    ],
    tw: [
      "春節期間客服與出款安排",
      "<p>春節期間（農曆除夕至初六），線上客服 7×24 小時照常服務。</p><p>部分銀行假期暫停跨行清算，銀行卡提款到帳時間可能延長至 2 小時，電子錢包與 USDT 不受影響。祝您新春快樂，好運連連！</p>",
    ],
    ja: [
      "春節期間のサポートと出金について",
      "<p>春節期間中（旧暦の大晦日から正月六日まで）も、オンラインサポートは24時間年中無休で対応いたします。</p><p>一部の銀行が休業のため、銀行振込による出金は最大2時間ほどかかる場合があります。電子ウォレットとUSDTは通常どおりです。よい新年をお迎えください。</p>",
    ],
    en: [
      "Lunar New Year: support and withdrawals",
      "<p>Over the Lunar New Year (New Year's Eve to the sixth day), live support stays open 24/7.</p><p>Some banks pause interbank clearing for the holiday, so bank withdrawals may take up to 2 hours; e-wallets and USDT are not affected. Happy New Year and good luck!</p>",
    ],
    th: [
      "บริการลูกค้าและการถอนเงินช่วงตรุษจีน",
      "<p>ช่วงเทศกาลตรุษจีน (ตั้งแต่วันสิ้นปีถึงวันที่หกของปีใหม่ตามปฏิทินจีน) ฝ่ายบริการลูกค้าออนไลน์ยังคงให้บริการตลอด 24 ชั่วโมง</p><p>ธนาคารบางแห่งหยุดการโอนข้ามธนาคารในช่วงวันหยุด การถอนเงินเข้าบัญชีธนาคารอาจใช้เวลาถึง 2 ชั่วโมง ส่วนอีวอลเล็ทและ USDT ไม่ได้รับผลกระทบ สุขสันต์วันตรุษจีน ขอให้โชคดีตลอดปี!</p>",
    ],
    vi: [
      "Tết Nguyên Đán: hỗ trợ và rút tiền",
      "<p>Trong dịp Tết Nguyên Đán (từ đêm Giao thừa đến mùng 6), bộ phận chăm sóc khách hàng trực tuyến vẫn hoạt động 24/7.</p><p>Một số ngân hàng tạm ngừng thanh toán liên ngân hàng trong kỳ nghỉ, nên lệnh rút về thẻ ngân hàng có thể mất đến 2 giờ; ví điện tử và USDT không bị ảnh hưởng. Chúc mừng năm mới, vạn sự như ý!</p>",
    ],
  });

export const rebateSchedule = (): Texts =>
  texts({
    cn: [
      "返水发放时间调整",
      "<p>自即日起，每日返水将于 <strong>15:00</strong>（GMT+8）统一发放至奖励中心，最高返水比例 <strong>1.2%</strong>，无需申请。</p><p>返水需在 7 天内领取，逾期将自动失效。</p>",
    ],
    tw: [
      "返水發放時間調整",
      "<p>即日起，每日返水將於 <strong>15:00</strong>（GMT+8）統一發放至獎勵中心，最高返水比例 <strong>1.2%</strong>，無需申請。</p><p>返水須於 7 天內領取，逾期將自動失效。</p>",
    ],
    ja: [
      "リベート付与時間の変更",
      "<p>本日より、毎日のリベートは <strong>15:00</strong>（GMT+8）にリワードセンターへ付与されます。還元率は最大 <strong>1.2%</strong>、申請は不要です。</p><p>リベートは7日以内にお受け取りください。期限を過ぎると失効します。</p>",
    ],
    en: [
      "New time for daily rebates",
      "<p>From today, daily rebates of up to <strong>1.2%</strong> are credited to the reward centre at <strong>15:00</strong> (GMT+8), with no need to apply.</p><p>Claim them within 7 days; unclaimed rebates expire.</p>",
    ],
    th: [
      "ปรับเวลาจ่ายเงินคืนรายวัน",
      "<p>ตั้งแต่วันนี้ เงินคืนรายวันสูงสุด <strong>1.2%</strong> จะเข้าสู่ศูนย์รางวัลเวลา <strong>15:00</strong> (GMT+8) โดยไม่ต้องยื่นขอ</p><p>โปรดรับเงินคืนภายใน 7 วัน หากเลยกำหนดจะหมดอายุโดยอัตโนมัติ</p>",
    ],
    vi: [
      "Thay đổi giờ trả hoàn trả hằng ngày",
      "<p>Kể từ hôm nay, tiền hoàn trả hằng ngày lên đến <strong>1,2%</strong> sẽ được chuyển vào trung tâm phần thưởng lúc <strong>15:00</strong> (GMT+8), không cần đăng ký.</p><p>Vui lòng nhận trong vòng 7 ngày; quá hạn sẽ tự động hết hiệu lực.</p>",
    ],
  });
