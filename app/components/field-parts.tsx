/**
 * The parts every member of the field family shares (app/components/fields.tsx): the wiring of
 * label, hint and message, and the picture field, which conform never drives. Nothing here
 * needs conform at run time, so a form of plain fields (the payment confirmation over every
 * page) draws them without bringing conform to the page.
 */
import type { FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { usePageTranslation } from "~/i18n/translation";

/** A field of a form conform does not drive, described by hand. */
export interface PlainField {
  id: string;
  name: string;
  /** The message keys to draw beside the control (as `${id}-error`, conform's id). */
  errors?: string[];
  /** The id of a message drawn elsewhere (a notice above the form): the field is invalid and described by it. */
  errorShownAt?: string;
  defaultValue?: string;
}

export type AnyField<Schema> = FieldMetadata<Schema> | PlainField;

// Conform's metadata is a proxy over an empty object: `in` would not see its keys, a read does.
export const isConform = <Schema,>(field: AnyField<Schema>): field is FieldMetadata<Schema> =>
  typeof (field as { formId?: unknown }).formId === "string";

export interface Wiring {
  id: string;
  hintId?: string;
  errorId: string;
  /** The messages drawn beside the control, translated. */
  message: string;
  invalid: boolean;
  aria: { "aria-invalid"?: true; "aria-describedby"?: string };
}

/** The ids and state every member of the family shares. */
export function useWiring<Schema>(field: AnyField<Schema>, hint: ReactNode, translate?: (key: string) => string): Wiring {
  const { t } = usePageTranslation();
  const tr = translate ?? ((key: string) => t(key));
  const errors = field.errors ?? [];
  const errorId = `${field.id}-error`;
  const elsewhere = isConform(field) ? undefined : (field as PlainField).errorShownAt;
  const hintId = hint ? `${field.id}-hint` : undefined;
  const invalid = errors.length > 0 || Boolean(elsewhere);
  const describedBy = [errors.length ? errorId : elsewhere, hintId].filter(Boolean).join(" ");
  return {
    id: field.id,
    hintId,
    errorId,
    message: errors.map(tr).join(" "),
    invalid,
    aria: { "aria-invalid": invalid || undefined, "aria-describedby": describedBy || undefined },
  };
}

/** The hint and the message, in that order above the control. */
export function HintAndMessage({ wiring, hint }: { wiring: Wiring; hint: ReactNode }) {
  return (
    <>
      {hint ? (
        <p className="field__hint" id={wiring.hintId}>
          {hint}
        </p>
      ) : null}
      {wiring.message ? (
        <p className="field__error" id={wiring.errorId}>
          {wiring.message}
        </p>
      ) : null}
    </>
  );
}

/** The settings a form gives beyond its schema's: the schema's stand where none is given. */
export const given = <T extends object>(props: T) =>
  Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)) as Partial<T>;

export function fieldClass(wiring: Wiring, extra?: string) {
  return ["field", wiring.invalid ? "field--error" : null, extra].filter(Boolean).join(" ");
}

/** What every field takes besides its control's own settings. */
export interface FieldProps<Schema> {
  field: AnyField<Schema>;
  /** Words, or words with a required mark; the error summary is given the words. */
  label: ReactNode;
  hint?: ReactNode;
  /** Turns a message key into text, when it needs the rule's values (defaults to the page's t). */
  translate?: (key: string) => string;
}

type InputType = "text" | "password" | "tel" | "email" | "number" | "search" | "date";

/** A text field's settings besides its field, label and hint. */
export interface TextOptions {
  type?: InputType;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "text" | "tel";
  /** Says "required" to a screen reader where the form leaves the check to the server. */
  ariaRequired?: boolean;
  min?: string;
  max?: string;
  maxLength?: number;
}

/** A text field's markup around its input, whose own props (conform's or a plain field's) are given. */
export function TextFieldMarkup<Schema>({
  field,
  label,
  hint,
  translate,
  own,
  inputKey,
  autoComplete,
  inputMode,
  ariaRequired,
  min,
  max,
  maxLength,
}: FieldProps<Schema> & Omit<TextOptions, "type"> & { own: InputHTMLAttributes<HTMLInputElement>; inputKey?: string }) {
  const wiring = useWiring(field, hint, translate);
  return (
    <div className={fieldClass(wiring)}>
      <label htmlFor={wiring.id}>{label}</label>
      <HintAndMessage wiring={wiring} hint={hint} />
      <input
        key={inputKey}
        {...own}
        {...wiring.aria}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-required={ariaRequired || undefined}
        {...given({ min, max, maxLength })}
      />
    </div>
  );
}

/**
 * A text field of a form conform does not drive (a GET search): what TextField draws for a plain
 * field, without conform, so that such a page does not bring it.
 */
export function PlainTextField({
  field,
  type = "text",
  ...rest
}: Omit<FieldProps<unknown>, "field"> & TextOptions & { field: PlainField }) {
  return <TextFieldMarkup field={field} own={{ id: field.id, name: field.name, type, defaultValue: field.defaultValue }} {...rest} />;
}
