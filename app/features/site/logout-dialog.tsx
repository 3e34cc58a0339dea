/**
 * The logout question (shell.tsx's Log out button, with scripts): stay, or post /logout. Without
 * scripts the button posts at once.
 */
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Modal } from "~/components/dialog";
import { usePageTranslation } from "~/i18n/translation";

export function LogoutDialog({ onClose }: { onClose: () => void }) {
  const { t } = usePageTranslation();
  const navigation = useNavigation();
  const leaving = navigation.state !== "idle" && navigation.formAction === "/logout";
  return (
    <Modal titleId="logout-dialog-title" onClose={onClose} className="modal--confirm">
      <section className="panel">
        <h2 id="logout-dialog-title">{t("logout")}</h2>
        <p>{t("logout_ask")}</p>
        <Form method="post" action="/logout" className="actions confirm-actions">
          <AuthenticityTokenInput />
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t("logout_stay")}
          </button>
          <button type="submit" className="button" disabled={leaving} aria-busy={leaving}>
            {t("logout")}
          </button>
        </Form>
      </section>
    </Modal>
  );
}
