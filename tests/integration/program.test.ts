import { mkdtemp, rm } from "node:fs/promises";
import { testFreshness } from "../support/collaborators";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { albums, events, mediaImages } from "~/db/schema";
import { createRecord, duplicateRecord, updateRecord } from "~/features/content/admin/record-writes.server";
import { fieldChoices, getRecord } from "~/features/content/admin/records.server";
import { saveEntity } from "~/features/content/admin/actions.server";
import { contentTypes } from "~/features/content/content-types";
import { validateEntityForm } from "~/features/content/admin/validation";
import { calendarEventOf, musicEventData } from "~/features/program/program";
import {
  archivedEvents,
  eventById,
  eventsForFeed,
  upcomingEvents,
  withPlainDescription,
} from "~/features/program/program.server";
import { getSiteSettings } from "~/features/site/settings.server";
import { sitemapEntries } from "~/features/seo/sitemap.server";
import { diskBackend, Storage } from "~/features/storage/storage.server";
import { copenhagenInstant } from "~/lib/format";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";
import { inProcessImageEncoder } from "~/features/media/image-encoder.server";

// 2026-10-25 is the fall-back Sunday in Copenhagen (25 hours): its day ends at 23:00 UTC.
const FALL_BACK_NOON = new Date("2026-10-25T11:00:00Z");

describe.each(databaseKinds)("the programme on %s", (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let storage: Storage;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-program-"));
    storage = new Storage(diskBackend(dataDir));
  });
  afterAll(async () => {
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.delete(events);
  });

  const insert = async (title: string, start: Date, overrides: Partial<typeof events.$inferInsert> = {}) => {
    const [row] = await database.db
      .insert(events)
      .values({ title, startsAt: start, ...overrides })
      .returning({ id: events.id });
    return row!.id;
  };

  it("lists today's and later concerts soonest first, and earlier ones in the archive, newest first", async () => {
    await insert("Søndag aften", copenhagenInstant("2026-10-25", "23:30"));
    await insert("Søndag formiddag", copenhagenInstant("2026-10-25", "10:00"));
    await insert("Lørdag", copenhagenInstant("2026-10-24", "20:00"));
    await insert("Torsdag", copenhagenInstant("2026-10-22", "20:00"));
    await insert("Kladde", copenhagenInstant("2026-10-30", "20:00"), { published: false });
    await insert("Flyttet frem", copenhagenInstant("2026-10-20", "20:00"), {
      status: "flyttet",
      movedTo: copenhagenInstant("2026-11-06", "20:00"),
    });

    const upcoming = await upcomingEvents(database.db, FALL_BACK_NOON);
    expect(upcoming.map((event) => event.title)).toEqual(["Søndag formiddag", "Søndag aften", "Flyttet frem"]);
    expect((await upcomingEvents(database.db, FALL_BACK_NOON, { includeDrafts: true })).map((e) => e.title)).toContain(
      "Kladde",
    );
    expect((await upcomingEvents(database.db, FALL_BACK_NOON, { limit: 1 })).map((e) => e.title)).toEqual([
      "Søndag formiddag",
    ]);
    const archive = await archivedEvents(database.db, FALL_BACK_NOON, 1);
    expect(archive.events.map((event) => event.title)).toEqual(["Lørdag", "Torsdag"]);
    expect(archive).toMatchObject({ page: 1, pageCount: 1, total: 2 });
  });

  it("moves a concert to the archive at midnight in Copenhagen, not before", async () => {
    await insert("Sent søndag", copenhagenInstant("2026-10-25", "23:00"));
    const justBefore = new Date("2026-10-25T22:59:59Z");
    const midnight = new Date("2026-10-25T23:00:00Z");
    expect(await upcomingEvents(database.db, justBefore)).toHaveLength(1);
    expect(await upcomingEvents(database.db, midnight)).toHaveLength(0);
    expect((await archivedEvents(database.db, midnight, 1)).events).toHaveLength(1);
  });

  it("pages the archive and keeps a page number inside the pages there are", async () => {
    for (let day = 1; day <= 23; day++) {
      await insert(`Koncert ${day}`, copenhagenInstant(`2026-09-${String(day).padStart(2, "0")}`, "20:00"));
    }
    const second = await archivedEvents(database.db, FALL_BACK_NOON, 2);
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 23 });
    expect(second.events.map((event) => event.title)).toEqual(["Koncert 3", "Koncert 2", "Koncert 1"]);
    expect((await archivedEvents(database.db, FALL_BACK_NOON, 99)).page).toBe(2);
    expect((await archivedEvents(database.db, FALL_BACK_NOON, -3)).page).toBe(1);
  });

  it("finds a concert by id, a draft only when asked, and nothing for an id that is not one", async () => {
    const id = await insert("Kladde", copenhagenInstant("2026-11-01", "20:00"), { published: false });
    expect(await eventById(database.db, id)).toBeNull();
    expect((await eventById(database.db, id, { includeDrafts: true }))?.title).toBe("Kladde");
    expect(await eventById(database.db, "not-a-uuid")).toBeNull();
  });

  it("feeds calendars the last month and everything after, published only", async () => {
    await insert("For længe siden", copenhagenInstant("2026-08-01", "20:00"));
    await insert("I sidste måned", copenhagenInstant("2026-10-01", "20:00"));
    await insert("Kommer", copenhagenInstant("2026-12-01", "20:00"));
    await insert("Kladde", copenhagenInstant("2026-12-02", "20:00"), { published: false });
    expect((await eventsForFeed(database.db, FALL_BACK_NOON)).map((event) => event.title)).toEqual([
      "I sidste måned",
      "Kommer",
    ]);
  });

  it("lists the published concerts in the sitemap", async () => {
    const id = await insert("Kommer", copenhagenInstant("2026-12-01", "20:00"));
    await insert("Kladde", copenhagenInstant("2026-12-02", "20:00"), { published: false });
    const paths = (await sitemapEntries(database.db)).map((entry) => entry.path);
    expect(paths).toContain("/koncerter");
    expect(paths).toContain(`/koncerter/${id}`);
    expect(paths.filter((entry) => entry.startsWith("/koncerter/") && entry !== "/koncerter/arkiv")).toHaveLength(1);
  });

  it("refuses rows that break the rules, whatever door they come through", async () => {
    const start = copenhagenInstant("2026-12-01", "20:00");
    const refusals: Partial<typeof events.$inferInsert>[] = [
      { status: "flyttet" },
      { movedTo: copenhagenInstant("2026-12-08", "20:00") },
      { endsAt: copenhagenInstant("2026-12-01", "19:00") },
      { ageLimit: 120 },
      { doorsOpen: "7 pm" },
      { ticketUrl: "javascript:alert(1)" },
      { title: "   " },
    ];
    for (const overrides of refusals) {
      await expect(insert("Regelbrud", start, overrides), JSON.stringify(overrides)).rejects.toThrow();
    }
    expect(await upcomingEvents(database.db, FALL_BACK_NOON, { includeDrafts: true })).toHaveLength(0);
  });

  describe("through the admin's form", () => {
    const eventForm = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      form.set("published", "on");
      return form;
    };
    const save = async (fields: Record<string, string>, id?: string) => {
      const validated = validateEntityForm(contentTypes.event, eventForm(fields), { requireFiles: id === undefined });
      if (!validated.success) throw new Error(JSON.stringify(validated.fieldErrors));
      const input = { data: validated.data, files: validated.files, published: validated.published };
      if (id === undefined) return createRecord(database.db, storage, contentTypes.event, input);
      await updateRecord(database.db, storage, contentTypes.event, id, input);
      return id;
    };
    const fields = {
      event_title: "Kajen Kvartet: Havnelys",
      event_performers: "Kajen Kvartet",
      event_album: "",
      event_start: "2026-12-04T20:00",
      event_doors: "19:00",
      event_end: "2026-12-04T22:30",
      event_room: "Store sal",
      event_price: "210 kr. inkl. gebyr",
      event_age: "",
      event_ticket_url: "https://billetter.example.com/havnelys",
      event_status: "planlagt",
      event_ticket_sale: "link",
      event_moved_to: "",
      event_text: "Hele det nye album.",
    };

    it("creates a concert without an image, shows it back in the form, moves it, sells it out and cancels it", async () => {
      const id = await save(fields);
      const created = await getRecord(database.db, contentTypes.event, id);
      expect(created?.values).toMatchObject({ event_start: "2026-12-04T20:00", event_end: "2026-12-04T22:30" });
      expect(created?.image).toBeNull();

      await save({ ...fields, event_status: "flyttet", event_moved_to: "2027-01-15T20:00", event_end: "" }, id);
      const moved = await eventById(database.db, id);
      expect(moved).toMatchObject({ status: "flyttet", movedTo: copenhagenInstant("2027-01-15", "20:00") });

      await save({ ...fields, event_status: "udsolgt", event_moved_to: "2027-01-15T20:00" }, id);
      expect(await eventById(database.db, id)).toMatchObject({ status: "udsolgt", movedTo: null });

      await save({ ...fields, event_status: "aflyst" }, id);
      expect((await eventById(database.db, id))?.status).toBe("aflyst");
    });

    it("stores a formatted description; JSON-LD and the calendar get it as plain text", async () => {
      const id = await save({
        ...fields,
        event_text:
          "<p><strong>Hele</strong> det nye album &amp; mere.</p><ul><li><p>Gæster</p></li></ul><script>x</script>",
      });
      const event = (await eventById(database.db, id))!;
      expect(event.description).toBe(
        "<p><strong>Hele</strong> det nye album &amp; mere.</p><ul><li><p>Gæster</p></li></ul>",
      );
      const settings = await getSiteSettings(database.db);
      const plain = withPlainDescription(event);
      expect(musicEventData(plain, settings, "https://scene.example", undefined).description).toBe(
        "Hele det nye album & mere.\n\n• Gæster",
      );
      expect(calendarEventOf(plain, settings, "https://scene.example").description).toContain(
        "Hele det nye album & mere.\n\n• Gæster",
      );
    });

    it("links a concert to an album, offers the albums as choices, and drops the link when the album goes", async () => {
      const image = { key: "albums/x.webp", width: 1, height: 1, widths: [] };
      const [picture] = await database.db
        .insert(mediaImages)
        .values({ image, status: "ready", originalName: "natlys.png" })
        .returning({ id: mediaImages.id });
      const [album] = await database.db
        .insert(albums)
        .values({ title: "Natlys", artist: "Kajens Kvartet", year: 2025, image, imageId: picture!.id })
        .returning({ id: albums.id });
      const id = await save({ ...fields, event_album: album!.id });
      expect((await eventById(database.db, id))?.albumId).toBe(album!.id);
      expect((await fieldChoices(database.db, contentTypes.event)).event_album).toEqual([
        { value: album!.id, label: "Natlys (Kajens Kvartet)" },
      ]);
      // Deleting the album leaves the concert, without the link.
      await database.db.delete(albums).where(eq(albums.id, album!.id));
      expect((await eventById(database.db, id))?.albumId).toBeNull();
    });

    it("refuses an album that is not there (deleted while the form was open), saving nothing", async () => {
      const saved = await saveEntity(
        {
          db: database.db,
          storage,
          images: inProcessImageEncoder,
          logger: pino({ level: "silent" }),
          freshness: testFreshness(database.db),
        },
        contentTypes.event,
        eventForm({ ...fields, event_album: "0b8f3a52-6d7e-4c1a-9f00-3c2b1a0d9e77" }),
        {},
      );
      if (!("error" in saved) || !saved.error) throw new Error("a concert with an album that is not there was saved");
      expect(saved.error.init?.status).toBe(400);
      expect(saved.error.data.fieldErrors?.event_album).toEqual(["Det valgte findes ikke længere. Vælg igen."]);
      expect(await upcomingEvents(database.db, FALL_BACK_NOON, { includeDrafts: true })).toHaveLength(0);
    });

    it("copies a concert as a planned draft without the original's file", async () => {
      const id = await save({ ...fields, event_status: "flyttet", event_moved_to: "2027-01-15T20:00", event_end: "" });
      const copyId = await duplicateRecord(database.db, contentTypes.event, id);
      const copy = await eventById(database.db, copyId!, { includeDrafts: true });
      expect(copy).toMatchObject({
        title: fields.event_title,
        performers: "Kajen Kvartet",
        status: "planlagt",
        movedTo: null,
        published: false,
        image: null,
      });
      expect(await duplicateRecord(database.db, contentTypes.event, "not-a-uuid")).toBeNull();
      expect(await duplicateRecord(database.db, contentTypes.album, id)).toBeNull();
    });
  });
});
