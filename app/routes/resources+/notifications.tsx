/**
 * The player's real-time messages as server-sent events (decision 051): `notice` events, one
 * JSON message each, and a `ping` every 25 s so that proxies keep the stream. A guest, or a
 * session without a player, is refused (401); a page of another site can neither send the
 * session cookie (SameSite) nor read the answer (no CORS). Without a broker the answer is 204,
 * which tells EventSource not to come back. The stream carries only the player's own messages,
 * checked as they came from the broker (never the token), and closes when the session ends on
 * any process. A page that opens it again after it broke names the last message it had
 * (`?after=<id>`): the kept messages after that one are sent again.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { getSession } from "~/server/session.server";
import { notifyHub, onSessionEnd, playerTopics } from "~/server/notify/index.server";
import { reportTaskNotRun, taskProof } from "~/server/notify/speed-test.server";
import type { Delivered } from "~/server/notify/hub.server";
import { CHANGES_FIGURES } from "~/features/notify/messages";
import { forgetCentreFacts } from "~/features/member/centre.server";

export const PING_MS = 25_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const hub = notifyHub();
  if (!hub) return new Response(null, { status: 204 });
  const session = await getSession(request);
  const player = playerTopics(session, (task) => void reportTaskNotRun(session, task));
  if (!player) return json({ notice: { key: "in_sorry_in" } }, { status: 401 });
  const after = lastMessageId(new URL(request.url).searchParams.get("after"));
  return eventStream(
    request.signal,
    (send, close) => {
      let open = true;
      const safeSend = (event: string, data: string) => {
        if (!open) return;
        try {
          send({ event, data });
        } catch {
          // The browser went away between the check and the write: the abort closes the rest.
        }
      };
      // A speed-test task goes with the proof that this session was given it (its report needs it).
      const sendNotice = (message: Delivered) => {
        // The page reads its figures again on such a message: the centre's kept ones (5 s) would answer.
        if (message.type !== "SPEED_TEST" && CHANGES_FIGURES.has(message.type) && session.id) forgetCentreFacts(session.id);
        safeSend("notice", JSON.stringify(message));
      };
      const withProof = (message: Delivered) =>
        message.type === "SPEED_TEST" ? { ...message, proof: taskProof(player.session, message.taskId) } : message;
      const stop = hub.open(player.topics, {
        session: player.session,
        deliver: (message) => sendNotice(withProof(message)),
      });
      const forget = onSessionEnd(player.session, close);
      // What arrived while the player was between pages, not shown since, and what a stream that
      // broke may have lost after the last message its page had (`after`, from the page).
      void hub
        .takeNotices(player.notices, player.session, player.since, after)
        .then((kept) => kept.forEach(sendNotice))
        .catch(() => undefined);
      const ping = setInterval(() => safeSend("ping", ""), PING_MS);
      return () => {
        open = false;
        clearInterval(ping);
        forget();
        stop();
      };
    },
    // Nothing between here and the browser may hold the events back (nginx's buffering).
    { headers: { "X-Accel-Buffering": "no" } },
  );
}

/** A message id as the operator makes them (a UUID), or nothing: the parameter is the page's word only. */
function lastMessageId(value: string | null): string | undefined {
  return value && /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : undefined;
}
