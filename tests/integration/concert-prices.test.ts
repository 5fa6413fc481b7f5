import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { events, ticketSales } from "~/db/schema";
import { createRecord } from "~/features/content/admin/record-writes.server";
import { getRecord } from "~/features/content/admin/records.server";
import { validateEntityForm } from "~/features/content/admin/validation";
import { contentTypes } from "~/features/content/content-types";
import { letterMessage } from "~/features/newsletter/letter-render.server";
import { resolveLetter } from "~/features/newsletter/letters.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { loader as homeLoader } from "~/routes/home";
import { loader as programmeLoader } from "~/routes/koncerter";
import { loader as feedLoader } from "~/routes/koncerter.feed";
import { loader as concertLoader } from "~/routes/koncerter.event";
import { loader as shopLoader } from "~/routes/koncerter.event-billetter";
import { loader as calendarLoader } from "~/routes/koncerter.event-kalender";
import { testCollaborators, type TestCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createConcertOnSale } from "../support/factories";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const DAY = 86_400_000;

/**
 * The price a fan first sees includes every fee (issue 54): a concert with its own sale is priced from the sale,
 * whatever text it carries; one sold elsewhere by the admin's text. Every page, the newsletter, the structured data
 * and the calendars say the same.
 */
describe.each(databaseKinds)("the price a fan is shown on %s", (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let collaborators: TestCollaborators;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-prices-"));
    collaborators = testCollaborators(database, { dataDir });
    setCollaborators(collaborators);
  });
  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.delete(events);
  });

  const concert = async (title: string, inDays: number, values: Partial<typeof events.$inferInsert> = {}) => {
    const [row] = await database.db
      .insert(events)
      .values({ title, startsAt: new Date(Date.now() + inDays * DAY), ...values })
      .returning({ id: events.id });
    return row!.id;
  };

  /** A concert with its own open sale: a 15 kr. fee, Ordinær 175 kr. and Studerende 125 kr.; and a stale text. */
  const ownSale = async (title = "Julekoncert", inDays = 7) =>
    (
      await createConcertOnSale(database.db, {
        title,
        startsAt: new Date(Date.now() + inDays * DAY),
        event: { price: "175 kr. + gebyr" },
        sale: {
          capacity: "100",
          feeOere: "15",
          type_pris_0: "175",
          type_antal_0: "80",
          type_navn_1: "Studerende",
          type_pris_1: "125",
          type_antal_1: "20",
        },
      })
    ).eventId;
  const elsewhere = () =>
    concert("Havnelys", 8, { price: "210 kr. inkl. gebyr", ticketUrl: "https://billetter.example.com/havnelys" });

  const priceByTitle = (list: { title: string; price: { text: string } | null }[]) =>
    Object.fromEntries(list.map((event) => [event.title, event.price?.text ?? null]));

  it("prices the programme and the front page from the sale with its fee, and by the text when sold elsewhere", async () => {
    await ownSale();
    await elsewhere();
    await concert("Jazz-torsdag", 9, { ticketSale: "none", price: "Gratis" });
    // An own sale not set up yet has no price to show, whatever its text says.
    await concert("Forår", 10, { ticketSale: "own", price: "150 kr. + gebyr" });
    const expected = {
      Julekoncert: "Fra 140 kr. inkl. gebyr",
      Havnelys: "210 kr. inkl. gebyr",
      "Jazz-torsdag": "Gratis",
      Forår: null,
    };

    const programme = await programmeLoader(routeArgs("/koncerter"));
    expect(priceByTitle(programme.events)).toEqual(expected);
    const front = await homeLoader(routeArgs("/"));
    expect(priceByTitle(front.events)).toEqual({
      Julekoncert: expected.Julekoncert,
      Havnelys: expected.Havnelys,
      "Jazz-torsdag": "Gratis",
    });

    const offers = Object.fromEntries(
      programme.structuredData.map((data) => [data.name, (data as { offers?: Record<string, unknown> }).offers]),
    );
    expect(offers.Julekoncert).toMatchObject({
      "@type": "AggregateOffer",
      lowPrice: 140,
      highPrice: 190,
      priceCurrency: "DKK",
      url: expect.stringMatching(/\/koncerter\/[\w-]+\/billetter$/),
    });
    expect(offers.Havnelys).toMatchObject({ "@type": "Offer", price: 210, priceCurrency: "DKK" });
    expect(offers["Jazz-torsdag"]).toMatchObject({ "@type": "Offer", price: 0 });
    expect(offers.Forår).not.toHaveProperty("price");
    expect(offers.Forår).not.toHaveProperty("lowPrice");
  });

  it("tells search engines an own sale sold out is sold out, on the programme and the concert's page", async () => {
    const id = await ownSale();
    await database.db.update(ticketSales).set({ taken: 100 }).where(eq(ticketSales.eventId, id));
    const soldOut = { offers: { availability: "https://schema.org/SoldOut" } };
    const page = await concertLoader(routeArgs(`/koncerter/${id}`, { params: { eventId: id } }));
    expect(page.structuredData).toMatchObject(soldOut);
    expect((await programmeLoader(routeArgs("/koncerter"))).structuredData).toMatchObject([soldOut]);
  });

  it("asks for the sales' prices once for the whole programme, however many concerts have their own sale", async () => {
    await ownSale("Første", 7);
    await programmeLoader(routeArgs("/koncerter"));
    const select = vi.spyOn(collaborators.db, "select");
    try {
      await programmeLoader(routeArgs("/koncerter"));
      const withOne = select.mock.calls.length;
      for (let day = 8; day <= 12; day++) await ownSale(`Koncert ${day}`, day);
      select.mockClear();
      const programme = await programmeLoader(routeArgs("/koncerter"));
      expect(programme.events.map((event) => event.price?.text)).toEqual(Array(6).fill("Fra 140 kr. inkl. gebyr"));
      expect(select.mock.calls.length).toBe(withOne);
    } finally {
      select.mockRestore();
    }
  });

  it("prices the concert's page, its buying page and its calendar entry from the sale", async () => {
    const id = await ownSale();
    const args = routeArgs(`/koncerter/${id}`, { params: { eventId: id } });
    const page = await concertLoader(args);
    expect(page.event.price?.text).toBe("Fra 140 kr. inkl. gebyr");
    expect(page.structuredData.offers).toMatchObject({ lowPrice: 140, highPrice: 190 });

    const shop = (await shopLoader(routeArgs(`/koncerter/${id}/billetter`, { params: { eventId: id } }))).data;
    expect(shop.types.map((type) => `${type.name}: ${type.price}`)).toEqual([
      "Ordinær: 190 kr. inkl. gebyr",
      "Studerende: 140 kr. inkl. gebyr",
    ]);
    expect(shop.fee).toBe("15 kr.");

    const ics = async (response: Response) => (await response.text()).replace(/\r\n /g, "");
    const entry = await ics(
      await calendarLoader(routeArgs(`/koncerter/${id}/kalender.ics`, { params: { eventId: id } })),
    );
    expect(entry).toContain("Fra 140 kr. inkl. gebyr");
    expect(entry).not.toContain("175 kr. + gebyr");
    expect(await ics(await feedLoader())).toContain("Fra 140 kr. inkl. gebyr");
  });

  it("prices a concert sold elsewhere on its page by the admin's text", async () => {
    const id = await elsewhere();
    const page = await concertLoader(routeArgs(`/koncerter/${id}`, { params: { eventId: id } }));
    expect(page.event.price?.text).toBe("210 kr. inkl. gebyr");
    expect(page.structuredData.offers).toMatchObject({
      "@type": "Offer",
      url: "https://billetter.example.com/havnelys",
      price: 210,
    });
  });

  it("tells the newsletter's next concerts the same price, but not a cancelled concert's", async () => {
    await ownSale();
    await elsewhere();
    await concert("Aflyst aften", 9, { price: "150 kr.", status: "aflyst" });
    const letter = await resolveLetter(
      database.db,
      { subject: "Næste måned", blocks: [{ type: "concerts" }] },
      collaborators.config.PUBLIC_URL,
    );
    const block = letter.blocks[0]!;
    if (block.type !== "concerts") throw new Error("the letter lost its concerts block");
    expect(Object.fromEntries(block.concerts.map((shown) => [shown.title, shown.price]))).toEqual({
      Julekoncert: "Fra 140 kr. inkl. gebyr",
      Havnelys: "210 kr. inkl. gebyr",
      "Aflyst aften": undefined,
    });
    const mail = letterMessage(letter).personal({
      to: "fan@example.dk",
      unsubscribeUrl: "https://scene.example/afmeld",
      messageId: "<test@scene.example>",
    });
    expect(mail.text).toContain("Fra 140 kr. inkl. gebyr");
    expect(mail.html).toContain("Fra 140 kr. inkl. gebyr");
    expect(mail.text).not.toContain("175 kr. + gebyr");
  });

  it("keeps no price text the admin sends for a concert with its own sale, and keeps it for one sold elsewhere", async () => {
    const form = (sale: string) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({
        event_title: `Sælges ${sale}`,
        event_performers: "",
        event_album: "",
        event_start: "2030-12-04T20:00",
        event_doors: "",
        event_end: "",
        event_room: "",
        event_price: "175 kr. + gebyr",
        event_age: "",
        event_ticket_url: "",
        event_ticket_sale: sale,
        event_status: "planlagt",
        event_moved_to: "",
        event_text: "",
      }))
        data.set(name, value);
      return data;
    };
    const save = async (sale: string) => {
      const validated = validateEntityForm(contentTypes.event, form(sale), { requireFiles: true });
      if (!validated.success) throw new Error(JSON.stringify(validated.fieldErrors));
      const input = { data: validated.data, files: validated.files, published: true };
      const id = await createRecord(database.db, collaborators.storage, contentTypes.event, input);
      return (await getRecord(database.db, contentTypes.event, id))?.values.event_price;
    };
    expect(await save("own")).toBe("");
    expect(await save("link")).toBe("175 kr. + gebyr");
  });
});
