import { Link } from "@remix-run/react";
import { GatedLink } from "~/features/auth/login-dialog";
import { useFragmentLinks } from "~/components/shared-fragment";
import { loginHref } from "~/features/auth/login-href";
import { usePageTranslation } from "~/i18n/translation";
import type { VendorView } from "./types";
import { VendorGamesLink } from "./vendor-games-view";
import { VENDOR_GAMES_DIALOG } from "./dialog-kinds";

/** A vendor's entry (home blocks): its icon, name, rebate and maintenance badges; gated for guests unless its lobby is open to them. */
export function VendorCardLink({ vendor, guest }: { vendor: VendorView; guest: boolean }) {
  const { t } = usePageTranslation("games");
  const plain = useFragmentLinks();
  const body = (
    <>
      {vendor.icon ? <img src={vendor.icon} alt="" width="48" height="48" loading="lazy" decoding="async" /> : null}
      <span className="vendor-card__text">
        <span className="vendor-card__name">{vendor.name}</span>
        {vendor.rebate || vendor.maintenance ? (
          <span className="vendor-card__badges">
            {vendor.rebate ? <span className="badge badge--rebate">{t("rebate_badge", { rate: vendor.rebate })}</span> : null}
            {vendor.maintenance ? <span className="badge badge--muted">{t("vendor_maintenance_badge")}</span> : null}
          </span>
        ) : null}
      </span>
    </>
  );
  if (plain) {
    // In a shared fragment: plain anchors, the fragment's click does the rest (decision 041).
    if (guest && !vendor.openToGuests) {
      return (
        <a href={loginHref({ redirectTo: vendor.href })} className="vendor-card" data-gated="">
          {body}
        </a>
      );
    }
    return (
      <a href={vendor.href} className="vendor-card" data-opens={vendor.vassalage ? VENDOR_GAMES_DIALOG : undefined}>
        {body}
      </a>
    );
  }
  if (guest && !vendor.openToGuests) {
    return (
      <GatedLink to={vendor.href} className="vendor-card">
        {body}
      </GatedLink>
    );
  }
  return vendor.vassalage ? (
    <VendorGamesLink href={vendor.href} className="vendor-card">
      {body}
    </VendorGamesLink>
  ) : (
    <Link to={vendor.href} className="vendor-card">
      {body}
    </Link>
  );
}
