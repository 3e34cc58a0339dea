/** The six locales, bundled into the server build so that nothing reads the disk per request. */
import CNcommon from "../../public/locales/CN/common.json";
import CNauth from "../../public/locales/CN/auth.json";
import CNmember from "../../public/locales/CN/member.json";
import CNgames from "../../public/locales/CN/games.json";
import CNcontracts from "../../public/locales/CN/contracts.json";
import CNagent from "../../public/locales/CN/agent.json";
import CNpoints from "../../public/locales/CN/points.json";
import CNlottery from "../../public/locales/CN/lottery.json";
import CNcontent from "../../public/locales/CN/content.json";
import TWcommon from "../../public/locales/TW/common.json";
import TWauth from "../../public/locales/TW/auth.json";
import TWmember from "../../public/locales/TW/member.json";
import TWgames from "../../public/locales/TW/games.json";
import TWcontracts from "../../public/locales/TW/contracts.json";
import TWagent from "../../public/locales/TW/agent.json";
import TWpoints from "../../public/locales/TW/points.json";
import TWlottery from "../../public/locales/TW/lottery.json";
import TWcontent from "../../public/locales/TW/content.json";
import JAcommon from "../../public/locales/JA/common.json";
import JAauth from "../../public/locales/JA/auth.json";
import JAmember from "../../public/locales/JA/member.json";
import JAgames from "../../public/locales/JA/games.json";
import JAcontracts from "../../public/locales/JA/contracts.json";
import JAagent from "../../public/locales/JA/agent.json";
import JApoints from "../../public/locales/JA/points.json";
import JAlottery from "../../public/locales/JA/lottery.json";
import JAcontent from "../../public/locales/JA/content.json";
import ENcommon from "../../public/locales/EN/common.json";
import ENauth from "../../public/locales/EN/auth.json";
import ENmember from "../../public/locales/EN/member.json";
import ENgames from "../../public/locales/EN/games.json";
import ENcontracts from "../../public/locales/EN/contracts.json";
import ENagent from "../../public/locales/EN/agent.json";
import ENpoints from "../../public/locales/EN/points.json";
import ENlottery from "../../public/locales/EN/lottery.json";
import ENcontent from "../../public/locales/EN/content.json";
import THcommon from "../../public/locales/TH/common.json";
import THauth from "../../public/locales/TH/auth.json";
import THmember from "../../public/locales/TH/member.json";
import THgames from "../../public/locales/TH/games.json";
import THcontracts from "../../public/locales/TH/contracts.json";
import THagent from "../../public/locales/TH/agent.json";
import THpoints from "../../public/locales/TH/points.json";
import THlottery from "../../public/locales/TH/lottery.json";
import THcontent from "../../public/locales/TH/content.json";
import VIcommon from "../../public/locales/VI/common.json";
import VIauth from "../../public/locales/VI/auth.json";
import VImember from "../../public/locales/VI/member.json";
import VIgames from "../../public/locales/VI/games.json";
import VIcontracts from "../../public/locales/VI/contracts.json";
import VIagent from "../../public/locales/VI/agent.json";
import VIpoints from "../../public/locales/VI/points.json";
import VIlottery from "../../public/locales/VI/lottery.json";
import VIcontent from "../../public/locales/VI/content.json";
import type { Locale, Namespace } from "~/i18n/config";

export const resources: Record<Locale, Record<Namespace, Record<string, string>>> = {
  CN: {
    common: CNcommon,
    auth: CNauth,
    member: CNmember,
    games: CNgames,
    contracts: CNcontracts,
    agent: CNagent,
    points: CNpoints,
    lottery: CNlottery,
    content: CNcontent,
  },
  TW: {
    common: TWcommon,
    auth: TWauth,
    member: TWmember,
    games: TWgames,
    contracts: TWcontracts,
    agent: TWagent,
    points: TWpoints,
    lottery: TWlottery,
    content: TWcontent,
  },
  JA: {
    common: JAcommon,
    auth: JAauth,
    member: JAmember,
    games: JAgames,
    contracts: JAcontracts,
    agent: JAagent,
    points: JApoints,
    lottery: JAlottery,
    content: JAcontent,
  },
  EN: {
    common: ENcommon,
    auth: ENauth,
    member: ENmember,
    games: ENgames,
    contracts: ENcontracts,
    agent: ENagent,
    points: ENpoints,
    lottery: ENlottery,
    content: ENcontent,
  },
  TH: {
    common: THcommon,
    auth: THauth,
    member: THmember,
    games: THgames,
    contracts: THcontracts,
    agent: THagent,
    points: THpoints,
    lottery: THlottery,
    content: THcontent,
  },
  VI: {
    common: VIcommon,
    auth: VIauth,
    member: VImember,
    games: VIgames,
    contracts: VIcontracts,
    agent: VIagent,
    points: VIpoints,
    lottery: VIlottery,
    content: VIcontent,
  },
};
