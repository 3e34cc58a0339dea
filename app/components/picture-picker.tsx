import { useRef, useState } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";

/**
 * A picture picker. Without scripts it is the plain file input (styled; the field's own label
 * names it). With scripts the input is hidden but stays the form's field: a translated button
 * opens it, and the chosen pictures show as thumbnails with a count ("1/3") and a remove button
 * each (removing rewrites the input's FileList). A new choice replaces the pictures, as the plain
 * input does; the form's rules (count, size, type) still decide.
 */
export function PicturePicker({
  id,
  name,
  accept,
  max,
  required,
  invalid,
  describedBy,
}: {
  id: string;
  name: string;
  accept: string;
  max: number;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = usePageTranslation("common");
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<{ file: File; url: string }[]>([]);
  const multiple = max > 1;
  const plain = (
    <input
      ref={input}
      id={id}
      type="file"
      name={name}
      accept={accept}
      multiple={multiple || undefined}
      required={required}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={hydrated ? "visually-hidden" : "file-input"}
      tabIndex={hydrated ? -1 : undefined}
      onChange={(event) => {
        // Data URLs: the page's CSP allows data: images, not blob: ones.
        const chosen = [...(event.currentTarget.files ?? [])];
        void Promise.all(chosen.map(dataUrlOf)).then((urls) => setFiles(chosen.map((file, i) => ({ file, url: urls[i] }))));
      }}
    />
  );
  if (!hydrated) return plain;
  const remove = (index: number) => {
    const kept = files.filter((_, i) => i !== index);
    const transfer = new DataTransfer();
    kept.forEach((f) => transfer.items.add(f.file));
    if (input.current) {
      input.current.files = transfer.files;
      input.current.dispatchEvent(new Event("input", { bubbles: true }));
    }
    setFiles(kept);
  };
  return (
    <div className="picture-picker" data-testid={`picker-${name}`}>
      {plain}
      <p className="picture-picker__bar">
        <button
          type="button"
          className="button button--secondary button--small"
          aria-describedby={describedBy}
          onClick={() => input.current?.click()}
        >
          {t("picker_choose")}
        </button>
        <span className="picture-picker__count" aria-live="polite" data-testid="picker-count">
          {`${files.length}/${max}`}
        </span>
      </p>
      {files.length ? (
        <ul className="picture-picker__list">
          {files.map((f, i) => (
            <li key={`${i}-${f.file.name}`} className="picture-picker__item">
              <img src={f.url} alt={f.file.name} />
              <button
                type="button"
                className="picture-picker__remove"
                onClick={() => remove(i)}
                aria-label={t("picker_remove", { name: f.file.name })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function dataUrlOf(file: File): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () => resolve("");
    reader.readAsDataURL(file);
  });
}
