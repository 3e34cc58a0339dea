/**
 * A contract action as the form posts it, and a contract's identity in an address (the
 * confirmation's): zod, read by the routes' loaders and actions only, apart from contracts.ts so
 * that the contract pages' browser chunks bring no zod.
 */
import { z } from "zod";
import { CONTRACT_KINDS, type ContractIdentity } from "./contracts";

const code = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

/** A contract action as the form posts it (plain HTML: hidden fields and one intent button). */
export const contractPostSchema = z
  .object({
    intent: z.enum(["accept", "reject", "terminate", "keep"]),
    kind: z.enum(CONTRACT_KINDS),
    id: code.optional(),
    productType: code,
    computationPeriod: code.optional(),
    /** The status the player saw: a contract that moved on since is not acted on. */
    shown: z.enum(["P", "E", "V"]),
    /** The higher-rate confirmation was answered. */
    confirmed: z.literal("1").optional(),
  })
  .refine((v) => v.kind === "dividend" || Boolean(v.id), { path: ["id"] });
export type ContractPost = z.output<typeof contractPostSchema>;

export const identityOf = (p: Pick<ContractPost, "kind" | "id" | "productType" | "computationPeriod">): ContractIdentity => ({
  kind: p.kind,
  id: p.id ?? null,
  productType: p.productType,
  computationPeriod: p.computationPeriod ?? null,
});

/** The identity of a contract as the confirmation's address carries it (no intent, no confirmation). */
export const identitySchema = contractPostSchema.innerType().omit({ intent: true, confirmed: true });
