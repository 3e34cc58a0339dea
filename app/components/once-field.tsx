import { useEffect, useRef } from "react";

/** The one-time submission key of a money form (app/server/once.server.ts), posted as `once`. */
export function OnceField({ value }: { value: string }) {
  return <input type="hidden" name="once" value={value} />;
}

/**
 * With scripts, a money form's page stays mounted after its post ends in a redirect (done, or
 * "outcome unknown", decision 035), and the fields would keep the amount just sent beside a new
 * key: one more press would send it again. When the page's key changes without an answer of the
 * action (a refusal keeps what the player typed), the form starts over. Without scripts the
 * redirect loads a blank page anyway.
 */
export function useFreshIntent(form: { reset(): void }, once: string, answered: boolean): void {
  const seen = useRef(once);
  useEffect(() => {
    if (seen.current === once) return;
    seen.current = once;
    if (!answered) form.reset();
  }, [once, answered, form]);
}
