/**
 * The state floor (decision 050): the one way into what the portal remembers between requests
 * and announces between processes. REDIS_URL picks the Redis adapter; without it the local one
 * (SQLite and memory) runs, as the portal always did, and `npm start` needs nothing else.
 */
import { config } from "~/server/config.server";
import { localFloor } from "./local.server";
import type { StateFloor } from "./port";
import { redisFloor } from "./redis.server";

export type { Limiter, OnceRow, OnceState, RateVerdict, Records, StateFloor } from "./port";
export { StateUnavailable, STATE_RETRY_AFTER_S } from "./unavailable";

let floor: StateFloor | undefined;

export function state(): StateFloor {
  if (!floor) {
    const { REDIS_URL, REDIS_PREFIX } = config();
    floor = REDIS_URL ? redisFloor({ url: REDIS_URL, prefix: REDIS_PREFIX }) : localFloor();
  }
  return floor;
}

/** Tests that change the configuration: the next state() opens the floor it names. */
export async function closeState(): Promise<void> {
  const closing = floor;
  floor = undefined;
  await closing?.close();
}
