/**
 * Cookies are input: a browser, an extension or a script on a sibling sub-domain can write any
 * of them. Each is read through a schema like a form field, and one that does not match is
 * treated as absent, never trusted as it comes.
 */
import type { Cookie } from "@remix-run/node";
import type { z } from "zod";

export async function readCookie<T>(cookie: Cookie, request: Request, schema: z.ZodType<T, z.ZodTypeDef, unknown>): Promise<T | null> {
  let raw: unknown;
  try {
    raw = await cookie.parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  if (raw === null || raw === undefined) return null;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
