/** The six locales, bundled into the server build so that nothing reads the disk per request. */
import CN from "../../public/locales/CN/common.json";
import TW from "../../public/locales/TW/common.json";
import JA from "../../public/locales/JA/common.json";
import EN from "../../public/locales/EN/common.json";
import TH from "../../public/locales/TH/common.json";
import VI from "../../public/locales/VI/common.json";
import type { Locale } from "~/i18n/config";

export const resources: Record<Locale, { common: Record<string, string> }> = {
  CN: { common: CN },
  TW: { common: TW },
  JA: { common: JA },
  EN: { common: EN },
  TH: { common: TH },
  VI: { common: VI },
};
