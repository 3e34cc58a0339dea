/** The wallets area: game wallets, transfers, the upline, the cashier hand-off and its orders' outcomes (decision 026). */
import type { OperatorArea } from "../http";
import { cashierOrderRoutes } from "./cashier-orders";
import { walletRelays, walletRoutes } from "./routes";
import { seedWallets, WALLETS_SCHEMA } from "./seed";

export const walletsArea: OperatorArea = {
  name: "wallets",
  schema: WALLETS_SCHEMA,
  seed: seedWallets,
  relays: walletRelays,
  routes: [...walletRoutes, ...cashierOrderRoutes],
};
