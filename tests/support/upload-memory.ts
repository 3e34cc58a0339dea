/**
 * Run as its own process (node --expose-gc --import tsx): streams a multipart body of N MB with
 * one image part through parseUploads and prints how far RSS rose above a warmed-up baseline,
 * collecting garbage as it goes so that only memory still held counts.
 */
import { parseUploads } from "~/server/upload.server";

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

const mb = Number(process.argv[2] ?? 50);
await upload(8 << 20);
gc();
const before = process.memoryUsage().rss;
const { peak, problems } = await upload(mb << 20);
process.stdout.write(JSON.stringify({ mb, rise: peak - before, problems }));
