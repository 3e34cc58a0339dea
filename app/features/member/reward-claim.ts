/**
 * The apply-reward form's rules (document 002, sections 5 and 9), which one schema
 * (claim-schema.ts) states for the action and the view. Remarks are a text field; images are files, which the server reads as a stream
 * (app/server/upload.server.ts) and the browser checks before sending: the schema sees File
 * objects only in the browser, so the file rules here are the browser's early answer and the
 * server states the same rules from what it read.
 *
 * Messages (decision 027): activity_apply_remark_limit1 remarks required or longer than 140;
 * limit2 more than 3 images; limit3 an image over 5 MB; limit4 not a jpg, jpeg or png;
 * activity_apply_image_required when the promotion asks for an image and none came.
 */
export const MAX_REMARKS = 140;
export const MAX_IMAGES = 3;
import { MAX_IMAGE_BYTES } from "~/lib/uploads";
export { MAX_IMAGE_BYTES };
export { IMAGE_ACCEPT as PICTURES_ACCEPT } from "~/lib/uploads";

export const CLAIM_MESSAGES = {
  remark: "activity_apply_remark_limit1",
  tooMany: "activity_apply_remark_limit2",
  tooLarge: "activity_apply_remark_limit3",
  wrongType: "activity_apply_remark_limit4",
  imageRequired: "activity_apply_image_required",
} as const;

export interface ClaimRules {
  remarkRequired: boolean;
  imageRequired: boolean;
}

/** What a browser File looks like to the schema (a Node File when tests validate on the server side). */
interface FileLike {
  name: string;
  size: number;
  type?: string;
}

const isFile = (v: unknown): v is FileLike =>
  typeof v === "object" && v !== null && typeof (v as FileLike).name === "string" && typeof (v as FileLike).size === "number";

/** The chosen files: an empty file input still posts one nameless, empty part. */
export function chosenFiles(value: unknown): FileLike[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.filter(isFile).filter((f) => f.name !== "" || f.size > 0);
}

export function fileProblem(file: FileLike): string | null {
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  if (!file.name.includes(".") || !["jpg", "jpeg", "png"].includes(ext)) return CLAIM_MESSAGES.wrongType;
  if (file.type && !["image/jpeg", "image/png", "image/jpg"].includes(file.type)) return CLAIM_MESSAGES.wrongType;
  if (file.size > MAX_IMAGE_BYTES) return CLAIM_MESSAGES.tooLarge;
  return null;
}

/** The first problem of the chosen files, in the order a player fixes them. */
export function filesProblem(files: readonly FileLike[], rules: ClaimRules): string | null {
  if (files.length > MAX_IMAGES) return CLAIM_MESSAGES.tooMany;
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) return problem;
  }
  if (rules.imageRequired && files.length === 0) return CLAIM_MESSAGES.imageRequired;
  return null;
}
