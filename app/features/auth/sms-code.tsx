/**
 * The "send code" button of every SMS form. It submits its own form with intent=send-code, so
 * it works as a plain post; the server sends the code or says how long to wait. With scripts
 * it counts down and stays disabled until another code may be asked for.
 */
import { usePageTranslation } from "~/i18n/translation";
import { useNavigation } from "@remix-run/react";
import { useCountdown, useHydrated } from "~/lib/countdown";
import { SEND_CODE_INTENT } from "~/schemas/intents";

export function SmsCodeButton({
  secondsLeft,
  restartKey,
  codeSent,
}: {
  /** Seconds until another code may be asked for, as the server last said. */
  secondsLeft: number;
  /** Changes with every answer of the server (e.g. the action data), restarting the countdown. */
  restartKey?: unknown;
  /** The server just sent a code: say so. */
  codeSent?: boolean;
}) {
  const { t } = usePageTranslation("auth");
  const hydrated = useHydrated();
  const left = useCountdown(secondsLeft, restartKey);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === SEND_CODE_INTENT;
  // Without scripts the button stays usable: nothing would re-enable it, and the server
  // refuses an early resend with the seconds left anyway.
  const blocked = hydrated && left > 0;
  return (
    <div className="sms-code">
      <button
        type="submit"
        name="intent"
        value={SEND_CODE_INTENT}
        formNoValidate
        className="button button--secondary"
        disabled={sending || blocked}
        aria-busy={sending}
      >
        {sending ? t("sms_sending") : blocked ? t("sms_resend_in", { seconds: left }) : t("sms_send_code")}
      </button>
      {codeSent ? (
        <p className="sms-code__status" role="status">
          {t("code sent")}
        </p>
      ) : null}
      {left > 0 ? (
        <p className="field__hint" aria-live="polite">
          {t("sms_wait_hint", { seconds: left })}
        </p>
      ) : null}
    </div>
  );
}
