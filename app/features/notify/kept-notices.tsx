/**
 * The messages that arrived while the player was between pages (decision 051), brought by the
 * page's data and shown once. With scripts they join the toast stack. Without, they are the same
 * cards in the same corner, each closed by its own checkbox label: closing is the browser's
 * alone, costs no request, and a message once shown is not brought again.
 */
import { useEffect, useId } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";
import { toastFor, type PlayerMessage } from "~/features/notify/messages";
import { useShowMessage } from "~/features/notify/notification-stream";
import { ToastContent, toastBody } from "~/features/notify/toasts";
import type { MerchantCurrency } from "~/lib/money-format";

export function KeptNotices({ messages, money }: { messages: readonly PlayerMessage[]; money?: MerchantCurrency }) {
  const hydrated = useHydrated();
  const showMessage = useShowMessage(money);
  useEffect(() => {
    if (hydrated) messages.forEach(showMessage);
    // Each message list is shown once; the toast stack drops an id it already has.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, messages]);
  if (hydrated || !messages.length) return null;
  return <KeptList messages={messages} money={money} />;
}

function KeptList({ messages, money }: { messages: readonly PlayerMessage[]; money?: MerchantCurrency }) {
  const { t } = usePageTranslation("common");
  const base = useId();
  const cards = messages.flatMap((message) => {
    const spec = toastFor(message, (key, values) => t(key, values), money);
    return spec ? [{ id: message.id, spec }] : [];
  });
  if (!cards.length) return null;
  return (
    <section className="toasts notify-kept" aria-label={t("notify_kept_label")} data-testid="notify-kept">
      {cards.map(({ id, spec }, index) => {
        const box = `${base}-${index}`;
        return (
          <div key={id} className="notify-kept__item">
            <input type="checkbox" id={box} className="notify-kept__closed visually-hidden" />
            <div className={`toast toast--${spec.tone}`} role="group" aria-labelledby={`${box}-title`} data-testid="notify-kept-card">
              <ToastContent titleId={`${box}-title`} title={spec.title} body={toastBody(spec)} link={spec.link} />
              <label htmlFor={box} className="toast__close" title={t("notify_close", { title: spec.title })}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{t("notify_close", { title: spec.title })}</span>
              </label>
            </div>
          </div>
        );
      })}
    </section>
  );
}
