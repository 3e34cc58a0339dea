/** The wallets area: game wallets, transfers, the upline, the cashier hand-off (decision 026). */
import type { OperatorArea } from "../http";
import { walletRelays, walletRoutes } from "./routes";
import { seedWallets, WALLETS_SCHEMA } from "./seed";

export const walletsArea: OperatorArea = {
  name: "wallets",
  schema: WALLETS_SCHEMA,
  seed: seedWallets,
  relays: walletRelays,
  routes: walletRoutes,
};
