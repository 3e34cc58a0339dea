/**
 * A player's notifications (decision 051): the toast stack, the stream and the messages kept
 * between pages. Root draws it on demand: a guest's page never fetches its code.
 */
import type { PlayerMessage } from "~/features/notify/messages";
import type { MerchantCurrency } from "~/lib/money-format";
import { ToastProvider } from "~/features/notify/toasts";
import { NotificationStream } from "~/features/notify/notification-stream";
import { KeptNotices } from "~/features/notify/kept-notices";

export function PlayerNotifications({ stream, kept, money }: { stream: boolean; kept: readonly PlayerMessage[]; money: MerchantCurrency }) {
  return (
    <ToastProvider>
      <NotificationStream open={stream} money={money} />
      <KeptNotices messages={kept} money={money} />
    </ToastProvider>
  );
}
