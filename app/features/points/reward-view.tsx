/**
 * The product view's picture and details (document 002, section 2). The gallery: with scripts a
 * large picture with arrows and a strip of thumbnails (the arrows wrap around when there are more
 * than 5 pictures, as the spec's loop does); without scripts every large picture in a strip that
 * scrolls sideways, so nothing needs a script to be seen.
 */
import { useState } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";
import { RewardPrices } from "./goods-view";
import { galleryStep, GALLERY_LOOP_ABOVE } from "./mall";
import type { RewardView } from "./points.server";

export function Gallery({ reward }: { reward: Pick<RewardView, "name" | "images"> }) {
  const { t } = usePageTranslation();
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  const { images } = reward;
  if (images.length === 0) return <div className="gallery gallery--empty" aria-hidden="true" />;
  if (!hydrated) {
    return (
      <ul className="gallery-strip" aria-label={t("points_gallery")} data-testid="gallery-strip">
        {images.map((image, i) => (
          <li key={image.main}>
            <img
              src={image.main}
              alt={t("points_gallery_image", { name: reward.name, n: i + 1, count: images.length })}
              width={320}
              height={320}
            />
          </li>
        ))}
      </ul>
    );
  }
  const loops = images.length > GALLERY_LOOP_ABOVE;
  const current = images[index] ?? images[0];
  return (
    <div className="gallery" data-testid="gallery" data-loops={loops ? "true" : "false"}>
      <div className="gallery__stage">
        <img
          src={current.main}
          alt={t("points_gallery_image", { name: reward.name, n: index + 1, count: images.length })}
          width={320}
          height={320}
          data-testid="gallery-main"
        />
        {images.length > 1 ? (
          <>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--prev"
              aria-label={t("points_gallery_prev")}
              disabled={!loops && index === 0}
              onClick={() => setIndex((i) => galleryStep(i, -1, images.length))}
            >
              ‹
            </button>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--next"
              aria-label={t("points_gallery_next")}
              disabled={!loops && index === images.length - 1}
              onClick={() => setIndex((i) => galleryStep(i, 1, images.length))}
            >
              ›
            </button>
            <span className="gallery__count" aria-live="polite" data-testid="gallery-count">
              {index + 1} / {images.length}
            </span>
          </>
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs">
          {images.map((image, i) => (
            <li key={image.thumb + i}>
              <button
                type="button"
                className={i === index ? "gallery__thumb gallery__thumb--current" : "gallery__thumb"}
                aria-label={t("points_gallery_image", { name: reward.name, n: i + 1, count: images.length })}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                <img src={image.thumb} alt="" width={56} height={56} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function RewardDetails({ reward }: { reward: RewardView }) {
  const { t } = usePageTranslation();
  return (
    <div className="reward-details">
      <RewardPrices reward={reward} />
      <dl className="reward-facts">
        <div>
          <dt>{t("points_inventory")}</dt>
          <dd data-testid="reward-inventory">{reward.inventory}</dd>
        </div>
        <div>
          <dt>{t("points_redeemed_count")}</dt>
          <dd>{reward.redeemed}</dd>
        </div>
      </dl>
      {reward.description ? <p className="reward-details__text">{reward.description}</p> : null}
    </div>
  );
}
