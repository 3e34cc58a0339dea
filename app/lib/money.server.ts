/**
 * money.ts for route modules whose loader or action works with money: imported from a .server
 * module, decimal.js stays out of the route's browser chunk (an import only the loader uses
 * would still bring it there). Views that show money use money-format.ts.
 */
export * from "./money";
