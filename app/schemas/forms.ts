/**
 * Every schema a form checks in the browser, as one module the browser loads after the page
 * (decision 043): views reach it only through `useClientCheck(() => import("~/schemas/forms"))`.
 * A module both imported and dynamically imported stays in the page's first chunks, so nothing
 * a view imports may import this or a schema module; actions and loaders take the same schemas
 * from `forms.server.ts`, which the browser's build replaces with nothing.
 */
export { parseWithZod } from "@conform-to/zod";
export { transferSchema, uplineSchema } from "~/features/member/transfer-schema";
export { feedbackSchema } from "~/features/member/feedback-schema";
export { schemaForLogin } from "~/schemas/login";
export { registerSchema } from "~/schemas/register";
export { changePasswordSchema, forgotByEmailSchema, forgotBySmsSchema } from "~/schemas/password";
export { verifySchema } from "~/schemas/verify";
export { bindSchema } from "~/schemas/bind";
export { convertSchema, redeemSchema } from "~/features/points/points-schema";
export { claimSchema } from "~/features/member/claim-schema";
export { downlineRegisterSchema, downlineTransferSchema } from "~/features/agent/downline-schema";
export { recordsQuerySchema } from "~/features/reports/records-schema";
