/** The complete route table. Add new areas here. */
import type { OperatorSettings, RouteDef } from "./http";
import { memberRoutes } from "./member/routes";
import { passwordRoutes } from "./password/routes";
import { referenceRoutes } from "./reference/routes";
import { registerReferenceRoutes, registerRoutes } from "./register/routes";
import { sessionRoutes } from "./session/login";
import { smsRoutes } from "./sms/routes";
import { socialReferenceRoutes, socialRoutes } from "./session/social";
import { systemRoutes } from "./system/routes";
import { verifyRoutes } from "./session/verify";

export function buildRoutes(settings: OperatorSettings): RouteDef[] {
  const routes = [...systemRoutes, ...sessionRoutes, ...memberRoutes, ...smsRoutes, ...verifyRoutes, ...registerRoutes, ...socialRoutes];
  routes.push(...passwordRoutes(settings));
  // Production mode must not expose captcha answers or SMS codes.
  if (settings.mode !== "production") routes.push(...referenceRoutes, ...registerReferenceRoutes, ...socialReferenceRoutes);
  return routes;
}
