/** What `npm start` prints once it listens. */

/** The embedded reference operator's accounts: a real operator's players are its own, never printed. */
const DEMO_ACCOUNTS = `Demo accounts (merchant demo):
  player   player01 / Player123
  agent    agent001 / Agent1234
  expired  expired01 / Expired123   (password expired: forced change)
  2FA      secure01 / Secure123     (authenticator code, secret JBSWY3DPEHPK3PXP)
  2FA all  verify01 / Verify123     (payee name, SMS, authenticator, e-mail)
  wallet   single01 / Single123     (single wallet: no transfers)
  upline   down01 / Down1234        (transfer to the upline agent001)
  receipts payee01 / Payee1234      (payment confirmations waiting)
  plain    plain01 / Plain1234      (no VIP label, no rebate)
  rebate   rebate01 / Rebate123     (rebates to claim)
  salary   salary01 / Salary123     (a daily-salary contract request)
  subagent agent002 / Agent1234     (agent001's sub-agent; team01…team08, team21…team23 / Team1234)
`;

/** The second merchant's accounts (MERCHANT_CODE=demo2). */
const SECOND_MERCHANT_ACCOUNTS = `Demo accounts (merchant demo2, "Lucky Tiger"):
  player   tiger01 / Tiger1234
  agent    tigeragent / Tiger1234
`;

export function startBanner(args: {
  url: string;
  mode: string;
  operatorNote: string;
  embeddedOperator: boolean;
  merchantCode?: string;
}): string {
  const lines = [`Portal ready: ${args.url} (${args.mode} mode)`, args.operatorNote];
  if (args.embeddedOperator) lines.push(args.merchantCode === "demo2" ? SECOND_MERCHANT_ACCOUNTS : DEMO_ACCOUNTS);
  return `\n${lines.join("\n")}`;
}
