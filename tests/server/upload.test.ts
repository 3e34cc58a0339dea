/**
 * Streamed image uploads (app/server/upload.server.ts): limits enforced while reading, the type
 * decided by the bytes and the name, and a huge body read without being held.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { imageKind, MAX_IMAGE_BYTES, parseUploads } from "~/server/upload.server";

const PNG: Uint8Array<ArrayBuffer> = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
const GIF = new TextEncoder().encode("GIF89a....");

function multipart(fields: Record<string, string>, files: { name: string; bytes: Uint8Array; type?: string }[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("pictures", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name, { type: f.type ?? "image/png" }));
  return new Request("http://portal.test/x", { method: "POST", body: form });
}

const rule = [{ field: "pictures", maxFiles: 3 }];

describe("image uploads", () => {
  it("knows JPEG and PNG by their first bytes, nothing else", () => {
    expect(imageKind(PNG)).toBe("png");
    expect(imageKind(JPEG)).toBe("jpeg");
    expect(imageKind(GIF)).toBeNull();
    expect(imageKind(new Uint8Array())).toBeNull();
  });

  it("keeps the text fields and the images within the rules", async () => {
    const { form, uploads } = await parseUploads(
      multipart({ remarks: "hello 你好", once: "k" }, [
        { name: "a.png", bytes: PNG },
        { name: "b.JPG", bytes: JPEG, type: "image/jpeg" },
      ]),
      rule,
    );
    expect(form.get("remarks")).toBe("hello 你好");
    expect(uploads.pictures.problems).toEqual([]);
    expect(uploads.pictures.files.map((f) => [f.name, f.kind, f.size])).toEqual([
      ["a.png", "png", PNG.length],
      ["b.JPG", "jpeg", JPEG.length],
    ]);
    expect(uploads.pictures.files[0].dataUrl()).toBe(`data:image/png;base64,${Buffer.from(PNG).toString("base64")}`);
  });

  it("names each file it refused: a fourth image, one over 5 MB, a GIF, a renamed non-image", async () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG);
    const { uploads } = await parseUploads(
      multipart({}, [
        { name: "big.png", bytes: big },
        { name: "anim.gif", bytes: GIF, type: "image/gif" },
        { name: "fake.jpg", bytes: new TextEncoder().encode("not an image at all"), type: "image/jpeg" },
        { name: "fourth.png", bytes: PNG },
      ]),
      rule,
    );
    expect(uploads.pictures.files).toEqual([]);
    expect(uploads.pictures.problems).toEqual([
      { name: "big.png", problem: "too_large" },
      { name: "anim.gif", problem: "wrong_type" },
      { name: "fake.jpg", problem: "wrong_type" },
      { name: "fourth.png", problem: "too_many" },
    ]);
  });

  it("refuses a real PNG whose name is not an image name", async () => {
    const { uploads } = await parseUploads(multipart({}, [{ name: "photo.exe", bytes: PNG }]), rule);
    expect(uploads.pictures.problems).toEqual([{ name: "photo.exe", problem: "wrong_type" }]);
  });

  it("ignores an empty file input and files under a name it does not take", async () => {
    const form = new FormData();
    form.append("pictures", new File([], "", { type: "application/octet-stream" }));
    form.append("other", new File([PNG as Uint8Array<ArrayBuffer>], "x.png"));
    const { uploads, form: fields } = await parseUploads(new Request("http://portal.test/x", { method: "POST", body: form }), rule);
    expect(uploads.pictures).toEqual({ files: [], problems: [] });
    expect(fields.has("other")).toBe(false);
  });

  it("reads nothing from a body that is not the multipart it says; answers 413 past the text limit", async () => {
    const broken = new Request("http://portal.test/x", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: "--nope\r\ngarbage",
    });
    const { form, uploads } = await parseUploads(broken, rule);
    expect([...form.keys()]).toEqual([]);
    expect(uploads.pictures).toEqual({ files: [], problems: [] });
    const huge = await parseUploads(multipart({ remarks: "x".repeat(300 * 1024) }, []), rule).catch((e: unknown) => e);
    expect((huge as Response).status).toBe(413);
  });

  it("reads a 50 MB file as a stream: it is dropped, and memory does not grow by its size", () => {
    // In a process of its own, with garbage collected as it reads, so only memory still held counts.
    const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", "tests/support/upload-memory.ts", "50"], {
      encoding: "utf8",
      timeout: 60_000,
    });
    const { rise, problems } = JSON.parse(out) as { rise: number; problems: unknown };
    expect(problems).toEqual([{ name: "huge.png", problem: "too_large" }]);
    // Held, the file alone would be 50 MB; at most the first 5 MB (the limit) is ever kept. The
    // bound leaves room for the allocator's noise on a busy machine.
    expect(rise).toBeLessThan(32 * 1024 * 1024);
  }, 60_000);
});
