/** The help centre's pages on paying in and out (deposit and withdraw, with their children), in the six languages. */
import type { HelpSeed } from "./help-texts";
import { htmlTable, texts } from "./texts";

const limits = (head: [string, string], min: string, max: string, perDay: string, times: string, sep = ",") =>
  htmlTable([head, [min, "¥100"], [max, `¥50${sep}000`], [perDay, times]]);

export const MONEY_HELP: readonly HelpSeed[] = [
  {
    tag: "deposit",
    bgColor: "#16a34a",
    texts: texts({
      cn: [
        "如何存款",
        "<p>登录后进入 <strong>会员中心 → 存款</strong>，选择存款方式并输入金额，按页面提示完成付款。</p><p>单笔最低存款 ¥100。付款完成后通常 1–5 分钟到账。</p>",
      ],
      tw: [
        "如何儲值",
        "<p>登入後進入 <strong>會員中心 → 儲值</strong>，選擇儲值方式並輸入金額，依頁面指示完成付款。</p><p>單筆最低儲值 ¥100。付款完成後一般 1–5 分鐘到帳。</p>",
      ],
      ja: [
        "入金方法",
        "<p>ログイン後、<strong>会員センター → 入金</strong> を開き、入金方法と金額を選んで画面の案内どおりにお支払いください。</p><p>1回の最低入金額は ¥100 です。通常、支払い後1〜5分で反映されます。</p>",
      ],
      en: [
        "How to deposit",
        "<p>After logging in, open <strong>Member centre → Deposit</strong>, choose a method, enter the amount and follow the steps on the page.</p><p>The minimum deposit is ¥100. Funds usually arrive within 1–5 minutes of payment.</p>",
      ],
      th: [
        "วิธีฝากเงิน",
        "<p>หลังเข้าสู่ระบบ ไปที่ <strong>ศูนย์สมาชิก → ฝากเงิน</strong> เลือกช่องทาง ใส่จำนวนเงิน แล้วทำตามขั้นตอนบนหน้าจอ</p><p>ฝากขั้นต่ำครั้งละ ¥100 โดยปกติเงินจะเข้าภายใน 1–5 นาทีหลังชำระเงิน</p>",
      ],
      vi: [
        "Cách nạp tiền",
        "<p>Sau khi đăng nhập, vào <strong>Trung tâm hội viên → Nạp tiền</strong>, chọn phương thức, nhập số tiền và làm theo hướng dẫn trên trang.</p><p>Số tiền nạp tối thiểu là ¥100. Tiền thường về trong 1–5 phút sau khi thanh toán.</p>",
      ],
    }),
    children: [
      {
        tag: "deposit-bank",
        texts: texts({
          cn: [
            "银行转账",
            "<ol><li>选择 <strong>银行转账</strong>，系统会显示收款账户</li><li>请使用本人名下的银行卡转账，并填写准确金额</li><li>转账完成后点击“我已付款”</li></ol><p>请勿保存收款账户重复使用，每次存款以页面显示为准。</p>",
          ],
          tw: [
            "銀行轉帳",
            "<ol><li>選擇 <strong>銀行轉帳</strong>，系統會顯示收款帳戶</li><li>請使用本人名下的銀行卡轉帳，並填寫正確金額</li><li>轉帳完成後點擊「我已付款」</li></ol><p>請勿儲存收款帳戶重複使用，每次儲值以頁面顯示為準。</p>",
          ],
          ja: [
            "銀行振込",
            "<ol><li><strong>銀行振込</strong> を選ぶと、振込先口座が表示されます</li><li>ご本人名義の口座から、表示された金額を正確にお振り込みください</li><li>振込後に「支払い済み」をクリックしてください</li></ol><p>振込先口座は毎回変わる場合があります。保存して使い回さないでください。</p>",
          ],
          en: [
            "Bank transfer",
            "<ol><li>Choose <strong>Bank transfer</strong> to see the receiving account</li><li>Transfer the exact amount from an account in your own name</li><li>Click “I have paid” once the transfer is done</li></ol><p>Do not save the receiving account for later: use the one shown for each deposit.</p>",
          ],
          th: [
            "โอนผ่านธนาคาร",
            "<ol><li>เลือก <strong>โอนผ่านธนาคาร</strong> ระบบจะแสดงบัญชีรับเงิน</li><li>โอนจากบัญชีที่เป็นชื่อของท่านเอง และโอนให้ตรงตามจำนวน</li><li>เมื่อโอนเสร็จ คลิก “ชำระเงินแล้ว”</li></ol><p>โปรดอย่าบันทึกบัญชีรับเงินไว้ใช้ซ้ำ ให้ใช้บัญชีที่แสดงในการฝากแต่ละครั้ง</p>",
          ],
          vi: [
            "Chuyển khoản ngân hàng",
            "<ol><li>Chọn <strong>Chuyển khoản ngân hàng</strong> để xem tài khoản nhận</li><li>Chuyển đúng số tiền từ tài khoản đứng tên chính quý khách</li><li>Nhấn “Tôi đã thanh toán” sau khi chuyển xong</li></ol><p>Không lưu tài khoản nhận để dùng lại; hãy dùng tài khoản hiển thị cho mỗi lần nạp.</p>",
          ],
        }),
      },
      {
        tag: "deposit-ewallet",
        texts: texts({
          cn: [
            "电子钱包",
            "<p>支持主流电子钱包和 USDT（TRC20）。选择钱包后扫描二维码付款，无需填写备注。</p><p>USDT 存款按实时汇率换算，需 1 个区块确认。</p>",
          ],
          tw: [
            "電子錢包",
            "<p>支援主流電子錢包與 USDT（TRC20）。選擇錢包後掃描 QR Code 付款，無須填寫備註。</p><p>USDT 儲值依即時匯率換算，需 1 個區塊確認。</p>",
          ],
          ja: [
            "電子ウォレット",
            "<p>主要な電子ウォレットと USDT（TRC20）に対応しています。ウォレットを選んでQRコードを読み取るだけで、備考の入力は不要です。</p><p>USDTはリアルタイムのレートで換算され、1ブロックの承認が必要です。</p>",
          ],
          en: [
            "E-wallets",
            "<p>Major e-wallets and USDT (TRC20) are supported. Choose a wallet and scan the QR code to pay; no reference is needed.</p><p>USDT deposits are converted at the live rate and need one block confirmation.</p>",
          ],
          th: [
            "อีวอลเล็ท",
            "<p>รองรับอีวอลเล็ทยอดนิยมและ USDT (TRC20) เลือกวอลเล็ทแล้วสแกน QR Code เพื่อชำระเงิน ไม่ต้องใส่หมายเหตุ</p><p>การฝาก USDT คิดตามอัตราแลกเปลี่ยนขณะนั้น และต้องรอการยืนยัน 1 บล็อก</p>",
          ],
          vi: [
            "Ví điện tử",
            "<p>Hỗ trợ các ví điện tử phổ biến và USDT (TRC20). Chọn ví và quét mã QR để thanh toán, không cần ghi nội dung.</p><p>Nạp USDT được quy đổi theo tỷ giá hiện hành và cần 1 xác nhận khối.</p>",
          ],
        }),
      },
    ],
  },
  {
    tag: "withdraw",
    bgColor: "#d97706",
    texts: texts({
      cn: [
        "如何提款",
        "<p>进入 <strong>会员中心 → 提款</strong>，选择已绑定的收款账户，输入金额和资金密码提交即可。</p><p>提款前需完成所领取优惠的流水要求。</p>",
      ],
      tw: [
        "如何提款",
        "<p>進入 <strong>會員中心 → 提款</strong>，選擇已綁定的收款帳戶，輸入金額與資金密碼後送出即可。</p><p>提款前須完成所領取優惠的流水要求。</p>",
      ],
      ja: [
        "出金方法",
        "<p><strong>会員センター → 出金</strong> を開き、登録済みの受取口座を選んで金額と出金パスワードを入力し、申請してください。</p><p>受け取ったボーナスの賭け条件を満たしてから出金できます。</p>",
      ],
      en: [
        "How to withdraw",
        "<p>Open <strong>Member centre → Withdraw</strong>, choose a bound account, enter the amount and your payment password, and submit.</p><p>The wagering requirements of any bonus you claimed must be met first.</p>",
      ],
      th: [
        "วิธีถอนเงิน",
        "<p>ไปที่ <strong>ศูนย์สมาชิก → ถอนเงิน</strong> เลือกบัญชีรับเงินที่ผูกไว้ ใส่จำนวนเงินและรหัสผ่านการเงิน แล้วกดยืนยัน</p><p>ต้องทำเทิร์นโอเวอร์ของโบนัสที่รับไว้ให้ครบก่อนถอน</p>",
      ],
      vi: [
        "Cách rút tiền",
        "<p>Vào <strong>Trung tâm hội viên → Rút tiền</strong>, chọn tài khoản đã liên kết, nhập số tiền và mật khẩu rút tiền rồi gửi yêu cầu.</p><p>Cần hoàn thành doanh thu cược của các khuyến mãi đã nhận trước khi rút.</p>",
      ],
    }),
    children: [
      {
        tag: "withdraw-time",
        texts: texts({
          cn: [
            "到账时间",
            "<p>提款 7×24 小时受理，银行卡一般 3–15 分钟到账，电子钱包 1–5 分钟。</p><p>每日 00:00–00:30（GMT+8）银行结算期间可能延迟。</p>",
          ],
          tw: [
            "到帳時間",
            "<p>提款 7×24 小時受理，銀行卡一般 3–15 分鐘到帳，電子錢包 1–5 分鐘。</p><p>每日 00:00–00:30（GMT+8）銀行結算期間可能延遲。</p>",
          ],
          ja: [
            "反映までの時間",
            "<p>出金は24時間年中無休で受け付けています。銀行口座へは通常3〜15分、電子ウォレットへは1〜5分で反映されます。</p><p>毎日00:00〜00:30（GMT+8）の銀行締め処理中は遅れる場合があります。</p>",
          ],
          en: [
            "Processing times",
            "<p>Withdrawals are handled 24/7. Bank cards usually receive funds within 3–15 minutes, e-wallets within 1–5 minutes.</p><p>Expect delays while banks settle the day, 00:00–00:30 (GMT+8).</p>",
          ],
          th: [
            "ระยะเวลาเงินเข้า",
            "<p>รับคำขอถอนเงินตลอด 24 ชั่วโมง เข้าบัญชีธนาคารภายใน 3–15 นาที อีวอลเล็ทภายใน 1–5 นาที</p><p>ช่วง 00:00–00:30 (GMT+8) ซึ่งเป็นเวลาปิดยอดของธนาคาร อาจล่าช้า</p>",
          ],
          vi: [
            "Thời gian nhận tiền",
            "<p>Lệnh rút được xử lý 24/7. Thẻ ngân hàng thường nhận tiền trong 3–15 phút, ví điện tử trong 1–5 phút.</p><p>Có thể chậm trong thời gian ngân hàng quyết toán từ 00:00 đến 00:30 (GMT+8).</p>",
          ],
        }),
      },
      {
        tag: "withdraw-limits",
        texts: texts({
          cn: ["提款限额", `${limits(["项目", "限额"], "单笔最低", "单笔最高", "每日次数", "10 次")}<p>VIP 会员可享更高限额。</p>`],
          tw: ["提款限額", `${limits(["項目", "限額"], "單筆最低", "單筆最高", "每日次數", "10 次")}<p>VIP 會員可享更高限額。</p>`],
          ja: [
            "出金限度額",
            `${limits(["項目", "限度額"], "1回の最低額", "1回の最高額", "1日の回数", "10回")}<p>VIP会員はより高い限度額をご利用いただけます。</p>`,
          ],
          en: [
            "Withdrawal limits",
            `${limits(["Item", "Limit"], "Minimum per withdrawal", "Maximum per withdrawal", "Withdrawals per day", "10")}<p>VIP members enjoy higher limits.</p>`,
          ],
          th: [
            "วงเงินถอน",
            `${limits(["รายการ", "วงเงิน"], "ขั้นต่ำต่อครั้ง", "สูงสุดต่อครั้ง", "จำนวนครั้งต่อวัน", "10 ครั้ง")}<p>สมาชิก VIP ได้รับวงเงินที่สูงกว่า</p>`,
          ],
          vi: [
            "Hạn mức rút tiền",
            `${limits(["Hạng mục", "Hạn mức"], "Tối thiểu mỗi lần", "Tối đa mỗi lần", "Số lần mỗi ngày", "10 lần", ".")}<p>Hội viên VIP được hưởng hạn mức cao hơn.</p>`,
          ],
        }),
      },
    ],
  },
];
