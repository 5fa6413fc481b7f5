import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { albums, articles } from "~/db/schema";
import { diskBackend, Storage, type DiskBackend } from "~/features/storage/storage.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as createAction } from "~/routes/admin.create";
import { action as editAction } from "~/routes/admin.edit";
import { action as listAction } from "~/routes/admin.list";
import { action as libraryAction } from "~/routes/admin.medier";
import { signUpAdmin } from "../support/accounts";
import { testCollaborators, type TestCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { BodyTooLargeError } from "~/lib/request-body.server";

interface ActionAnswer {
  data: { toast: { kind: string; message: string }; fieldErrors?: Record<string, string[]> };
  init: { status: number } | null;
}

describe("content admin actions", () => {
  let database: TestDatabase;
  let dataDir: string;
  let cookie: string;
  let disk: DiskBackend;
  let collaborators: TestCollaborators;

  const post = (path: string, body: FormData) => routeArgs(path, { method: "POST", body, headers: { Cookie: cookie } });
  const albumForm = (fields: Record<string, string>, image?: File | string) => {
    const form = new FormData();
    form.set("intent", "create");
    form.set("published", "on");
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (typeof image === "string") form.set("album_image", image);
    else form.set("album_image", image ?? new File([], "", { type: "application/octet-stream" }));
    return form;
  };
  const storedFiles = async () => readdir(path.join(dataDir, "storage"), { recursive: true }).catch(() => []);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-admin-routes-"));
    database = await createTestDatabase("pglite");
    collaborators = testCollaborators(database, { dataDir });
    cookie = await signUpAdmin(collaborators.auth, database.db);
  });

  beforeEach(() => {
    disk = diskBackend(dataDir);
    setCollaborators({ ...collaborators, storage: new Storage(disk) });
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses blank fields and a missing image with the Danish messages, saving nothing", async () => {
    const answer = (await createAction(
      post("/album/create", albumForm({ album_artist: "  ", album_title: "", album_year: "2024" })),
    )) as unknown as ActionAnswer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.toast.message).toBe("Intet billed at uploade");
    expect(answer.data.fieldErrors).toMatchObject({
      album_artist: ["Feltet skal udfyldes"],
      album_title: ["Feltet skal udfyldes"],
      album_image: ["Intet billed at uploade"],
    });
    expect(await database.db.select().from(albums)).toHaveLength(0);
  });

  it("refuses a formatted text that holds nothing once sanitized, saving nothing", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#345678" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("intent", "create");
    form.set("published", "on");
    form.set("article_header", "Nyhed");
    // Text outside the tags passes the browser's early check; the server's sanitizer leaves nothing.
    form.set("article_text", "<p><script>alert(1)</script><img src=x onerror=alert(1)></p>");
    form.set("article_image", new File([png], "nyhed.png"));
    const answer = (await createAction(post("/article/create", form))) as unknown as ActionAnswer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ article_text: ["Feltet skal udfyldes"] });
    expect(await database.db.select().from(articles)).toHaveLength(0);
    expect(await storedFiles()).toHaveLength(0);
  });

  it("refuses a text file named like a picture with 'Kunne ikke uploade billede' and leaves no file", async () => {
    const fake = new File(["bare tekst"], "omslag.jpg", { type: "image/jpeg" });
    const answer = (await createAction(
      post("/album/create", albumForm({ album_artist: "Band", album_title: "Plade", album_year: "2024" }, fake)),
    )) as unknown as ActionAnswer;
    expect(answer.data.toast.message).toBe("Kunne ikke uploade billede");
    expect(await database.db.select().from(albums)).toHaveLength(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("tells the admin the file was too large when the server stops the upload at its limit", async () => {
    // What server/body-limits.ts hands the route when the body grows past the limit while it streams.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("--x\r\n"));
        controller.error(new BodyTooLargeError(101 * 1024 * 1024));
      },
    });
    const args = routeArgs("/album/create", {
      method: "POST",
      body,
      duplex: "half",
      headers: { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x" },
    } as RequestInit);
    const answer = (await createAction(args)) as unknown as ActionAnswer;
    expect(answer.init?.status).toBe(413);
    expect(answer.data.toast.message).toBe("Kunne ikke uploade billede");
  });

  it("creates with a picture, then says 'Kunne ikke slette billed' when the library image's files cannot be removed", async () => {
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const created = (await createAction(
      post(
        "/album/create",
        albumForm({ album_artist: "Band", album_title: "Plade", album_year: "2024" }, new File([png], "omslag.png")),
      ),
    )) as Response;
    expect(created.status).toBe(302);
    expect(created.headers.get("Set-Cookie")).toMatch(/^scene-toast=/);
    const [album] = await database.db.select().from(albums);
    expect(album?.title).toBe("Plade");
    expect(created.headers.get("Location")).toBe(`/album/${album!.id}`);

    // A disk that refuses to delete (read-only, full): the one failure of our own storage this test stands in for.
    setCollaborators({
      ...collaborators,
      storage: new Storage({ ...disk, remove: () => Promise.reject(new Error("disk is read-only")) }),
    });
    const form = new FormData();
    form.set("intent", "delete");
    form.set("id", album!.id);
    // The album goes; its cover belongs to the library (decision 020), whose delete removes the files.
    const answer = (await listAction(post("/album", form))) as unknown as ActionAnswer;
    expect(answer.data.toast).toEqual({ kind: "success", message: "Albummet er slettet" });
    const libraryForm = new FormData();
    libraryForm.set("intent", "delete");
    libraryForm.set("id", album!.imageId);
    const refused = (await libraryAction(post("/medier", libraryForm))) as unknown as ActionAnswer;
    expect(refused.data.toast).toEqual({ kind: "error", message: "Kunne ikke slette billed" });
  });

  it("takes a file only as an upload: a file name in an image field is neither stored nor removed", async () => {
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#654321" } })
      .png()
      .toBuffer();
    const someoneElses = "users/1700000000000-0123456789abcdef0123456789abcdef.webp";
    await disk.putIfAbsent(someoneElses, new Uint8Array([1, 2, 3]), "image/webp");

    const named = (await createAction(
      post(
        "/album/create",
        albumForm({ album_artist: "Band", album_title: "Navngivet", album_year: "2024" }, someoneElses),
      ),
    )) as unknown as ActionAnswer;
    expect(named.init?.status).toBe(400);
    expect(named.data.fieldErrors?.album_image).toEqual(["Intet billed at uploade"]);

    await createAction(
      post(
        "/album/create",
        albumForm({ album_artist: "Band", album_title: "Ægte", album_year: "2024" }, new File([png], "omslag.png")),
      ),
    );
    const [album] = await database.db.select().from(albums).where(eq(albums.title, "Ægte"));
    const form = new FormData();
    form.set("intent", "save");
    form.set("published", "on");
    for (const [name, value] of Object.entries({ album_artist: "Band", album_title: "Ægte", album_year: "2025" }))
      form.set(name, value);
    form.set("album_image", someoneElses);
    const saved = (await editAction({
      ...post(`/album/${album!.id}`, form),
      params: { id: album!.id },
    }).catch((thrown: unknown) => thrown)) as Response;
    expect(saved.status).toBe(302);
    const [after] = await database.db.select().from(albums).where(eq(albums.id, album!.id));
    expect(after).toMatchObject({ year: 2025, image: album!.image });
    expect(await disk.exists(someoneElses)).toBe(true);
    expect(await disk.exists(album!.image.key)).toBe(true);
  });
});
