import { mkdtemp, readFile, rm } from "node:fs/promises";
import { diskBackend, setStorage, Storage } from "~/features/storage/storage.server";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, setConfig } from "~/config/env.server";
import { setDatabase } from "~/db/db.server";
import { profiles } from "~/db/schema";
import { getAuth } from "~/features/accounts/auth.server";
import { action as updateAction } from "~/routes/bruger.update";
import { setUpAccounts, signUpUser } from "../support/accounts";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

describe("avatar upload", () => {
  let database: TestDatabase;
  let dataDir: string;
  let cookie = "";
  let userId = "";

  const upload = async (file?: File) => {
    const body = new FormData();
    body.set("intent", "avatar");
    if (file) body.set("avatar", file);
    try {
      return (await updateAction(
        routeArgs("/bruger/update", { method: "POST", body, headers: { Cookie: cookie } }),
      )) as unknown as {
        data: { avatarError?: string };
      };
    } catch (thrown) {
      return thrown as Response;
    }
  };
  const avatarUrl = async () =>
    (await database.db.select({ url: profiles.avatarUrl }).from(profiles).where(eq(profiles.userId, userId)))[0]?.url;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-avatar-"));
    setConfig(loadConfig({ DATA_DIR: dataDir }));
    setStorage(new Storage(diskBackend(dataDir)));
    database = await createTestDatabase("pglite");
    setDatabase(database);
    setUpAccounts(database.db);
    ({ id: userId, cookie } = await signUpUser(getAuth(), {
      name: "Mette",
      email: "mette@example.dk",
      password: "Kajen-2026-sol",
    }));
  });

  afterAll(async () => {
    setDatabase(undefined);
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("stores a picture resized to 50×50 under a generated name, whatever it was called", async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#a13a12" } })
      .png()
      .toBuffer();
    const response = (await upload(new File([png], "../../etc/passwd.png", { type: "image/png" }))) as Response;
    expect(response.status).toBe(302);
    const url = await avatarUrl();
    expect(url).toMatch(/^\/storage\/v1\/object\/public\/users\/\d+(-\d+)?\.webp$/);
    const stored = await readFile(path.join(dataDir, "storage", url!.replace("/storage/v1/object/public/", "")));
    expect(await sharp(stored).metadata()).toMatchObject({ width: 50, height: 50, format: "webp" });
  });

  it("refuses a file that is not a picture, even when it is named like one, and keeps the old one", async () => {
    const before = await avatarUrl();
    const result = await upload(new File(["<script>alert(1)</script>"], "billede.png", { type: "image/png" }));
    expect("data" in result && result.data.avatarError).toBe(
      "Filen er ikke et billede (JPEG, PNG, WebP, GIF eller AVIF)",
    );
    expect(await avatarUrl()).toBe(before);
  });

  it("says 'Intet billed at uploade' when no file was chosen", async () => {
    const result = await upload();
    expect("data" in result && result.data.avatarError).toBe("Intet billed at uploade");
    const empty = await upload(new File([], "", { type: "application/octet-stream" }));
    expect("data" in empty && empty.data.avatarError).toBe("Intet billed at uploade");
  });
});
