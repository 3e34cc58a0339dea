/**
 * Contract requests waiting (document 002, section 4; decision 031): once a visit the dialog
 * opens by itself. With scripts the page navigates to /contracts, which draws itself over this
 * page; without, a notice links there. Either way the header's badge leads there afterwards.
 */
import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { inOverlay } from "~/components/backdrop";
import { openedFrom } from "~/components/dialog-shell";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";
import { CONTRACTS_PATH } from "~/features/contracts/contracts-paths";

export interface ContractsPromptData {
  pending: number;
  total: number;
  autoOpen: boolean;
}

export const contractsHref = (pathname: string, search: string) =>
  `${CONTRACTS_PATH}?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`;

export function ContractsPrompt({ contracts }: { contracts: ContractsPromptData }) {
  const { t } = usePageTranslation();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const open = contracts.autoOpen && !inOverlay(pathname);
  const href = contractsHref(pathname, search);
  useEffect(() => {
    if (hydrated && open) navigate(href, { state: openedFrom(`${pathname}${search}`) });
  }, [hydrated, open, href, navigate, pathname, search]);
  if (!open || hydrated) return null;
  return (
    <aside className="notice notice--info confirmation-notice" data-testid="contracts-notice">
      {t("contracts_waiting", { count: contracts.pending })} <Link to={href}>{t("contracts_open")}</Link>
    </aside>
  );
}
