/**
 * The wallet list of the info bar and the transfer page: each wallet with its balance, a click
 * opens the transfer page with that wallet as the source (document 002, section 2), and the total.
 */
import { Link } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { memberHref } from "~/features/member/routes";
import type { WalletsView } from "~/features/member/wallets.server";

export function WalletList({ view, hidden = false, links = true }: { view: WalletsView; hidden?: boolean; links?: boolean }) {
  const { t } = usePageTranslation("member");
  const amount = (text: string) => (hidden ? "****" : text);
  return (
    <div className="wallet-list" data-testid="wallet-list">
      <ul>
        {view.wallets.map((w) => (
          <li key={w.id} data-wallet={w.id} className={w.main ? "wallet-list__item wallet-list__item--main" : "wallet-list__item"}>
            {links ? (
              <Link to={memberHref("transferFund", { from: w.id })} className="wallet-list__link">
                <span className="wallet-list__name">{w.name}</span>
                <span className="wallet-list__balance">{amount(w.balance)}</span>
              </Link>
            ) : (
              <span className="wallet-list__link">
                <span className="wallet-list__name">{w.name}</span>
                <span className="wallet-list__balance">{amount(w.balance)}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="wallet-list__total">
        <span>{t("wallet_total")}</span> <strong data-testid="wallet-total">{amount(view.total)}</strong>
      </p>
    </div>
  );
}
