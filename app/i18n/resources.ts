/** The six locales, bundled into the server build so that nothing reads the disk per request. */
import CNcommon from "../../public/locales/CN/common.json";
import CNauth from "../../public/locales/CN/auth.json";
import CNmember from "../../public/locales/CN/member.json";
import TWcommon from "../../public/locales/TW/common.json";
import TWauth from "../../public/locales/TW/auth.json";
import TWmember from "../../public/locales/TW/member.json";
import JAcommon from "../../public/locales/JA/common.json";
import JAauth from "../../public/locales/JA/auth.json";
import JAmember from "../../public/locales/JA/member.json";
import ENcommon from "../../public/locales/EN/common.json";
import ENauth from "../../public/locales/EN/auth.json";
import ENmember from "../../public/locales/EN/member.json";
import THcommon from "../../public/locales/TH/common.json";
import THauth from "../../public/locales/TH/auth.json";
import THmember from "../../public/locales/TH/member.json";
import VIcommon from "../../public/locales/VI/common.json";
import VIauth from "../../public/locales/VI/auth.json";
import VImember from "../../public/locales/VI/member.json";
import type { Locale, Namespace } from "~/i18n/config";

export const resources: Record<Locale, Record<Namespace, Record<string, string>>> = {
  CN: { common: CNcommon, auth: CNauth, member: CNmember },
  TW: { common: TWcommon, auth: TWauth, member: TWmember },
  JA: { common: JAcommon, auth: JAauth, member: JAmember },
  EN: { common: ENcommon, auth: ENauth, member: ENmember },
  TH: { common: THcommon, auth: THauth, member: THmember },
  VI: { common: VIcommon, auth: VIauth, member: VImember },
};
