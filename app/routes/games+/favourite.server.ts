/**
 * The favourite form's post read with its schema. Reached through this .server module, zod and
 * conform's zod parsing stay out of the route's browser chunk (the action alone uses them).
 */
import { parseWithZod } from "@conform-to/zod";
import { favouriteSchema } from "~/features/games/favourite-schema";

export const parseFavourite = (formData: FormData) => parseWithZod(formData, { schema: favouriteSchema });
