/**
 * The page number of a loader's address, for route modules: imported from a .server module,
 * the schema (zod) stays out of the route's browser chunk, which an import only the loader
 * uses would otherwise still bring.
 */
export { readPage } from "./page-number";
