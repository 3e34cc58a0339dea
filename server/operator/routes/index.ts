/** The complete route table. Add new areas here. */
import type { OperatorSettings, RouteDef } from "../http";
import { memberRoutes } from "./member";
import { passwordRoutes } from "./password";
import { referenceRoutes } from "./reference";
import { registerReferenceRoutes, registerRoutes } from "./register";
import { sessionRoutes } from "./session";
import { smsRoutes } from "./sms";
import { socialReferenceRoutes, socialRoutes } from "./social";
import { systemRoutes } from "./system";
import { verifyRoutes } from "./verify";

export function buildRoutes(settings: OperatorSettings): RouteDef[] {
  const routes = [...systemRoutes, ...sessionRoutes, ...memberRoutes, ...smsRoutes, ...verifyRoutes, ...registerRoutes, ...socialRoutes];
  routes.push(...passwordRoutes(settings));
  // Production mode must not expose captcha answers or SMS codes.
  if (settings.mode !== "production") routes.push(...referenceRoutes, ...registerReferenceRoutes, ...socialReferenceRoutes);
  return routes;
}
