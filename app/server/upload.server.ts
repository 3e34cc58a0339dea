/**
 * The opening of an action that takes images (reward claims, payment-confirmation proof,
 * feedback): openAction's checks, with the body parsed as a stream by busboy. Before a byte of
 * the body is read, the post must come from this site, carry the CSRF cookie and get a place
 * among the uploads in flight (a few per client, a few more in all); before a byte of a file is
 * kept, the form's token (sent before the file) must have passed. Each file is
 * read chunk by chunk and kept only while it is within its limits: a file over the limit, past
 * the count, or of another type is read to its end and dropped, so a 50 MB post costs a few
 * chunks of memory, and the player gets a message beside the field instead of a reset
 * connection. The type is decided by the file's first bytes (and its name must say jpg, jpeg or
 * png too); the browser's Content-Type is never trusted.
 */
import busboy from "busboy";
import { assertSameOrigin, forbidden, validateCsrf } from "~/server/csrf.server";
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES } from "~/lib/uploads";
import { getSession } from "~/server/session.server";
import { clientIp } from "~/server/rate-limit.server";
import { refuse } from "~/server/refuse.server";
import {
  finishOpening,
  firstOfEachName,
  hasCookie,
  MAX_FORM_BYTES,
  MAX_FORM_FIELDS,
  openAction,
  tooLarge,
  type ActionOpening,
} from "~/server/action.server";

/** Beyond this the body is cut off (413). */
export const MAX_UPLOAD_BODY = 64 * 1024 * 1024;
/**
 * Uploads read at once: a kept upload holds up to three 5 MB images until its action ends, so
 * these bound what uploads can hold (8 × 15 MB) whoever posts.
 */
export const MAX_UPLOADS_IN_FLIGHT = 8;
/** A double or triple click sends the same form two or three times at once. */
export const MAX_UPLOADS_PER_CLIENT = 4;
const UPLOAD_RETRY_AFTER_S = 10;
/** File parts beyond the rules' count that still get a "too many" message beside the field. */
const EXTRA_FILE_PARTS = 3;

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

  // Every refusal here leaves the body unread; the Express floor drops it after the answer.
  assertSameOrigin(request);
  // Not the session cookie: a guest, who has none, may post the feedback form (an image from
  // them is refused beside the field, after the token has been checked).
  if (!hasCookie(request, "csrf")) throw forbidden();
  const session = await getSession(request);
  const release = takeUploadPlace(clientIp(request, context));
  try {
    const { form } = await parseUploads(request, list, uploads, (fields) => validateCsrf(fields, request, session));
    return { ...(await finishOpening(request, context, form, session)), uploads };
  } finally {
    release();
  }
}

const inFlight = { total: 0, byClient: new Map<string, number>() };

/** A place among the uploads read at once, or a 429 (this client) or 503 (everyone) to retry. */
function takeUploadPlace(client: string): () => void {
  const mine = inFlight.byClient.get(client) ?? 0;
  if (mine >= MAX_UPLOADS_PER_CLIENT) throw busy(429);
  if (inFlight.total >= MAX_UPLOADS_IN_FLIGHT) throw busy(503);
  inFlight.total++;
  inFlight.byClient.set(client, mine + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inFlight.total--;
    const left = (inFlight.byClient.get(client) ?? 1) - 1;
    if (left > 0) inFlight.byClient.set(client, left);
    else inFlight.byClient.delete(client);
  };
}

function busy(status: 429 | 503): Response {
  return refuse(status, "Too many uploads at once. Wait a few seconds and send the form again.", {
    "Retry-After": String(UPLOAD_RETRY_AFTER_S),
  });
}

const unreadable = () => refuse(400, "The form could not be read. Go back, reload the page and try again.");

/**
 * The multipart body as text fields and checked images. Throws a 413 Response past
 * MAX_UPLOAD_BODY, MAX_FORM_BYTES of text, MAX_FORM_FIELDS fields or a few file parts more than
 * the rules take, as soon as the limit is passed (the rest is not read); a 400 when the body is
 * not multipart that parses. `beforeFiles` runs on the text fields before the first file part
 * is read, and refuses by throwing: no byte of a file is kept before it has passed.
 */
export async function parseUploads(
  request: Request,
  list: readonly UploadRule[],
  uploads: Record<string, Upload> = Object.fromEntries(list.map((r) => [r.field, { files: [], problems: [] }])),
  beforeFiles: (fields: FormData) => Promise<void> = async () => {},
): Promise<{ form: FormData; uploads: Record<string, Upload> }> {
  if (Number(request.headers.get("Content-Length")) > MAX_UPLOAD_BODY) throw tooLarge();
  const fileParts = list.reduce((n, r) => n + r.maxFiles, 0) + EXTRA_FILE_PARTS;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      defParamCharset: "utf8",
      limits: { fields: MAX_FORM_FIELDS, files: fileParts, fieldSize: MAX_FORM_BYTES, headerPairs: 16 },
    });
  } catch {
    throw unreadable();
  }

  let failure: unknown;
  let wake = () => {};
  const fail = (reason: unknown) => {
    failure ??= reason;
    wake();
  };
  /**
   * `promise`, or undefined as soon as something fails. A fresh promise each time: racing every
   * read against one long-lived promise would keep every chunk reachable from it until it settles.
   */
  const unlessFailed = <T>(promise: Promise<T>) =>
    new Promise<T | undefined>((resolve, reject) => {
      wake = () => resolve(undefined);
      if (failure !== undefined) resolve(undefined);
      promise.then(resolve, reject);
    });
  parser.on("fieldsLimit", () => fail(tooLarge()));
  parser.on("filesLimit", () => fail(tooLarge()));
  parser.on("partsLimit", () => fail(tooLarge()));
  parser.on("error", () => fail(unreadable()));
  const closed = new Promise<void>((resolve) => parser.on("close", resolve));

  const fields: [string, string][] = [];
  let textBytes = 0;
  parser.on("field", (name, value, info) => {
    textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (info.valueTruncated || textBytes > MAX_FORM_BYTES) fail(tooLarge());
    else fields.push([name, value]);
  });

  let gate: Promise<void> | undefined;
  const files: Promise<void>[] = [];
  parser.on("file", (name, stream, info) => {
    // Until the token is checked the stream is not read: busboy waits, holding one chunk.
    gate ??= beforeFiles(firstOfEachName(fields));
    files.push(
      gate.then(
        () => readFile(name, info.filename ?? "", stream),
        (refusal: unknown) => {
          stream.destroy();
          fail(refusal);
        },
      ),
    );
  });

  const readFile = (field: string, filename: string, stream: NodeJS.ReadableStream) =>
    new Promise<void>((resolve) => {
      const rule = list.find((r) => r.field === field);
      const upload = rule ? uploads[rule.field] : undefined;
      const name = filename.slice(0, 255);
      const taken = upload && upload.files.length + upload.problems.filter((p) => p.problem !== "too_many").length < rule!.maxFiles;
      const limit = rule?.maxFileBytes ?? MAX_IMAGE_BYTES;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        if (taken && size <= limit) chunks.push(chunk);
        else chunks.length = 0;
      });
      stream.on("error", resolve);
      stream.on("end", () => {
        resolve();
        // A file input left empty still sends a part: no name, no bytes.
        if (!upload || (name === "" && size === 0)) return;
        if (!taken) upload.problems.push({ name, problem: "too_many" });
        else if (size > limit) upload.problems.push({ name, problem: "too_large" });
        else {
          const bytes = new Uint8Array(Buffer.concat(chunks));
          const kind = imageKind(bytes);
          if (!kind || !extensionAllowed(name)) upload.problems.push({ name, problem: "wrong_type" });
          else upload.files.push(image(name, kind, bytes));
        }
      });
    });

  // The body is fed to the parser chunk by chunk; at the first refusal reading stops. The
  // stream is not cancelled (that would reset the connection before the answer is sent).
  const reader = request.body?.getReader();
  let bodyBytes = 0;
  try {
    while (reader && failure === undefined) {
      const read = await unlessFailed(reader.read());
      if (!read || read.done) break;
      bodyBytes += read.value.byteLength;
      if (bodyBytes > MAX_UPLOAD_BODY) fail(tooLarge());
      else await unlessFailed(new Promise<void>((resolve) => parser.write(read.value, () => resolve())));
    }
    if (failure === undefined) {
      parser.end();
      await unlessFailed(closed);
      await unlessFailed(Promise.all(files));
    }
  } catch (error) {
    fail(error instanceof Response ? error : unreadable());
  } finally {
    reader?.releaseLock();
  }
  if (failure !== undefined) {
    parser.destroy();
    throw failure;
  }
  return { form: firstOfEachName(fields), uploads };
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
