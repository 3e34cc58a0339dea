/**
 * Payment confirmations waiting (document 002, section 4), on any page of a member or agent.
 * Without scripts: a notice with a link to /payment-confirmation, which comes back here. With
 * scripts: the receipts open by themselves as a dialog once per page view (after login too),
 * loaded and answered through fetchers; an answered receipt leaves after half a second and the
 * dialog closes when none is left. Closing it without answering leaves it for the next page.
 * The panel (its picture field) is a chunk of its own, fetched beside the receipts: the prompt
 * is on every page, the receipts are for few.
 */
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Modal } from "~/components/dialog";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";
import type { ConfirmationAnswer, ConfirmationPageData } from "~/features/member/payment-confirmation-panel";

const loadPanel = () => import("~/features/member/payment-confirmation-panel");
const PaymentConfirmationPanel = lazy(() => loadPanel().then((module) => ({ default: module.PaymentConfirmationPanel })));

const PATH = "/payment-confirmation";
/** The spec's removal delay of an answered receipt. */
const REMOVE_AFTER_MS = 500;

export function PaymentConfirmationPrompt({ count }: { count: number }) {
  const { t } = usePageTranslation("common");
  const hydrated = useHydrated();
  const { pathname, search, key } = useLocation();
  const [closedOn, setClosedOn] = useState<string | null>(null);
  // The dialog opened on this page view stays until it closes itself: after the last answer the
  // root's count is already 0 while the answered receipt is still shown for half a second.
  const openOn = useRef<string | null>(null);
  if (hydrated && count > 0 && pathname !== PATH) openOn.current = key;
  if ((count <= 0 && openOn.current !== key) || pathname === PATH) return null;
  const redirectTo = `${pathname}${search}`;
  if (!hydrated) {
    return (
      <aside className="notice notice--info confirmation-notice" data-testid="confirmation-notice">
        {t("confirmation_waiting", { count })} <Link to={`${PATH}?${new URLSearchParams({ redirectTo })}`}>{t("confirmation_open")}</Link>
      </aside>
    );
  }
  // Once per page view: closed here, it opens again on the next page.
  if (closedOn === key) return null;
  return <ConfirmationDialog redirectTo={redirectTo} onClose={() => setClosedOn(key)} />;
}

function ConfirmationDialog({ redirectTo, onClose }: { redirectTo: string; onClose: () => void }) {
  const page = useFetcher<ConfirmationPageData>();
  const post = useFetcher<ConfirmationAnswer>();
  // ?dialog: the route answers in place (no redirect on an empty list or after an answer).
  const href = `${PATH}?${new URLSearchParams({ redirectTo, dialog: "1" })}`;
  const { load } = page;
  // What is on screen: while an answer is on its way the list (reloaded after the post) may
  // already have moved on, so the receipt answered stays until it has been held half a second.
  const shown = useRef<ConfirmationPageData | null>(null);
  const [held, setHeld] = useState<{ data: ConfirmationPageData; done: string } | null>(null);
  const [seen, setSeen] = useState<string | undefined>(undefined);

  useEffect(() => {
    load(href);
    void loadPanel();
  }, [href, load]);

  const answered = post.state === "idle" ? post.data?.done : undefined;
  const answering = post.state !== "idle" || Boolean(answered && answered !== seen);
  const latest = page.data ?? null;
  if (!held && !answering) shown.current = latest;

  useEffect(() => {
    if (!answered || answered === seen) return;
    setSeen(answered);
    setHeld({ data: shown.current ?? latest!, done: answered });
  }, [answered, seen, latest]);
  useEffect(() => {
    if (!held) return;
    const timer = setTimeout(() => setHeld(null), REMOVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [held]);

  const data = held?.data ?? (answering ? shown.current : latest);
  const empty = Boolean(latest && latest.total === 0 && !latest.unavailable);
  useEffect(() => {
    if (empty && !held && !answering) onClose();
  }, [empty, held, answering, onClose]);
  if (!data || (empty && !held && !answering)) return null;
  // The dialog opens once its panel's code is there too (fetched beside the data).
  return (
    <Suspense fallback={null}>
      <Modal titleId="confirmation-title" onClose={onClose} className="confirmation-dialog">
        <div className="panel">
          <PaymentConfirmationPanel
            key={data.item?.payDetailId ?? "none"}
            data={data}
            answer={held ? null : (post.data ?? null)}
            FormAs={post.Form}
            action={href}
            done={Boolean(held)}
          />
        </div>
      </Modal>
    </Suspense>
  );
}
