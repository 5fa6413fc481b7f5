import { fork, type ChildProcess } from "node:child_process";
import type { Logger } from "pino";
import { probeAudioDuration } from "./audio.server";
import { encodeAvatar } from "./avatar-image.server";
import { encodeImage, rasterizeSvg, UploadError, type EncodedImage, type RasterOutput } from "./image.server";
import { uploadMessages } from "./media";

/**
 * Turns pictures into the files we store (decision 019). In production a child process does it, so that the
 * memory sharp and libvips take for a 12-megapixel photo is never the web server's; in development and in the
 * tests the same functions run in the process itself.
 */
export interface ImageEncoder {
  /** An uploaded or seeded picture in every variant (`encodeImage`). */
  encode(input: Uint8Array, options: { sharingCard: boolean }): Promise<EncodedImage>;
  /** A 50×50 avatar, or null when the bytes are no picture (`encodeAvatar`). */
  avatar(input: Uint8Array): Promise<Uint8Array | null>;
  /** One of our own SVG drawings as a PNG or WebP (`rasterizeSvg`): the app icons, the demo pictures. */
  rasterize(svg: Uint8Array, output: RasterOutput): Promise<Uint8Array>;
  /** An audio upload's length in seconds, or null when it has none (`probeAudioDuration`). */
  audioDuration(input: Uint8Array, contentType: string): Promise<number | null>;
  close(): Promise<void>;
}

export const inProcessImageEncoder: ImageEncoder = {
  encode: encodeImage,
  avatar: encodeAvatar,
  rasterize: rasterizeSvg,
  audioDuration: probeAudioDuration,
  close: async () => undefined,
};

/** What the web server asks the image process (server/image-worker.ts), and what it answers. */
export type ImageJob =
  | { id: number; kind: "encode"; input: Uint8Array; sharingCard: boolean }
  | { id: number; kind: "avatar"; input: Uint8Array }
  | { id: number; kind: "rasterize"; input: Uint8Array; output: RasterOutput }
  | { id: number; kind: "audioDuration"; input: Uint8Array; contentType: string };

export type ImageAnswer =
  | { id: number; result: EncodedImage | Uint8Array | number | null }
  | { id: number; error: { message: string; reason?: string; detail?: string } };

/** Runs one job in this process: what the image process does with each message. */
export async function runImageJob(job: ImageJob): Promise<ImageAnswer> {
  try {
    const result = await (job.kind === "encode"
      ? encodeImage(job.input, { sharingCard: job.sharingCard })
      : job.kind === "avatar"
        ? encodeAvatar(job.input)
        : job.kind === "rasterize"
          ? rasterizeSvg(job.input, job.output)
          : probeAudioDuration(job.input, job.contentType));
    return { id: job.id, result };
  } catch (error) {
    const { message, reason, detail } = error as Partial<UploadError> & Error;
    return { id: job.id, error: { message, reason, detail } };
  }
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

type Waiting = { resolve: (result: ImageAnswer) => void; reject: (error: Error) => void };

/**
 * Sends the jobs to one child process (`workerPath`), one job at a time: the pictures of a bulk upload wait their
 * turn instead of all taking memory at once. The process starts at the first job and ends after `idleMs` without
 * one, which gives all its memory back; if it dies, the jobs it had fail with the spec's upload error and the next
 * job starts a new one.
 */
export function childProcessImageEncoder(
  workerPath: string,
  { idleMs = 30_000, logger }: { idleMs?: number; logger?: Logger } = {},
): ImageEncoder {
  let child: ChildProcess | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let turn: Promise<unknown> = Promise.resolve();
  const waiting = new Map<number, Waiting>();

  function start() {
    const started = fork(workerPath, [], {
      serialization: "advanced",
      // libvips works in several threads; glibc would give each its own memory arenas that are rarely returned.
      env: { ...process.env, MALLOC_ARENA_MAX: "2" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    started.on("message", (answer: ImageAnswer) => {
      waiting.get(answer.id)?.resolve(answer);
      waiting.delete(answer.id);
    });
    started.once("exit", (code, signal) => {
      if (child === started) child = null;
      if (waiting.size > 0) logger?.warn({ code, signal }, "the image process ended during a job");
      for (const { reject } of waiting.values()) {
        reject(new UploadError(uploadMessages.uploadFailed, `The image process ended (${code ?? signal})`));
      }
      waiting.clear();
    });
    return started;
  }

  function send(job: DistributiveOmit<ImageJob, "id">): Promise<ImageAnswer> {
    const run = turn.then(
      () =>
        new Promise<ImageAnswer>((resolve, reject) => {
          clearTimeout(idleTimer);
          child ??= start();
          const id = nextId++;
          waiting.set(id, { resolve, reject });
          child.send({ ...job, id } as ImageJob, (error) => {
            if (!error) return;
            waiting.delete(id);
            reject(
              new UploadError(uploadMessages.uploadFailed, `Sending to the image process failed: ${error.message}`),
            );
          });
        }),
    );
    turn = run
      .catch(() => undefined)
      .finally(() => {
        if (waiting.size > 0 || !child) return;
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => child?.disconnect(), idleMs);
        idleTimer.unref();
      });
    return run;
  }

  function resultOf(answer: ImageAnswer) {
    if ("error" in answer) {
      const { message, reason, detail } = answer.error;
      throw new UploadError(message, reason ?? message, detail);
    }
    return answer.result;
  }

  return {
    encode: async (input, { sharingCard }) =>
      resultOf(await send({ kind: "encode", input, sharingCard })) as EncodedImage,
    avatar: async (input) => resultOf(await send({ kind: "avatar", input })) as Uint8Array | null,
    rasterize: async (input, output) => resultOf(await send({ kind: "rasterize", input, output })) as Uint8Array,
    audioDuration: async (input, contentType) =>
      resultOf(await send({ kind: "audioDuration", input, contentType })) as number | null,
    async close() {
      clearTimeout(idleTimer);
      const running = child;
      if (!running) return;
      await new Promise<void>((resolve) => {
        running.once("exit", () => resolve());
        running.kill("SIGTERM");
      });
    },
  };
}
