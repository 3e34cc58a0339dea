import { usePageTranslation } from "~/i18n/translation";
import type { Notice } from "~/operator/errors";

/** A message for the player: a translated key, or the operator's own text as it came. */
export function NoticeText({ notice }: { notice: Notice }) {
  const { t } = usePageTranslation();
  return <>{"key" in notice ? t(notice.key, notice.values) : notice.text}</>;
}

export function NoticeBanner({ notice, tone = "info" }: { notice: Notice | null | undefined; tone?: "info" | "error" }) {
  if (!notice) return null;
  return (
    <div className={`notice notice--${tone}`} role={tone === "error" ? "alert" : "status"}>
      <NoticeText notice={notice} />
    </div>
  );
}
