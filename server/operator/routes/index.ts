/** The complete route table. Add new areas here. */
import type { OperatorSettings, RouteDef } from "../http";
import { memberRoutes } from "./member";
import { referenceRoutes } from "./reference";
import { sessionRoutes } from "./session";
import { smsRoutes } from "./sms";
import { socialReferenceRoutes, socialRoutes } from "./social";
import { systemRoutes } from "./system";

export function buildRoutes(settings: OperatorSettings): RouteDef[] {
  const routes = [...systemRoutes, ...sessionRoutes, ...memberRoutes, ...smsRoutes, ...socialRoutes];
  // Production mode must not expose captcha answers or SMS codes.
  if (settings.mode !== "production") routes.push(...referenceRoutes, ...socialReferenceRoutes);
  return routes;
}
