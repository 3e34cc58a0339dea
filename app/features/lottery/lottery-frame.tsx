/**
 * The operator's lottery client inside the shell (/lottery, /vnLottery): a bar with the way
 * back and the game's name, then the frame; or, when it could not open, why, with the way back.
 */
import { Link } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { NoticeText } from "~/components/notice";
import type { LotteryFrameData } from "./launch.server";
import { GAME_FRAME_SANDBOX } from "~/features/games/frame-sandbox";

export function LotteryFrame({
  data,
  title,
  unavailable,
  frameTestId = "lottery-frame",
}: {
  data: Pick<LotteryFrameData, "url" | "notice" | "numbersDropped" | "back">;
  title: string;
  /** What to say when there is no address and no notice (default: the lottery could not open). */
  unavailable?: string;
  frameTestId?: string;
}) {
  const { t } = usePageTranslation("lottery");
  if (!data.url) {
    return (
      <section className="panel lottery-closed" aria-labelledby="lottery-closed-title" data-testid="lottery-closed">
        <h1 id="lottery-closed-title">{title}</h1>
        <p role="alert">{data.notice ? <NoticeText notice={data.notice} /> : (unavailable ?? t("lottery_unavailable"))}</p>
        <p className="actions">
          <Link to={data.back} className="button">
            {t("lottery_back")}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="seamless lottery-frame" aria-labelledby="lottery-title">
      <div className="seamless__bar">
        <Link to={data.back} className="button button--small button--secondary" data-testid="lottery-back">
          {t("lottery_back")}
        </Link>
        <h1 id="lottery-title" className="seamless__title">
          {title}
        </h1>
      </div>
      {data.numbersDropped ? (
        <p className="notice notice--info" role="status" data-testid="lottery-numbers-dropped">
          {t("quick_bet_numbers_dropped")}
        </p>
      ) : null}
      <iframe
        className="seamless__frame"
        src={data.url}
        title={title}
        allow="autoplay; fullscreen"
        referrerPolicy="no-referrer"
        sandbox={GAME_FRAME_SANDBOX}
        data-testid={frameTestId}
      />
    </section>
  );
}
