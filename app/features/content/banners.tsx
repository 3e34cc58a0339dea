/**
 * Home's banner carousel (document 001, sections 2 and 3). The slides are the same for every
 * visitor of a kind, so they are a shared fragment (decision 041): plain links and launch forms
 * in a scroll-snapped row, all banners with the first in view — what a browser without scripts
 * shows. With scripts the row turns by itself every 2500 ms, looped, and holds still while the
 * pointer is over it, while it has the focus, while the page is hidden, and for a visitor who
 * asks for reduced motion; previous, next and one dot per slide are added.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { SharedFragment } from "~/components/shared-fragment";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";
import { launchFrom } from "~/features/games/plain-tiles";
import { useLauncher } from "~/features/games/play-form";
import { lazyPart } from "~/components/lazy-part";
import type { BannerView } from "./content.server";

// The slides as the browser draws them: only for a key new to the page (banner-slides.tsx).
const SlidesPart = lazyPart(() => import("./banner-slides").then((m) => m.BannerSlides));

/** Document 001, section 9: the banner's autoplay. */
export const BANNER_AUTOPLAY_MS = 2500;

export function BannerCarousel({
  banners,
  count,
  fragmentKey,
}: {
  /** Empty in a document's data: its markup came with the page. */
  banners: BannerView[];
  count: number;
  fragmentKey: string;
}) {
  const { t } = usePageTranslation("content");
  const hydrated = useHydrated();
  const launcher = useLauncher();
  const box = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const show = useCallback((index: number) => {
    const row = box.current?.querySelector<HTMLElement>(".banners__track");
    if (!row) return;
    const slides = row.children.length;
    if (slides === 0) return;
    const next = ((index % slides) + slides) % slides;
    row.scrollTo({ left: next * row.clientWidth, behavior: "smooth" });
  }, []);

  useEffect(() => {
    const row = box.current?.querySelector<HTMLElement>(".banners__track");
    const root = box.current;
    if (!row || !root) return;
    const onScroll = () => setCurrent(Math.round(row.scrollLeft / Math.max(1, row.clientWidth)));
    row.addEventListener("scroll", onScroll, { passive: true });
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    // A turn every 2500 ms, counted again from the moment the visitor lets go of the carousel
    // (pointer out, focus out): a banner they turned to by hand gets its full time.
    let timer: number | undefined;
    const schedule = () => {
      window.clearTimeout(timer);
      if (still) return;
      timer = window.setTimeout(() => {
        if (held === 0 && !document.hidden && row.children.length > 1) show(Math.round(row.scrollLeft / Math.max(1, row.clientWidth)) + 1);
        schedule();
      }, BANNER_AUTOPLAY_MS);
    };
    let held = 0;
    const hold = () => (held += 1);
    const release = () => {
      held = Math.max(0, held - 1);
      if (held === 0) schedule();
    };
    root.addEventListener("pointerenter", hold);
    root.addEventListener("pointerleave", release);
    root.addEventListener("focusin", hold);
    root.addEventListener("focusout", release);
    schedule();
    return () => {
      window.clearTimeout(timer);
      row.removeEventListener("scroll", onScroll);
      root.removeEventListener("pointerenter", hold);
      root.removeEventListener("pointerleave", release);
      root.removeEventListener("focusin", hold);
      root.removeEventListener("focusout", release);
    };
  }, [fragmentKey, show]);

  const onSubmit = (event: FormEvent<HTMLElement>, form: HTMLFormElement) => {
    launchFrom(launcher.launch, event, form);
  };
  return (
    <section className="banner-carousel" aria-roledescription={t("carousel")} aria-label={t("banners")} ref={box}>
      <SharedFragment fragmentKey={fragmentKey} className="banners" render={() => <SlidesPart banners={banners} />} onSubmit={onSubmit} />
      {hydrated && count > 1 ? (
        <div className="banner-carousel__controls">
          <button type="button" className="banner-carousel__step" aria-label={t("banner_previous")} onClick={() => show(current - 1)}>
            ‹
          </button>
          <ol className="banner-carousel__dots">
            {Array.from({ length: count }, (_, i) => (
              <li key={i}>
                <button
                  type="button"
                  aria-label={t("banner_go_to", { n: i + 1, count })}
                  aria-current={i === current || undefined}
                  onClick={() => show(i)}
                />
              </li>
            ))}
          </ol>
          <button type="button" className="banner-carousel__step" aria-label={t("banner_next")} onClick={() => show(current + 1)}>
            ›
          </button>
        </div>
      ) : null}
      {launcher.overlays}
    </section>
  );
}
