/**
 * One i18next instance per language, made once: every route shares the one namespace and the
 * resources are bundled, so nothing about an instance differs between requests. The document
 * render (entry.server.tsx) and the shared fragments (fragments.server.ts) both draw with them.
 */
import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nOptions, type Locale } from "~/i18n/config";
import { resources } from "~/i18n/resources";

const instances = new Map<Locale, Promise<I18n>>();

export function i18nFor(lng: Locale): Promise<I18n> {
  let made = instances.get(lng);
  if (!made) {
    const instance = createInstance();
    made = instance
      .use(initReactI18next)
      .init({ ...i18nOptions, lng, resources })
      .then(() => instance);
    instances.set(lng, made);
  }
  return made;
}
