import type { ActionAnswer } from "~/lib/form";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, userFiles, users } from "~/db/schema";
import { getProfile } from "~/features/accounts/profile.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as createProfile } from "~/routes/api.profile.create";
import { action as updateProfile } from "~/routes/api.profile.update";
import { action as updateAction } from "~/routes/bruger.update";
import { signUpUser } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, migrateUpTo, type TestDatabase } from "../support/test-database";

const PUBLIC_PREFIX = "/storage/v1/object/public/";

async function picture(colour: string) {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

describe.each(databaseKinds)("avatar upload on %s", (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  const people: Record<"mette" | "jonas", { id: string; cookie: string }> = {} as never;

  const upload = async (person: { cookie: string }, file?: File) => {
    const body = new FormData();
    body.set("intent", "avatar");
    if (file) body.set("avatar", file);
    try {
      return (await updateAction(
        routeArgs("/bruger/update", { method: "POST", body, headers: { Cookie: person.cookie } }),
      )) as unknown as {
        data: ActionAnswer;
      };
    } catch (thrown) {
      return thrown as Response;
    }
  };
  const avatarUrl = async (person: { id: string }) => (await getProfile(database.db, person.id))?.avatarUrl;
  const storedFile = (url: string) => readFile(path.join(dataDir, "storage", url.replace(PUBLIC_PREFIX, "")));
  const isStored = (url: string) =>
    storedFile(url).then(
      () => true,
      () => false,
    );
  const apiAnswer = async (work: () => unknown) => {
    let result: unknown;
    try {
      result = await work();
    } catch (thrown) {
      result = thrown;
    }
    const { data, init } = result as { data: { fieldErrors?: Record<string, string[]> }; init?: { status?: number } };
    return { status: init?.status ?? 200, body: data };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-avatar-"));
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database, { dataDir });
    setCollaborators(collaborators);
    const { auth } = collaborators;
    people.mette = await signUpUser(auth, {
      name: "Mette",
      email: "mette@example.dk",
      password: "Kajen-2026-sol",
    });
    people.jonas = await signUpUser(auth, {
      name: "Jonas",
      email: "jonas@example.dk",
      password: "Kajen-2026-maane",
    });
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("stores a picture resized to 50×50 under a generated, unguessable name, whatever it was called", async () => {
    const { mette } = people;
    const response = (await upload(
      mette,
      new File([await picture("#a13a12")], "../../etc/passwd.png", { type: "image/png" }),
    )) as Response;
    expect(response.status).toBe(302);
    const url = await avatarUrl(mette);
    expect(url).toMatch(/^\/storage\/v1\/object\/public\/users\/\d{13}-[0-9a-f]{32}\.webp$/);
    expect(await sharp(await storedFile(url!)).metadata()).toMatchObject({ width: 50, height: 50, format: "webp" });
  });

  it("removes the user's own previous picture when a new one is uploaded", async () => {
    const { mette } = people;
    const previous = await avatarUrl(mette);
    await upload(mette, new File([await picture("#123456")], "ny.png", { type: "image/png" }));
    const current = await avatarUrl(mette);
    expect(current).not.toBe(previous);
    expect(await isStored(current!)).toBe(true);
    expect(await isStored(previous!)).toBe(false);
  });

  it("does not let another user point at someone's picture through the profile API, nor make the server delete it", async () => {
    const { mette, jonas } = people;
    const mettes = (await avatarUrl(mette))!;
    const patched = await apiAnswer(() =>
      updateProfile(
        routeArgs(`/api/prisma/update-profile/${jonas.id}`, {
          method: "PATCH",
          params: { id: jonas.id },
          body: JSON.stringify({ userId: jonas.id, avatar_url: mettes }),
          headers: { "Content-Type": "application/json", Cookie: jonas.cookie },
        }),
      ),
    );
    expect(patched.status).toBe(400);
    expect(Object.keys(patched.body.fieldErrors ?? {})).toEqual(["avatar_url"]);
    const created = await apiAnswer(() =>
      createProfile(
        routeArgs("/api/prisma/create-profile/", {
          method: "POST",
          body: JSON.stringify({ userId: jonas.id, name: "Jonas", avatar_url: mettes }),
          headers: { "Content-Type": "application/json", Cookie: jonas.cookie },
        }),
      ),
    );
    expect(created.status).toBe(400);
    expect(await avatarUrl(jonas)).toBeNull();

    await upload(jonas, new File([await picture("#00ff00")], "mig.png", { type: "image/png" }));
    await upload(jonas, new File([await picture("#0000ff")], "mig-igen.png", { type: "image/png" }));
    expect(await avatarUrl(mette)).toBe(mettes);
    expect(await isStored(mettes)).toBe(true);
  });

  it("has the database refuse a profile that points at a file stored for someone else", async () => {
    const { mette, jonas } = people;
    const mettesKey = (await avatarUrl(mette))!.replace(PUBLIC_PREFIX, "");
    await expect(
      database.db.update(profiles).set({ avatarKey: mettesKey }).where(eq(profiles.userId, jonas.id)),
    ).rejects.toThrow();
    await expect(
      database.db
        .update(profiles)
        .set({ avatarKey: "users/1700000000000-00000000000000000000000000000000.webp" })
        .where(eq(profiles.userId, jonas.id)),
    ).rejects.toThrow();
  });

  it("refuses a file that is not a picture, even when it is named like one, and keeps the old one", async () => {
    const { mette } = people;
    const before = await avatarUrl(mette);
    const result = await upload(mette, new File(["<script>alert(1)</script>"], "billede.png", { type: "image/png" }));
    expect("data" in result && result.data.fieldErrors?.avatar?.[0]).toBe(
      "Filen er ikke et billede (JPEG, PNG, WebP, GIF eller AVIF)",
    );
    expect(await avatarUrl(mette)).toBe(before);
  });

  it("says 'Intet billed at uploade' when no file was chosen", async () => {
    const { mette } = people;
    const result = await upload(mette);
    expect("data" in result && result.data.fieldErrors?.avatar?.[0]).toBe("Intet billed at uploade");
    const empty = await upload(mette, new File([], "", { type: "application/octet-stream" }));
    expect("data" in empty && empty.data.fieldErrors?.avatar?.[0]).toBe("Intet billed at uploade");
  });

  it("saves only address and phone from the details form, whatever else it carries", async () => {
    const { jonas } = people;
    const [before] = await database.db.select().from(profiles).where(eq(profiles.userId, jonas.id));
    const body = new URLSearchParams({
      intent: "contact-details",
      address: "Havnegade 4, 8000 Aarhus C",
      phone: "20 12 34 56",
      name: "Overtaget",
      email: "angriber@example.dk",
      role: "kab-webadmin",
      last_login_at: "2020-01-01T00:00:00Z",
      lastLoginAt: "2020-01-01T00:00:00Z",
      avatar_url: `${PUBLIC_PREFIX}users/1.webp`,
      avatarKey: "users/1.webp",
    });
    const response = (await updateAction(
      routeArgs("/bruger/update", { method: "POST", body, headers: { Cookie: jonas.cookie } }),
    ).catch((thrown: unknown) => thrown)) as Response;
    expect(response.status).toBe(302);
    const [after] = await database.db.select().from(profiles).where(eq(profiles.userId, jonas.id));
    expect(after).toEqual({
      ...before,
      address: "Havnegade 4, 8000 Aarhus C",
      phone: "+4520123456",
      updatedAt: after!.updatedAt,
    });
  });

  it("lets an account with an avatar be deleted, and forgets its files", async () => {
    const { jonas } = people;
    expect(await avatarUrl(jonas)).toBeTruthy();
    await database.db.delete(users).where(eq(users.id, jonas.id));
    expect(await database.db.select().from(userFiles).where(eq(userFiles.userId, jonas.id))).toEqual([]);
  });
});

describe.each(databaseKinds)("the upgrade that gives profiles only their own avatars, on %s", (kind) => {
  let database: TestDatabase;

  // A database with no migrations yet: PGlite runs initdb for it, which is set-up, not the test.
  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: false });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("keeps each user's own avatar and drops a pointer at a file that another profile also names", async () => {
    await migrateUpTo(database, 5);
    const url = (file: string) => `${PUBLIC_PREFIX}users/${file}`;
    for (const [id, avatar] of [
      ["mette", url("1700000000000.webp")],
      ["jonas", url("1700000000000.webp")],
      ["karin", url("1700000000500.webp")],
      ["ole", "https://evil.example/x.png"],
    ] as const) {
      await database.db.execute(sql`insert into users (id, name, email) values (${id}, ${id}, ${`${id}@example.dk`})`);
      await database.db.execute(sql`insert into profiles (user_id, name, email, last_login_at, avatar_url)
        values (${id}, ${id}, ${`forfalsket-${id}@example.dk`}, now(), ${avatar})`);
    }
    await database.migrate();

    const avatars = await database.db
      .select({ userId: profiles.userId, avatarKey: profiles.avatarKey, email: profiles.email })
      .from(profiles)
      .orderBy(profiles.userId);
    expect(avatars).toEqual([
      { userId: "jonas", avatarKey: null, email: "jonas@example.dk" },
      { userId: "karin", avatarKey: "users/1700000000500.webp", email: "karin@example.dk" },
      { userId: "mette", avatarKey: null, email: "mette@example.dk" },
      { userId: "ole", avatarKey: null, email: "ole@example.dk" },
    ]);
    expect(await database.db.select({ key: userFiles.key, userId: userFiles.userId }).from(userFiles)).toEqual([
      { key: "users/1700000000500.webp", userId: "karin" },
    ]);
  });
});
