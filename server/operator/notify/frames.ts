/**
 * STOMP 1.2 frames as the embedded broker reads and writes them: `COMMAND EOL *(header EOL) EOL
 * body NUL`, EOL being LF or CR LF, header values escaped (`\r \n \c \\`) except in CONNECT and
 * CONNECTED. One WebSocket message may hold heart-beats (bare EOLs) and several whole frames; a
 * frame is never split across messages (WebSocket keeps message boundaries, and stompjs sends one
 * frame per message), so a message that ends inside a frame is malformed.
 */

export const CLIENT_COMMANDS = [
  "CONNECT",
  "STOMP",
  "SEND",
  "SUBSCRIBE",
  "UNSUBSCRIBE",
  "ACK",
  "NACK",
  "BEGIN",
  "COMMIT",
  "ABORT",
  "DISCONNECT",
] as const;
export type ClientCommand = (typeof CLIENT_COMMANDS)[number];

export interface Frame {
  command: string;
  /** The first occurrence of a repeated header counts (STOMP 1.2). */
  headers: Record<string, string>;
  body: Buffer;
}

/** A frame the broker cannot read: answered with ERROR, then the connection closes. */
export class FrameError extends Error {}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
/** More header lines than any client needs; bounds the work on one frame. */
const MAX_HEADERS = 64;

function unescapeValue(raw: string): string {
  return raw.replace(/\\(.?)/gs, (_, code: string) => {
    switch (code) {
      case "r":
        return "\r";
      case "n":
        return "\n";
      case "c":
        return ":";
      case "\\":
        return "\\";
      default:
        // STOMP 1.2: an undefined escape is a fatal protocol error.
        throw new FrameError(`undefined escape sequence \\${code}`);
    }
  });
}

export function escapeValue(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) => (c === "\\" ? "\\\\" : c === "\r" ? "\\r" : c === "\n" ? "\\n" : "\\c"));
}

/** One line from `at`, without its EOL; null when the data ends before a LF. */
function lineAt(data: Buffer, at: number): { text: string; next: number } | null {
  const lf = data.indexOf(LF, at);
  if (lf === -1) return null;
  const end = lf > at && data[lf - 1] === CR ? lf - 1 : lf;
  return { text: data.toString("utf8", at, end), next: lf + 1 };
}

/**
 * The frames of one WebSocket message, and whether it held heart-beats. Throws FrameError for a
 * malformed message; a frame before the malformed one is not answered either.
 */
export function parseFrames(data: Buffer): { frames: Frame[]; heartbeat: boolean } {
  const frames: Frame[] = [];
  let heartbeat = false;
  let at = 0;
  while (at < data.length) {
    if (data[at] === LF || (data[at] === CR && data[at + 1] === LF)) {
      heartbeat = true;
      at += data[at] === CR ? 2 : 1;
      continue;
    }
    const commandLine = lineAt(data, at);
    if (!commandLine) throw new FrameError("frame ends inside its command");
    const command = commandLine.text;
    if (!(CLIENT_COMMANDS as readonly string[]).includes(command))
      throw new FrameError(`unknown command ${JSON.stringify(command.slice(0, 32))}`);
    at = commandLine.next;
    const escaped = command !== "CONNECT" && command !== "STOMP";
    const headers: Record<string, string> = {};
    let count = 0;
    for (;;) {
      const line = lineAt(data, at);
      if (!line) throw new FrameError("frame ends inside its headers");
      at = line.next;
      if (line.text === "") break;
      if (++count > MAX_HEADERS) throw new FrameError("too many headers");
      const colon = line.text.indexOf(":");
      if (colon <= 0) throw new FrameError("header line without a name and a colon");
      const name = escaped ? unescapeValue(line.text.slice(0, colon)) : line.text.slice(0, colon);
      const value = escaped ? unescapeValue(line.text.slice(colon + 1)) : line.text.slice(colon + 1);
      if (!Object.hasOwn(headers, name)) headers[name] = value;
    }
    let end: number;
    if (headers["content-length"] !== undefined) {
      const length = /^\d{1,9}$/.test(headers["content-length"]) ? Number(headers["content-length"]) : NaN;
      if (!Number.isSafeInteger(length)) throw new FrameError("content-length is not a number of octets");
      end = at + length;
      if (end >= data.length || data[end] !== NUL) throw new FrameError("body does not end with NUL after content-length octets");
    } else {
      end = data.indexOf(NUL, at);
      if (end === -1) throw new FrameError("frame has no NUL terminator");
    }
    frames.push({ command, headers, body: data.subarray(at, end) });
    at = end + 1;
  }
  return { frames, heartbeat };
}

/** A server frame; content-length is added whenever there is a body. */
export function serializeFrame(command: string, headers: Record<string, string>, body: string | Buffer = ""): Buffer {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const escaped = command !== "CONNECTED";
  const lines = [command];
  for (const [name, value] of Object.entries(headers))
    lines.push(escaped ? `${escapeValue(name)}:${escapeValue(value)}` : `${name}:${value}`);
  if (bytes.length > 0 || command === "MESSAGE") lines.push(`content-length:${bytes.length}`);
  return Buffer.concat([Buffer.from(`${lines.join("\n")}\n\n`, "utf8"), bytes, Buffer.from([NUL])]);
}
