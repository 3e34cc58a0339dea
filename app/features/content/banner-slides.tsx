/**
 * Home's banner slides (banners.tsx): a shared fragment's part (decision 041), plain links and
 * launch forms drawn from props only.
 */
import { Namespaces } from "~/i18n/translation";
import { PlainLaunchForm } from "~/features/games/play-form";
import type { BannerView } from "./content.server";

/** The slides: a shared fragment's part, drawn from props only. */
export function BannerSlides({ banners }: { banners: BannerView[] }) {
  return (
    <Namespaces ns="content">
      <ul className="banners__track">
        {banners.map((banner, index) => (
          <li key={banner.id} className="banner" id={`banner-${banner.id}`}>
            <BannerBody banner={banner} first={index === 0} />
          </li>
        ))}
      </ul>
    </Namespaces>
  );
}

function BannerBody({ banner, first }: { banner: BannerView; first: boolean }) {
  const image = (
    <img
      src={banner.image}
      alt={banner.title}
      width={1200}
      height={400}
      loading={first ? "eager" : "lazy"}
      // The largest paint of home: fetched first.
      {...{ fetchpriority: first ? "high" : undefined }}
      decoding="async"
    />
  );
  const { action } = banner;
  switch (action.kind) {
    case "page":
      return <a href={action.href}>{image}</a>;
    case "away":
    case "window":
      return (
        <a href={action.href} target="_blank" rel="noopener noreferrer">
          {image}
        </a>
      );
    case "game":
      return (
        // A real game: an account is needed (a guest's press leads to the login).
        <PlainLaunchForm fields={action.fields} newWindow backTo="/" needsAccount buttonClass="banner__launch">
          {image}
        </PlainLaunchForm>
      );
  }
}
