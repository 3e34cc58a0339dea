/**
 * The client's address behind TRUST_PROXY trusted proxies: the one rule, shared by the Express
 * server (server/app.ts hands its result to loaders as `clientIp`) and by the app when it runs
 * without that server (remix-serve, no load context).
 *
 * Each proxy appends the address it received the connection from to X-Forwarded-For, so the
 * entries a client cannot forge are the right-most ones, one per trusted proxy. With n trusted
 * proxies the client is the n-th address counted from the connection's own peer: the socket
 * address (hop 0), then X-Forwarded-For from the right. This is Express's `trust proxy` with a
 * hop count (proxy-addr); tests/server/client-address.test.ts holds the two equal. Headers a
 * client can set and no proxy of ours rewrites (X-Client-IP, X-Real-IP, CF-Connecting-IP, the
 * left part of X-Forwarded-For) are never read.
 */
import { isIP } from "node:net";

/** Longer than any IPv6 address with a zone: whatever exceeds it is not an address. */
const MAX_ADDRESS_CHARS = 64;

/**
 * The client's address, or undefined when it cannot be known (no socket address and no
 * forwarded entry) or the hop it names holds something that is not an address (more hops
 * configured than proxies in front: the client wrote it).
 */
export function clientAddress(
  forwardedFor: string | string[] | null | undefined,
  socketAddress: string | undefined,
  trustedHops: number,
): string | undefined {
  let candidate = socketAddress;
  if (trustedHops > 0 && forwardedFor) {
    const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor).split(",");
    // Walk from the right: hop 1 is the right-most entry; a list shorter than the hops ends at its left-most entry.
    let hop = 0;
    for (let i = entries.length - 1; i >= 0 && hop < trustedHops; i--) {
      const entry = entries[i].trim();
      if (!entry) continue;
      candidate = entry;
      hop++;
    }
  }
  if (!candidate || candidate.length > MAX_ADDRESS_CHARS || isIP(candidate) === 0) return undefined;
  return candidate;
}
