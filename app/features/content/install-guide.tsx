/**
 * The app's install guide (document 001, section 2, screen 12): without scripts an ordered list
 * of every step; with scripts the same list becomes a carousel of one step at a time, a 270 px
 * step (section 9), with previous and next buttons and a dot per step. The list scrolls sideways
 * under the buttons (scroll snapping), so no inline style is needed: the CSP allows none.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";

export interface InstallStep {
  title: string;
  text: string;
}

export function InstallGuide({ steps }: { steps: readonly InstallStep[] }) {
  const { t } = usePageTranslation("content");
  const carousel = useHydrated() && steps.length > 1;
  const track = useRef<HTMLOListElement>(null);
  const [current, setCurrent] = useState(0);

  const show = useCallback((index: number) => {
    const row = track.current;
    if (!row) return;
    setCurrent(index);
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    row.scrollTo({ left: index * row.clientWidth, behavior: still ? "auto" : "smooth" });
  }, []);

  useEffect(() => {
    const row = track.current;
    if (!carousel || !row) return;
    // The step in view follows a swipe too, read once the row has come to rest (not halfway,
    // which would flick the dots back while a button's smooth scroll runs).
    let timer: number | undefined;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setCurrent(Math.round(row.scrollLeft / Math.max(1, row.clientWidth))), 120);
    };
    row.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      row.removeEventListener("scroll", onScroll);
    };
  }, [carousel]);

  const count = steps.length;
  return (
    <section className="install-guide" aria-labelledby="install-guide-title" aria-roledescription={carousel ? t("carousel") : undefined}>
      <h2 id="install-guide-title">{t("download_guide")}</h2>
      {/* A row that scrolls takes the focus, so a keyboard can scroll it too. */}
      <ol
        className={carousel ? "install-guide__steps install-guide__steps--carousel" : "install-guide__steps"}
        ref={track}
        tabIndex={carousel ? 0 : undefined}
      >
        {steps.map((step, i) => (
          <li
            key={i}
            className="install-guide__step"
            data-step={i + 1}
            aria-label={carousel ? t("download_step_of", { n: i + 1, count }) : undefined}
            aria-hidden={carousel && i !== current ? true : undefined}
          >
            <span className="install-guide__number" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      {carousel ? (
        <div className="install-guide__controls">
          <button
            type="button"
            className="install-guide__turn"
            aria-label={t("download_previous")}
            disabled={current === 0}
            onClick={() => show(current - 1)}
          >
            ‹
          </button>
          <ol className="install-guide__dots">
            {steps.map((_, i) => (
              <li key={i}>
                <button
                  type="button"
                  aria-label={t("download_step_of", { n: i + 1, count })}
                  aria-current={i === current || undefined}
                  onClick={() => show(i)}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="install-guide__turn"
            aria-label={t("download_next")}
            disabled={current === count - 1}
            onClick={() => show(current + 1)}
          >
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
