import { useRouteLoaderData } from "@remix-run/react";
import { GuestLinks } from "~/components/layout";
import { useTranslation } from "react-i18next";
import type { loader as rootLoader } from "~/root";

/** Home: the shell carries the account area; the page greets the player or invites a guest. */
export default function Home() {
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const player = data?.player;
  return (
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
  );
}
