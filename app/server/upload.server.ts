/**
 * The opening of an action that takes images (reward claims, payment-confirmation proof,
 * feedback): openAction's checks, with the body parsed as a stream by Remix's multipart parser.
 * Each file is read chunk by chunk and kept only while it is within its limits: a file over
 * the limit, past the count, or of another type is read to its end and dropped, so a 50 MB post
 * costs a few chunks of memory, and the player gets a message beside the field instead of a
 * reset connection. The type is decided by the file's first bytes (and its name must say jpg,
 * jpeg or png too); the browser's Content-Type is never trusted.
 */
import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import { assertSameOrigin } from "~/server/csrf.server";
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES } from "~/lib/uploads";
import { finishOpening, MAX_FORM_BYTES, openAction, readCapped, refuse, type ActionOpening } from "~/server/action.server";

/** Beyond this the body is cut off (413): it is still read and dropped up to here. */
export const MAX_UPLOAD_BODY = 64 * 1024 * 1024;

export { IMAGE_ACCEPT, MAX_IMAGE_BYTES } from "~/lib/uploads";

export type ImageKind = "jpeg" | "png";

export interface UploadRule {
  field: string;
  maxFiles: number;
  maxFileBytes?: number;
}

export interface UploadedImage {
  name: string;
  kind: ImageKind;
  mime: "image/jpeg" | "image/png";
  size: number;
  bytes: Uint8Array;
  /** data:image/…;base64,… — the shape the operator's claim and proof calls take. */
  dataUrl(): string;
}

export interface UploadProblem {
  name: string;
  problem: "too_many" | "too_large" | "wrong_type";
}

export interface Upload {
  files: UploadedImage[];
  problems: UploadProblem[];
}

export interface UploadOpening extends ActionOpening {
  uploads: Record<string, Upload>;
}

/** JPEG starts FF D8 FF; PNG with its eight-byte signature. */
export function imageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return "png";
  return null;
}

function extensionAllowed(name: string): boolean {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  return name.includes(".") && (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

export async function openUploadAction(
  request: Request,
  context: unknown,
  rules: UploadRule | readonly UploadRule[],
): Promise<UploadOpening> {
  const list = Array.isArray(rules) ? (rules as readonly UploadRule[]) : [rules as UploadRule];
  const uploads: Record<string, Upload> = Object.fromEntries(list.map((r) => [r.field, { files: [], problems: [] }]));
  const contentType = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  // A post without files (a form whose script left out the file input, a test) is an ordinary form.
  if (contentType !== "multipart/form-data") return { ...(await openAction(request, context)), uploads };

  try {
    assertSameOrigin(request);
  } catch (refusal) {
    await readCapped(request, MAX_UPLOAD_BODY).catch(() => {});
    throw refusal;
  }
  const { form } = await parseUploads(request, list, uploads);
  return { ...(await finishOpening(request, context, form)), uploads };
}

/**
 * The multipart body as text fields and checked images. Throws a 413 Response past
 * MAX_UPLOAD_BODY or MAX_FORM_BYTES of text, a 400 when the body is not multipart that parses.
 */
export async function parseUploads(
  request: Request,
  list: readonly UploadRule[],
  uploads: Record<string, Upload> = Object.fromEntries(list.map((r) => [r.field, { files: [], problems: [] }])),
): Promise<{ form: FormData; uploads: Record<string, Upload> }> {
  if (Number(request.headers.get("Content-Length")) > MAX_UPLOAD_BODY) throw refuse(413, "The form is too large.");

  let bodyBytes = 0;
  let textBytes = 0;
  const counted = async function* (data: AsyncIterable<Uint8Array>) {
    for await (const chunk of data) {
      bodyBytes += chunk.byteLength;
      if (bodyBytes > MAX_UPLOAD_BODY) throw refuse(413, "The form is too large.");
      yield chunk;
    }
  };

  const handler = async (part: UploadHandlerPart): Promise<string | undefined> => {
    const rule = list.find((r) => r.field === part.name);
    if (part.filename === undefined) {
      // A text field: kept within the limit of every other form.
      const chunks: Uint8Array[] = [];
      for await (const chunk of counted(part.data)) {
        textBytes += chunk.byteLength;
        if (textBytes <= MAX_FORM_BYTES) chunks.push(chunk);
      }
      return Buffer.concat(chunks).toString("utf8");
    }
    const upload = rule ? uploads[rule.field] : undefined;
    const name = part.filename.slice(0, 255);
    // A file input left empty still sends a part: no name, no bytes.
    const taken = upload && upload.files.length + upload.problems.filter((p) => p.problem !== "too_many").length < rule!.maxFiles;
    const limit = rule?.maxFileBytes ?? MAX_IMAGE_BYTES;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of counted(part.data)) {
      size += chunk.byteLength;
      if (taken && size <= limit) chunks.push(chunk);
      else chunks.length = 0;
    }
    if (!upload || (name === "" && size === 0)) return undefined;
    if (!taken) upload.problems.push({ name, problem: "too_many" });
    else if (size > limit) upload.problems.push({ name, problem: "too_large" });
    else {
      const bytes = new Uint8Array(Buffer.concat(chunks));
      const kind = imageKind(bytes);
      if (!kind || !extensionAllowed(name)) upload.problems.push({ name, problem: "wrong_type" });
      else upload.files.push(image(name, kind, bytes));
    }
    return undefined;
  };

  let parsed: FormData;
  try {
    parsed = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof Response) throw error;
    throw refuse(400, "The form could not be read. Go back, reload the page and try again.");
  }
  if (textBytes > MAX_FORM_BYTES) throw refuse(413, "The form is too large.");
  // As openAction does: a name sent twice keeps its first value.
  const form = new FormData();
  for (const [name, value] of parsed) if (!form.has(name)) form.append(name, value);
  return { form, uploads };
}

function image(name: string, kind: ImageKind, bytes: Uint8Array): UploadedImage {
  const mime = kind === "jpeg" ? "image/jpeg" : "image/png";
  return {
    name,
    kind,
    mime,
    size: bytes.byteLength,
    bytes,
    dataUrl: () => `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`,
  };
}
