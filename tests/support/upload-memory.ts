/**
 * Run as its own process (node --expose-gc --import tsx), collecting garbage as it goes so that
 * only memory still held counts:
 * - `upload-memory.ts N`: streams a multipart body of N MB with one image part through
 *   parseUploads and prints how far RSS rose above a warmed-up baseline;
 * - `upload-memory.ts flood`: starts the built portal (tests/support/live-portal.ts) and sends
 *   it FLOOD_POSTS (80) cookie-less posts of three 5 MB images at once, as issue 22 did; prints
 *   the statuses and how far RSS rose.
 */
import { parseUploads } from "~/server/upload.server";
import { startLivePortal } from "./live-portal";

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function upload(size: number): Promise<{ peak: number; problems: unknown }> {
  const chunk = new Uint8Array(64 * 1024);
  chunk.set(PNG);
  const boundary = "----upload-memory";
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="pictures"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  let sent = 0;
  let peak = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(head);
      if (sent >= size) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      controller.enqueue(chunk.slice());
      sent += chunk.length;
      if (sent % (4 << 20) === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().rss);
      }
    },
  });
  const request = new Request("http://portal.test/upload", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
  const { uploads } = await parseUploads(request, [{ field: "pictures", maxFiles: 3 }]);
  return { peak, problems: uploads.pictures.problems };
}

/** `posts` cookie-less posts at once of three 5 MB images each, streamed from one reused chunk. */
async function flood(base: string, posts: number): Promise<Record<string, number>> {
  const boundary = "----upload-flood";
  const encoder = new TextEncoder();
  const chunk = new Uint8Array(256 * 1024);
  chunk.set(PNG);
  const imageBytes = 5 * 1024 * 1024;
  async function* body() {
    yield encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="remarks"\r\n\r\nflood\r\n`);
    for (let i = 0; i < 3; i++) {
      yield encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="pictures"; filename="${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      for (let sent = 0; sent < imageBytes; sent += chunk.length) yield chunk;
      yield encoder.encode("\r\n");
    }
    yield encoder.encode(`--${boundary}--\r\n`);
  }
  const one = async () => {
    const chunks = body();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
    const res = await fetch(`${base}/member/rewardCenter/apply/1`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Origin: base },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await res.arrayBuffer();
    return res.status;
  };
  const statuses: Record<string, number> = {};
  for (const status of await Promise.all(Array.from({ length: posts }, one))) statuses[status] = (statuses[status] ?? 0) + 1;
  return statuses;
}

async function settledRss(): Promise<number> {
  gc();
  gc();
  await new Promise((r) => setTimeout(r, 500));
  return process.memoryUsage().rss;
}

if (process.argv[2] === "flood") {
  const portal = await startLivePortal();
  try {
    await flood(portal.url, 4);
    const before = await settledRss();
    const statuses = await flood(portal.url, Number(process.env.FLOOD_POSTS ?? 80));
    const after = await settledRss();
    process.stdout.write(JSON.stringify({ statuses, before, after, rise: after - before }));
  } finally {
    await portal.close();
  }
  process.exit(0);
} else {
  const mb = Number(process.argv[2] ?? 50);
  await upload(8 << 20);
  gc();
  const before = process.memoryUsage().rss;
  const { peak, problems } = await upload(mb << 20);
  process.stdout.write(JSON.stringify({ mb, rise: peak - before, problems }));
}
