/**
 * The relay dispatcher. Operators serve many operations through one gateway,
 * `/wps/relay/<SERVICE>_<operation>` (and `/wps/relay/passwordCheck/<SERVICE>_<operation>` for
 * the ones re-checked with the player's password); the portal names them in
 * app/operator/endpoints.ts by service and operation. Areas register relay operations by those
 * same two names, and this dispatcher finds the one a request path names.
 *
 * Operator versions call one service by different prefixes (MCSFE_ and MCS2_ both occur for the
 * same operation), and the portal follows its RELAY_PREFIXES configuration (e.g. MCSFE=MCS2).
 * So every name of a service in RELAY_SERVICE_RENAMES reaches the same registration, whichever
 * of them the area registered it under.
 */
import type { Access, BodyKind, HttpMethod, Reply, RouteContext, RouteDef } from "./http";

/**
 * Groups of names that mean the same relay service across operator versions. Only prefix renames
 * belong here; an operation that was renamed too (MCS2_processDividendReq for
 * MCSFE_processContractDividend) is a second registration of its area.
 */
export const RELAY_SERVICE_RENAMES: readonly (readonly string[])[] = [["MCSFE", "MCS2"]];

export interface RelayDef {
  /** Service prefix as endpoints.ts writes it, e.g. "MCSFE". */
  service: string;
  /** Operation as endpoints.ts writes it, e.g. "getBalanceV2". */
  operation: string;
  /**
   * Served under /wps/relay/passwordCheck/ only (and a plain relay never there). The re-check
   * itself is the handler's: the documents do not show which field carries the password.
   */
  passwordCheck?: boolean;
  /** POST unless the endpoint table says otherwise (favouriteRemove is a DELETE). */
  method?: HttpMethod;
  access: Exclude<Access, "reference" | "public">;
  /** JSON unless stated, as the portal's client sends relay payloads. */
  body?: BodyKind;
  /** The largest body this operation reads (default 256 KiB); calls that carry images need more. */
  maxBodyBytes?: number;
  handler(ctx: RouteContext): Reply | Promise<Reply>;
}

const RELAY_PATH = /^\/wps\/relay\/(passwordCheck\/)?([A-Za-z0-9]+)_([A-Za-z0-9_]+)$/;

export function relayPath(service: string, operation: string, passwordCheck = false): string {
  return `/wps/relay/${passwordCheck ? "passwordCheck/" : ""}${service}_${operation}`;
}

/** The first name of the service's rename group, or the name itself. */
function canonicalService(service: string): string {
  return RELAY_SERVICE_RENAMES.find((names) => names.includes(service))?.[0] ?? service;
}

const keyOf = (service: string, operation: string, passwordCheck: boolean) =>
  `${passwordCheck ? "passwordCheck/" : ""}${canonicalService(service)}_${operation}`;

export class RelayDispatcher {
  private readonly byKey = new Map<string, RouteDef>();

  constructor(relays: readonly RelayDef[]) {
    for (const relay of relays) {
      const passwordCheck = relay.passwordCheck === true;
      const key = keyOf(relay.service, relay.operation, passwordCheck);
      // Two areas answering one operation would make the answer depend on the area order.
      if (this.byKey.has(key)) throw new Error(`relay ${relayPath(relay.service, relay.operation, passwordCheck)} is registered twice`);
      this.byKey.set(key, {
        method: relay.method ?? "POST",
        path: relayPath(relay.service, relay.operation, passwordCheck),
        access: relay.access,
        body: relay.body ?? "json",
        maxBodyBytes: relay.maxBodyBytes,
        handler: relay.handler,
      });
    }
  }

  /** Whether the path is a relay call at all (then only this dispatcher may answer it). */
  static isRelayPath(pathname: string): boolean {
    return pathname.startsWith("/wps/relay/");
  }

  /** The registered operation a relay path names, under any name of its service; null when none is. */
  match(pathname: string): RouteDef | null {
    const parts = RELAY_PATH.exec(pathname);
    if (!parts) return null;
    return this.byKey.get(keyOf(parts[2], parts[3], parts[1] !== undefined)) ?? null;
  }
}
