/**
 * The field family's picture field, apart from the rest (field-parts.tsx): only the forms that
 * take pictures bring the picker with them.
 */
import { fieldClass, HintAndMessage, useWiring, type FieldProps } from "~/components/field-parts";
import { PicturePicker } from "~/components/picture-picker";

/**
 * A file field for pictures: the picture picker (a plain file input without scripts) under the
 * label. The form's rules (count, size, type) decide, on the server as with scripts.
 */
export function PictureField<Schema>({
  field,
  label,
  hint,
  translate,
  accept,
  max,
  required,
}: FieldProps<Schema> & { accept: string; max: number; required?: boolean }) {
  const wiring = useWiring(field, hint, translate);
  return (
    <div className={fieldClass(wiring)}>
      <label htmlFor={wiring.id}>{label}</label>
      <HintAndMessage wiring={wiring} hint={hint} />
      <PicturePicker
        id={wiring.id}
        name={field.name}
        accept={accept}
        max={max}
        required={required}
        invalid={wiring.invalid}
        describedBy={wiring.aria["aria-describedby"]}
      />
    </div>
  );
}
