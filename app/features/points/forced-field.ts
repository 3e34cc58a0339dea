/**
 * A field the spec forces into range (document 002, section 5: the redeem quantity into
 * 1..stock, the conversion amount to at least 1). Without scripts the server refuses the post
 * once, with the forced value refilled and the message "it has been adjusted"; with scripts this
 * does the same in the browser: when the field is checked on leaving it (or a submit is refused) holding a value
 * out of range, it takes the forced value and keeps the message, and a submit that follows at once
 * (the click that left the field) is held, so the player sees the adjusted value before it is used.
 */
import { useRef, type FormEvent } from "react";
import type { z } from "zod";

/** The hidden button conform submits with when it checks a field (on blur, on input). */
const CHECK_INTENT = "__intent__";

interface Forcing {
  inputId: string;
  inputName: string;
  /** The schema's verdict on the typed text. */
  valid: (raw: string) => boolean;
  /** The value the server would refill. */
  force: (raw: string) => string;
  /** The message the field keeps while it holds the adjusted value. */
  message: string;
  /** Told the forced value (a cost or preview that follows the field). */
  onForced?: (value: string) => void;
}

export function useForcedField({ inputId, inputName, valid, force, message, onForced }: Forcing) {
  const held = useRef(false);
  // The adjusted value while the player has not touched the field since: the form's next checks
  // (as other fields are typed) keep its message, as the server's refilled page does.
  const adjusted = useRef<string | null>(null);
  const adjust = (hold: boolean) => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement) || valid(input.value)) return;
    const forced = force(input.value);
    // Set in place, without an input event: the form keeps the message it just showed.
    input.value = forced;
    adjusted.current = forced;
    onForced?.(forced);
    held.current = hold;
  };
  return {
    /** On the form: typing in the field starts over. */
    onInput: (event: FormEvent<HTMLFormElement>) => {
      if ((event.target as HTMLElement).id !== inputId) return;
      held.current = false;
      adjusted.current = null;
    },
    /** The client schema: the field keeps its message while it holds the adjusted value. */
    // Typed as the schema given: the form's fields keep the schema's own types.
    refine: <S extends z.ZodTypeAny>(schema: S): S =>
      schema.superRefine((value: Record<string, unknown>, ctx) => {
        if (adjusted.current !== null && String(value[inputName] ?? "") === adjusted.current)
          ctx.addIssue({ code: "custom", path: [inputName], message });
      }) as unknown as S,
    /**
     * Wraps the form's submit handler. Conform checks a field by a submit of its own (a hidden
     * button named __intent__): after a check of the field left (blur), the value is adjusted and
     * the next real submit held once; after a real submit the check refused, it is adjusted only.
     */
    onSubmit: (handler: (event: FormEvent<HTMLFormElement>) => void) => (event: FormEvent<HTMLFormElement>) => {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const check = submitter?.getAttribute("name") === CHECK_INTENT;
      if (!check && held.current) {
        // The adjusted value has been seen: the next submit uses it.
        held.current = false;
        adjusted.current = null;
        event.preventDefault();
        return;
      }
      handler(event);
      // A check of this field while it still has focus is one made as the player types: left alone.
      const blurred =
        check && (submitter?.getAttribute("value") ?? "").includes(`"${inputName}"`) && document.activeElement?.id !== inputId;
      if (event.defaultPrevented && (!check || blurred)) adjust(check);
    },
  };
}
