import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { childProcessImageEncoder, runImageJob, type ImageEncoder } from "~/features/media/image-encoder.server";
import { UploadError } from "~/features/media/image.server";

const fakeWorker = fileURLToPath(new URL("../support/fake-image-worker.mjs", import.meta.url));

/** The fake process's answer to an avatar job: its process id and how many jobs it had at once. */
async function ask(encoder: ImageEncoder, firstByte = 1) {
  const answer = await encoder.avatar(new Uint8Array([firstByte]));
  const [pid, atOnce] = new TextDecoder().decode(answer!).split(" ").map(Number);
  return { pid: pid!, atOnce: atOnce! };
}

describe("the image process", () => {
  let encoder: ImageEncoder;
  afterEach(() => encoder.close());

  it("gets one job at a time, however many arrive at once, all in one process", async () => {
    encoder = childProcessImageEncoder(fakeWorker);
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(encoder)));
    expect(answers.map((answer) => answer.atOnce)).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(answers.map((answer) => answer.pid)).size).toBe(1);
    expect(answers[0]!.pid).not.toBe(process.pid);
  });

  it("fails the job of a process that ends with the spec's upload error, and starts a new one for the next", async () => {
    encoder = childProcessImageEncoder(fakeWorker);
    const before = await ask(encoder);
    const crashed = ask(encoder, 0);
    await expect(crashed).rejects.toThrow(UploadError);
    await expect(crashed).rejects.toThrow("Kunne ikke uploade billede");
    const after = await ask(encoder);
    expect(after.pid).not.toBe(before.pid);
  });

  it("passes a refused picture on as the UploadError the process made", async () => {
    encoder = childProcessImageEncoder(fakeWorker);
    const refused = await encoder.encode(new Uint8Array([1]), { sharingCard: false }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UploadError);
    expect(refused).toMatchObject({ message: "Kunne ikke uploade billede", detail: "Filen er ikke et billede." });
  });

  it("ends the process after a quiet while, giving its memory back, and starts one again when needed", async () => {
    encoder = childProcessImageEncoder(fakeWorker, { idleMs: 50 });
    const first = await ask(encoder);
    await expect.poll(() => processExists(first.pid), { timeout: 5_000 }).toBe(false);
    const second = await ask(encoder);
    expect(second.pid).not.toBe(first.pid);
  });
});

function processExists(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("an image job", () => {
  const drawing = new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="16"><rect width="24" height="16" fill="#a13a12"/></svg>',
  );

  it.each([
    [{ format: "png" } as const, "png", [0x89, 0x50, 0x4e, 0x47]],
    [{ format: "webp", quality: 72 } as const, "webp", [0x52, 0x49, 0x46, 0x46]],
  ])("draws one of our SVGs as %o", async (output, format, magic) => {
    const answer = await runImageJob({ id: 7, kind: "rasterize", input: drawing, output });
    if (!("result" in answer) || !(answer.result instanceof Uint8Array)) throw new Error(JSON.stringify(answer));
    expect(answer.id).toBe(7);
    expect([...answer.result.subarray(0, 4)]).toEqual(magic);
    const { default: sharp } = await import("sharp");
    expect(await sharp(answer.result).metadata()).toMatchObject({ format, width: 24, height: 16 });
  });
});

describe("an audio job", () => {
  it("reads an audio file's length in the image process's place, and none from bytes that only start like audio", async () => {
    const { renderDemoTune } = await import("~/db/seed/demo-audio.server");
    const wav = new Uint8Array(renderDemoTune({ rootHz: 220, bpm: 120, steps: [0, 4, 7, 12] }, 2));
    const length = await runImageJob({ id: 1, kind: "audioDuration", input: wav, contentType: "audio/wav" });
    expect("result" in length && typeof length.result === "number" && length.result > 0).toBe(true);
    const junk = new Uint8Array([0x49, 0x44, 0x33, 0x04, 0, 0, 0, 0, 0, 1]);
    expect(await runImageJob({ id: 2, kind: "audioDuration", input: junk, contentType: "audio/mpeg" })).toEqual({
      id: 2,
      result: null,
    });
  });
});
