import { randomBytes } from "node:crypto";
import { access, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import { z } from "zod";
import type { Config } from "~/config/env.server";

export const bucketSchema = z.enum([
  "pages",
  "sections",
  "users",
  "albums",
  "audio",
  "articles",
  "banners",
  "stock",
  "events",
  // The media library's images (decision 020).
  "media",
  // Raw uploads waiting to be processed: never served (server/stored-files.ts).
  "incoming",
]);
export type Bucket = z.infer<typeof bucketSchema>;

/** Buckets whose files are never served: raw uploads still carry their metadata (EXIF, GPS). */
export const privateBuckets: ReadonlySet<Bucket> = new Set(["incoming"]);

const extensionSchema = z.string().regex(/^[a-z0-9]{1,8}$/);
/** "{bucket}/{file}": one level, generated names only (no "..", no slashes in the file part). */
export const storageKeySchema = z.string().regex(/^[a-z]+\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/);

/** Where stored files live. Both back ends keep the same keys, so data can move between them. */
export interface StorageBackend {
  readonly kind: "disk" | "s3";
  /** Writes the object only when the key is free; answers false (and writes nothing) when it is taken. */
  putIfAbsent(key: string, data: Uint8Array, contentType: string): Promise<boolean>;
  /** The object's bytes, or null when there is none. */
  read(key: string): Promise<Uint8Array | null>;
  exists(key: string): Promise<boolean>;
  /** Removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Every key held, for backups. */
  list(): Promise<string[]>;
}

export interface DiskBackend extends StorageBackend {
  readonly kind: "disk";
  readonly root: string;
}

export interface S3Backend extends StorageBackend {
  readonly kind: "s3";
  /** The object as the store answers it, passing a Range header on (audio seeking); for serving. */
  getObject(key: string, range?: string | null): Promise<Response>;
}

export function diskBackend(dataDir: string): DiskBackend {
  const root = path.resolve(dataDir, "storage");
  const fileOf = (key: string) => path.join(root, storageKeySchema.parse(key));
  return {
    kind: "disk",
    root,
    async putIfAbsent(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await writeFile(file, data, { flag: "wx" });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
        // Exclusive creation: any other failure is this write's own file, left half written.
        await rm(file, { force: true });
        throw error;
      }
    },
    async read(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async exists(key) {
      return access(fileOf(key)).then(
        () => true,
        () => false,
      );
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async list() {
      const buckets = await readdir(root, { withFileTypes: true }).catch(() => []);
      const keys = await Promise.all(
        buckets
          .filter((entry) => entry.isDirectory())
          .map(async (bucket) =>
            (await readdir(path.join(root, bucket.name), { withFileTypes: true }))
              .filter((entry) => entry.isFile())
              .map((entry) => `${bucket.name}/${entry.name}`),
          ),
      );
      return keys
        .flat()
        .filter((key) => storageKeySchema.safeParse(key).success)
        .sort();
    },
  };
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Any S3-compatible store (AWS S3, MinIO, Cloudflare R2, Hetzner …), addressed path-style
 * ("{endpoint}/{bucket}/{key}"), with requests signed by aws4fetch (SigV4 over fetch, no SDK).
 */
export function s3Backend(settings: S3Settings): S3Backend {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: "s3",
    retries: 2,
  });
  const base = `${settings.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(settings.bucket)}`;
  const urlOf = (key: string) => `${base}/${storageKeySchema.parse(key).split("/").map(encodeURIComponent).join("/")}`;
  const fail = async (what: string, key: string, response: Response): Promise<never> => {
    throw new Error(`S3 ${what} ${key} failed: ${response.status} ${(await response.text()).slice(0, 200)}`);
  };
  const backend: S3Backend = {
    kind: "s3",
    getObject(key, range) {
      return client.fetch(urlOf(key), { headers: range ? { Range: range } : {} });
    },
    async putIfAbsent(key, data, contentType) {
      // The HEAD catches stores without conditional writes; If-None-Match closes the race where they exist.
      if (await backend.exists(key)) return false;
      const response = await client.fetch(urlOf(key), {
        method: "PUT",
        body: data as Uint8Array<ArrayBuffer>,
        headers: { "Content-Type": contentType, "If-None-Match": "*" },
      });
      if (response.status === 412 || response.status === 409) return false;
      if (!response.ok) await fail("PUT", key, response);
      return true;
    },
    async read(key) {
      const response = await client.fetch(urlOf(key));
      if (response.status === 404) return null;
      if (!response.ok) await fail("GET", key, response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async exists(key) {
      const response = await client.fetch(urlOf(key), { method: "HEAD" });
      if (response.status === 404) return false;
      if (!response.ok) await fail("HEAD", key, response);
      return true;
    },
    async remove(key) {
      const response = await client.fetch(urlOf(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) await fail("DELETE", key, response);
    },
    async list() {
      const keys: string[] = [];
      let continuation: string | undefined;
      do {
        const query = new URLSearchParams({
          "list-type": "2",
          ...(continuation ? { "continuation-token": continuation } : {}),
        });
        const response = await client.fetch(`${base}?${query}`);
        if (!response.ok) await fail("LIST", settings.bucket, response);
        const xml = await response.text();
        for (const [, key] of xml.matchAll(/<Key>([^<]+)<\/Key>/g)) keys.push(decodeXml(key!));
        continuation = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? decodeXml(/<NextContinuationToken>([^<]+)</.exec(xml)?.[1] ?? "")
          : undefined;
      } while (continuation);
      return keys.filter((key) => storageKeySchema.safeParse(key).success).sort();
    },
  };
  return backend;
}

function decodeXml(text: string) {
  return text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[name]!,
  );
}

/**
 * Names uploads "{bucket}/{timestamp}-{random}.{ext}" (spec §7's shape, with a random part so that no one
 * can guess the names of other people's files) and never overwrites: a taken name gets a new random part.
 * Derived files (image variants) sit beside it as "{timestamp}-{random}.{suffix}".
 */
export class Storage {
  constructor(
    readonly backend: DiskBackend | S3Backend,
    private readonly now: () => number = Date.now,
    /** 128 random bits in hex: a stored file's address cannot be guessed from the time it was uploaded. */
    private readonly randomSuffix: () => string = () => randomBytes(16).toString("hex"),
  ) {}

  async store(bucket: Bucket, extension: string, data: Uint8Array, contentType: string): Promise<string> {
    const ext = extensionSchema.parse(extension);
    const stamp = this.now();
    for (let attempt = 0; attempt < 50; attempt++) {
      const key = `${bucketSchema.parse(bucket)}/${stamp}-${this.randomSuffix()}.${ext}`;
      if (await this.backend.putIfAbsent(key, data, contentType)) return key;
    }
    throw new Error(`No free name in ${bucket} for ${stamp}`);
  }

  /** Stores a file derived from `key` (e.g. "albums/1.webp" + "w480.avif" → "albums/1.w480.avif"). */
  async storeDerived(key: string, suffix: string, data: Uint8Array, contentType: string): Promise<string> {
    const derived = derivedKey(key, suffix);
    if (!(await this.backend.putIfAbsent(derived, data, contentType))) throw new Error(`${derived} exists already`);
    return derived;
  }

  read(key: string) {
    return this.backend.read(key);
  }

  /** Removes files, best effort: a file left behind is only wasted space, never a broken page. */
  async removeAll(keys: Iterable<string>): Promise<string[]> {
    const failed: string[] = [];
    await Promise.all([...new Set(keys)].map((key) => this.backend.remove(key).catch(() => failed.push(key))));
    return failed;
  }
}

export function derivedKey(key: string, suffix: string) {
  return `${key.replace(/\.[a-z0-9]+$/, "")}.${suffix}`;
}

/** Disk under DATA_DIR/storage by default; S3-compatible when S3_BUCKET is set. */
export function createStorage(config: Pick<Config, "DATA_DIR" | Extract<keyof Config, `S3_${string}`>>): Storage {
  if (!config.S3_BUCKET) return new Storage(diskBackend(config.DATA_DIR));
  return new Storage(
    s3Backend({
      endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID ?? "",
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "",
    }),
  );
}
