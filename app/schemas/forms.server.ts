/**
 * The form schemas and conform's zod binding for actions and loaders (decision 043). A route
 * takes them from here rather than from the schema modules, so its browser build, where this
 * module is empty, keeps no path to zod.
 */
export * from "./forms";
export { getZodConstraint } from "@conform-to/zod";
// A route's action reads a post with it; imported from here, it leaves no conform in the page.
export { parse } from "@conform-to/react";
