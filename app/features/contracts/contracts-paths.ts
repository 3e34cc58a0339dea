/**
 * Where the contract requests live: apart from their rules (contracts.ts), whose post schema
 * would bring zod to every page with the prompt the root draws.
 */
export const CONTRACTS_PATH = "/contracts";
export const CONFIRM_PATH = "/contracts/confirm";
