/** Reference operator API: a real HTTP service used by `npm start` (demo) and by every test. */
export { startReferenceOperator } from "./server";
export type { ReferenceOperator, ReferenceOperatorOptions, UpstreamCall } from "./types";
export { DEMO_ACCOUNTS, MERCHANT_CODE, WHITELABEL_FEATURES, type DemoAccount, type WhitelabelFeature } from "./catalog";
export { stripPkcs1v15Type2 } from "./crypto";
export type { RouteDef, RouteContext, Reply } from "./http";
