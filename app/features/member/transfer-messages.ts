/**
 * The transfer forms' message keys, apart from their schema: a page reads these as it draws,
 * while the schema (and zod with it) reaches the browser only after the page (decision 043).
 */
export const TRANSFER_MESSAGES = {
  walletRequired: "transfer_wallet_required",
  sameWallet: "transfer_same_wallet",
  oneWallet: "transfer_one_wallet",
  amountRequired: "transfer_amount_required",
  amountFormat: "transfer_amount_format",
  amountTooLarge: "transfer_amount_exceeds",
} as const;
