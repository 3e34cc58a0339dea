/**
 * Streamed image uploads (app/server/upload.server.ts): limits enforced while reading, the type
 * decided by the bytes and the name, and a huge body read without being held.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { MAX_FORM_FIELDS } from "~/server/action.server";
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

  it("refuses a body that is not the multipart it says (400) and answers 413 past the text limit", async () => {
    const broken = new Request("http://portal.test/x", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: "--nope\r\ngarbage",
    });
    expect(((await parseUploads(broken, rule).catch((e: unknown) => e)) as Response).status).toBe(400);
    const huge = await parseUploads(multipart({ remarks: "x".repeat(300 * 1024) }, []), rule).catch((e: unknown) => e);
    expect((huge as Response).status).toBe(413);
  });

  it("answers 413 past 256 fields or a few files more than the rules take, without reading on", async () => {
    const fields = Object.fromEntries(Array.from({ length: MAX_FORM_FIELDS }, (_, i) => [`f${i}`, ""]));
    expect((await parseUploads(multipart(fields, []), rule)).form.has(`f${MAX_FORM_FIELDS - 1}`)).toBe(true);
    const tooMany = await parseUploads(multipart({ ...fields, one: "more" }, []), rule).catch((e: unknown) => e);
    expect((tooMany as Response).status).toBe(413);

    const files = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, bytes: PNG }));
    expect((await parseUploads(multipart({}, files), rule)).uploads.pictures.problems).toHaveLength(3);
    const sevenFiles = await parseUploads(multipart({}, [...files, { name: "7.png", bytes: PNG }]), rule).catch((e: unknown) => e);
    expect((sevenFiles as Response).status).toBe(413);

    // 100,000 empty parts (issue 22: 6.6 MB that froze the portal for 36 s): the parser stops at
    // the 257th, and reads no further than the chunk it was in.
    const boundary = "----hostile";
    const part = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\n\r\n`);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled++ < 100_000) controller.enqueue(part);
        else controller.close();
      },
    });
    const started = performance.now();
    const flood = await parseUploads(
      new Request("http://portal.test/x", {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: "half",
      } as RequestInit),
      rule,
    ).catch((e: unknown) => e);
    expect((flood as Response).status).toBe(413);
    expect(pulled).toBeLessThan(MAX_FORM_FIELDS + 10);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("keeps the first value of a name sent twice", async () => {
    const form = new FormData();
    form.append("once", "first");
    form.append("once", "second");
    for (let i = 0; i < 200; i++) form.append("dup", String(i));
    const parsed = await parseUploads(new Request("http://portal.test/x", { method: "POST", body: form }), rule);
    expect(parsed.form.getAll("once")).toEqual(["first"]);
    expect(parsed.form.getAll("dup")).toEqual(["0"]);
  });

  it("asks before the first file is read, with the fields sent before it; a refusal keeps no file", async () => {
    const seen: string[][] = [];
    const check = async (fields: FormData) => {
      seen.push([...fields.keys()]);
      if (fields.get("csrf") !== "good") throw new Response("expired", { status: 403 });
    };
    const form = (token: string) => {
      const f = new FormData();
      f.append("csrf", token);
      f.append("remarks", "hi");
      f.append("pictures", new File([PNG], "a.png", { type: "image/png" }));
      f.append("pictures", new File([PNG], "b.png", { type: "image/png" }));
      f.append("after", "x");
      return new Request("http://portal.test/x", { method: "POST", body: f });
    };
    const uploads = { pictures: { files: [], problems: [] } };
    const refused = await parseUploads(form("bad"), rule, uploads, check).catch((e: unknown) => e);
    expect((refused as Response).status).toBe(403);
    expect(uploads.pictures).toEqual({ files: [], problems: [] });
    const accepted = await parseUploads(form("good"), rule, undefined, check);
    expect(accepted.uploads.pictures.files).toHaveLength(2);
    expect(accepted.form.get("after")).toBe("x");
    expect(seen).toEqual([
      ["csrf", "remarks"],
      ["csrf", "remarks"],
    ]);
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
