/** What `npm start` prints once it listens. */

/** The embedded reference operator's accounts: a real operator's players are its own, never printed. */
const DEMO_ACCOUNTS = `Demo accounts (merchant demo):
  player   player01 / Player123
  agent    agent001 / Agent1234
  expired  expired01 / Expired123   (password expired: forced change)
  2FA      secure01 / Secure123     (authenticator code, secret JBSWY3DPEHPK3PXP)
  2FA all  verify01 / Verify123     (payee name, SMS, authenticator, e-mail)
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
