import { useRouteLoaderData } from "@remix-run/react";
import { GuestLinks } from "~/components/layout";
import { GatedLink } from "~/components/dialog";
import { usePageTranslation } from "~/i18n/translation";
import type { loader as rootLoader } from "~/root";

/** Entries only members may open: a guest is asked to log in first (the pop-up when loginPop is on). */
const GATED_ENTRIES = [
  { to: "/member", label: "home_member_centre" },
  { to: "/change-password", label: "home_change_password" },
] as const;

/** Home: the shell carries the account area; the page greets the player or invites a guest. */
export default function Home() {
  const { t } = usePageTranslation();
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const player = data?.player;
  return (
    <>
      <section className="panel home" aria-labelledby="home-title">
        {player ? (
          <>
            <h1 id="home-title">{t("welcome_back", { name: player.nickname || player.account })}</h1>
            <dl className="wallet">
              <dt>{t("balance")}</dt>
              <dd data-testid="home-balance">{player.balance ?? t("balance_unavailable")}</dd>
            </dl>
          </>
        ) : (
          <>
            <h1 id="home-title">{t("welcome_guest", { site: data?.site.title ?? "" })}</h1>
            <p>{t("guest_intro")}</p>
            <p className="actions">
              <GuestLinks />
            </p>
          </>
        )}
      </section>
      <nav className="panel gated-entries" aria-labelledby="gated-title">
        <h2 id="gated-title">{t("home_members_only")}</h2>
        {player?.trial ? (
          // A free-play account is refused every entry here: it is told why instead of being bounced.
          <p data-testid="trial-hint">{t("home_trial_hint")}</p>
        ) : (
          <>
            {player ? null : <p>{t("home_members_only_hint")}</p>}
            <ul>
              {GATED_ENTRIES.map((entry) => (
                <li key={entry.to}>
                  <GatedLink to={entry.to}>{t(entry.label)}</GatedLink>
                </li>
              ))}
            </ul>
          </>
        )}
      </nav>
    </>
  );
}
