/** Reference operator API: a real HTTP service used by `npm start` (demo) and by every test. */
export { startReferenceOperator } from "./server";
export type { ReferenceOperator, ReferenceOperatorOptions, UpstreamCall } from "./types";
export { AREAS } from "./areas";
export { MERCHANT_CODE, SECOND_MERCHANT_CODE } from "./db";
export { DEMO_ACCOUNTS, SECOND_MERCHANT_ACCOUNTS, type DemoAccount } from "./member/seed";
export { DEMO_ERROR_GAMES } from "./games";
export { FEATURES_OFF_BY_DEFAULT, MERCHANTS, WHITELABEL_FEATURES, type Theme, type WhitelabelFeature } from "./system/seed";
export { stripPkcs1v15Type2 } from "./crypto";
export { ok, fail, type OperatorArea, type RouteDef, type RouteContext, type Reply } from "./http";
export { RELAY_SERVICE_RENAMES, type RelayDef } from "./relay";
export { sessionKeyOf, sessionTopic, userTopic, USER_MESSAGE_TYPES, SESSION_MESSAGE_TYPES } from "./notify/topics";
export type { NotificationBody, SessionMessageType, UserMessageType } from "./notify/topics";
export { STOMP_PATH, type EmbeddedBrokerOptions } from "./notify/broker";
export type { ExternalBrokerOptions } from "./notify/external";
