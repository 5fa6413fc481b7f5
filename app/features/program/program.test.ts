import { describe, expect, it } from "vitest";
import { icsCalendar } from "~/features/rental/ics";
import type { PublicSiteSettings } from "~/features/site/settings";
import type { SaleState } from "~/features/tickets/rules";
import type { TicketOffer } from "~/features/tickets/sale.server";
import { copenhagenInstant } from "~/lib/format";
import {
  calendarEventOf,
  doorsInstant,
  effectiveStart,
  groupByMonth,
  isSoldOut,
  isUpcoming,
  musicEventData,
  performerNames,
  programBoundary,
  sellsTickets,
  statusNote,
  type ShownEvent,
} from "./program";

const venue: PublicSiteSettings = {
  siteName: "Havnescenen",
  tagline: "Livemusik ved havnen",
  businessName: "Havnescenen ApS",
  streetAddress: "Havnegade 12",
  postalCode: "8000",
  city: "Aarhus C",
  email: "kontakt@havnescenen.dk",
  phone: "+45 12 34 56 78",
  cvr: "12345674",
};

const ownSale = (state: SaleState): TicketOffer => ({
  kind: "own",
  state,
  opensAt: new Date(0),
  left: 0,
  prices: { feeOere: 0, typePricesOere: [] },
});

function concert(overrides: Partial<ShownEvent> = {}): ShownEvent {
  return {
    id: "6f1c0a8e-1b2c-4d3e-8f90-123456749abc",
    title: "Kajen Kvartet: Havnelys",
    performers: "Kajen Kvartet",
    albumId: null,
    startsAt: copenhagenInstant("2026-12-04", "20:00"),
    doorsOpen: "19:00",
    ticketSale: "link",
    endsAt: null,
    room: "Store sal",
    price: { text: "210 kr. inkl. gebyr", lowestOere: 21000, highestOere: 21000 },
    ageLimit: null,
    ticketUrl: "https://billetter.example.com/havnelys",
    offer: { kind: "link", url: "https://billetter.example.com/havnelys" },
    status: "planlagt",
    movedTo: null,
    description: "Hele det nye album.",
    image: null,
    imageId: null,
    published: true,
    createdAt: new Date("2026-11-01T10:00:00Z"),
    updatedAt: new Date("2026-11-01T10:00:00Z"),
    ...overrides,
  };
}

// 2026 in Copenhagen: summer time starts Sunday 29 March at 02:00 (01:00 UTC) and ends Sunday 25 October at 03:00
// (01:00 UTC). A concert leaves the programme when its day ends there.
describe("when a concert leaves the programme", () => {
  it.each([
    ["a winter evening, just before midnight", "2026-12-04", "20:00", "2026-12-04T22:59:59Z", true],
    ["a winter evening, at midnight", "2026-12-04", "20:00", "2026-12-04T23:00:00Z", false],
    ["a summer evening, just before midnight", "2026-07-04", "20:00", "2026-07-04T21:59:59Z", true],
    ["a summer evening, at midnight", "2026-07-04", "20:00", "2026-07-04T22:00:00Z", false],
    ["the spring-forward Sunday (23 hours), before its end", "2026-03-29", "15:00", "2026-03-29T21:59:59Z", true],
    ["the spring-forward Sunday, at its end", "2026-03-29", "15:00", "2026-03-29T22:00:00Z", false],
    ["the fall-back Sunday (25 hours), before its end", "2026-10-25", "20:00", "2026-10-25T22:59:59Z", true],
    ["the fall-back Sunday, at its end", "2026-10-25", "20:00", "2026-10-25T23:00:00Z", false],
    ["New Year's Eve, a minute before the new year", "2026-12-31", "22:00", "2026-12-31T22:59:00Z", true],
    ["New Year's Eve, in the new year", "2026-12-31", "22:00", "2026-12-31T23:00:00Z", false],
    ["a concert after midnight, the evening before", "2027-01-01", "00:30", "2026-12-31T22:00:00Z", true],
    ["a concert that ended hours ago, the same day", "2026-12-04", "10:00", "2026-12-04T20:00:00Z", true],
  ])("%s", (_, day, time, now, upcoming) => {
    expect(isUpcoming(concert({ startsAt: copenhagenInstant(day, time) }), new Date(now))).toBe(upcoming);
  });

  it.each([
    ["a planned concert: its start", "planlagt", null, "2026-12-04"],
    ["a sold-out one: its start", "udsolgt", null, "2026-12-04"],
    ["a moved one: its new start", "flyttet", copenhagenInstant("2027-02-20", "20:00"), "2027-02-20"],
  ] as const)("takes place at the effective start: %s", (_, status, movedTo, day) => {
    expect(effectiveStart(concert({ status, movedTo }))).toEqual(copenhagenInstant(day, "20:00"));
  });

  it("counts a moved concert by its new day", () => {
    const moved = concert({ status: "flyttet", movedTo: copenhagenInstant("2027-02-20", "20:00") });
    expect(isUpcoming(moved, new Date("2026-12-10T12:00:00Z"))).toBe(true);
  });

  it.each([
    ["2026-12-04T12:00:00Z", "2026-12-03T23:00:00.000Z"],
    ["2026-07-04T12:00:00Z", "2026-07-03T22:00:00.000Z"],
    ["2026-03-29T12:00:00Z", "2026-03-28T23:00:00.000Z"],
    ["2026-10-25T12:00:00Z", "2026-10-24T22:00:00.000Z"],
    ["2026-12-31T23:30:00Z", "2026-12-31T23:00:00.000Z"],
  ])("at %s the programme starts from %s (the start of the day in Copenhagen)", (now, boundary) => {
    expect(programBoundary(new Date(now)).toISOString()).toBe(boundary);
  });
});

describe("the programme by month", () => {
  it("groups in the order given, by the Copenhagen month of the (new) start, with a Danish label", () => {
    const list = [
      concert({ id: "a", startsAt: new Date("2026-11-30T22:30:00Z") }), // 23.30 on 30 November
      concert({ id: "b", startsAt: new Date("2026-11-30T23:30:00Z") }), // 00.30 on 1 December
      concert({ id: "c", startsAt: new Date("2026-12-24T19:00:00Z") }),
      concert({
        id: "d",
        status: "flyttet",
        startsAt: new Date("2026-12-01T19:00:00Z"),
        movedTo: new Date("2027-01-09T19:00:00Z"),
      }),
    ];
    expect(groupByMonth(list).map((group) => [group.label, group.events.map((event) => event.id)])).toEqual([
      ["November 2026", ["a"]],
      ["December 2026", ["b", "c"]],
      ["Januar 2027", ["d"]],
    ]);
  });
});

describe("the status as text", () => {
  it.each([
    ["planlagt", null, null],
    ["udsolgt", null, "Udsolgt"],
    ["aflyst", null, "Aflyst"],
    ["flyttet", copenhagenInstant("2027-02-20", "20:00"), "Flyttet fra fre. 4. dec. kl. 20.00"],
  ] as const)("%s", (status, movedTo, note) => {
    expect(statusNote(concert({ status, movedTo }))).toBe(note);
  });

  it.each([
    ["planlagt", "https://billetter.example.com/x", true],
    ["flyttet", "https://billetter.example.com/x", true],
    ["udsolgt", "https://billetter.example.com/x", false],
    ["aflyst", "https://billetter.example.com/x", false],
    ["planlagt", null, false],
  ] as const)("a %s concert with ticket link %s sells tickets there: %s", (status, ticketUrl, sells) => {
    expect(sellsTickets(concert({ status, ticketUrl }))).toBe(sells);
  });

  it.each(["own", "none"] as const)("a concert whose sale is %s sends no one to its old link", (ticketSale) => {
    expect(sellsTickets(concert({ ticketSale, ticketUrl: "https://billetter.example.com/x" }))).toBe(false);
  });

  it.each([
    ["planned, sold at a link", "planlagt", { kind: "link", url: "https://billetter.example.com/x" }, false],
    ["marked sold out by the admin", "udsolgt", { kind: "none" }, true],
    ["its own sale sold out", "planlagt", ownSale("sold-out"), true],
    ["its own sale open", "planlagt", ownSale("open"), false],
    ["its own sale closed", "flyttet", ownSale("closed"), false],
  ] as const)("is sold out when %s: %s", (_, status, offer, soldOut) => {
    expect(isSoldOut(concert({ status, offer }))).toBe(soldOut);
  });
});

describe("facts read from the admin's text", () => {
  it.each([
    ["Kajen Kvartet", ["Kajen Kvartet"]],
    ["Nat & Dag, Mira Holm", ["Nat & Dag", "Mira Holm"]],
    ["Ida Bak,Jonas Lund ,  Sara Friis,", ["Ida Bak", "Jonas Lund", "Sara Friis"]],
    ["", []],
  ])("performers %j", (text, names) => {
    expect(performerNames(text)).toEqual(names);
  });

  it("reads doors as a time on the concert's (new) day, across a change of offset", () => {
    expect(doorsInstant(concert())?.toISOString()).toBe("2026-12-04T18:00:00.000Z");
    const moved = concert({ status: "flyttet", movedTo: copenhagenInstant("2027-06-05", "20:00") });
    expect(doorsInstant(moved)?.toISOString()).toBe("2027-06-05T17:00:00.000Z");
    expect(doorsInstant(concert({ doorsOpen: null }))).toBeNull();
  });
});

describe("schema.org MusicEvent", () => {
  const publicUrl = "https://havnescenen.dk";

  it("has the shape search engines read: name, dates, place, performer, offer", () => {
    const data = musicEventData(
      concert({ endsAt: copenhagenInstant("2026-12-04", "22:30"), ageLimit: 18 }),
      venue,
      publicUrl,
      "/storage/v1/object/public/events/x.og.jpg",
    );
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "MusicEvent",
      name: "Kajen Kvartet: Havnelys",
      url: `${publicUrl}/koncerter/6f1c0a8e-1b2c-4d3e-8f90-123456749abc`,
      startDate: "2026-12-04T19:00:00.000Z",
      endDate: "2026-12-04T21:30:00.000Z",
      doorTime: "2026-12-04T18:00:00.000Z",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      image: [`${publicUrl}/storage/v1/object/public/events/x.og.jpg`],
      location: {
        "@type": "MusicVenue",
        name: "Havnescenen",
        address: { "@type": "PostalAddress", streetAddress: "Havnegade 12", postalCode: "8000", addressCountry: "DK" },
      },
      performer: [{ "@type": "PerformingGroup", name: "Kajen Kvartet" }],
      offers: {
        "@type": "Offer",
        url: "https://billetter.example.com/havnelys",
        price: 210,
        priceCurrency: "DKK",
        availability: "https://schema.org/InStock",
      },
      typicalAgeRange: "18-",
    });
  });

  it.each([
    ["udsolgt", { offers: { availability: "https://schema.org/SoldOut" } }],
    ["aflyst", { eventStatus: "https://schema.org/EventCancelled" }],
    [
      "flyttet",
      {
        eventStatus: "https://schema.org/EventRescheduled",
        startDate: "2027-02-20T19:00:00.000Z",
        previousStartDate: "2026-12-04T19:00:00.000Z",
      },
    ],
  ] as const)("tells a %s concert", (status, expected) => {
    const movedTo = status === "flyttet" ? copenhagenInstant("2027-02-20", "20:00") : null;
    expect(musicEventData(concert({ status, movedTo }), venue, publicUrl, undefined)).toMatchObject(expected);
  });

  it("tells an own sale sold out as sold out", () => {
    const offer = ownSale("sold-out");
    expect(musicEventData(concert({ ticketSale: "own", offer }), venue, publicUrl, undefined)).toMatchObject({
      offers: { availability: "https://schema.org/SoldOut" },
    });
  });

  it.each([
    [
      "ticket types of different prices, fee included",
      { text: "Fra 140 kr. inkl. gebyr", lowestOere: 14000, highestOere: 19000 },
      { "@type": "AggregateOffer", lowPrice: 140, highPrice: 190, priceCurrency: "DKK" },
    ],
    [
      "one price with øre",
      { text: "205,50 kr. inkl. gebyr", lowestOere: 20550, highestOere: 20550 },
      { "@type": "Offer", price: 205.5, priceCurrency: "DKK" },
    ],
    ["a free concert", { text: "Gratis", lowestOere: 0, highestOere: 0 }, { "@type": "Offer", price: 0 }],
  ])("offers %s at the price a fan is shown", (_, price, offers) => {
    const data = musicEventData(concert({ ticketSale: "own", price }), venue, publicUrl, undefined);
    expect(data.offers).toMatchObject({ ...offers, url: `${publicUrl}/koncerter/${concert().id}/billetter` });
    if (offers["@type"] === "AggregateOffer") expect(data.offers).not.toHaveProperty("price");
  });

  it("offers the ticket page without a price when the text names no amount", () => {
    const price = { text: "Se billetsælgerens side", lowestOere: null, highestOere: null };
    const data = musicEventData(concert({ price }), venue, publicUrl, undefined);
    expect(data.offers).toEqual({
      "@type": "Offer",
      url: "https://billetter.example.com/havnelys",
      availability: "https://schema.org/InStock",
    });
  });

  it("leaves out what the admin left empty", () => {
    const data = musicEventData(
      concert({ performers: "", ticketUrl: null, price: null, doorsOpen: null, description: "" }),
      venue,
      publicUrl,
      undefined,
    );
    for (const key of ["performer", "offers", "doorTime", "description", "image", "endDate"]) {
      expect(data).not.toHaveProperty(key);
    }
  });
});

describe("a concert in a calendar", () => {
  it("is a timed event at the venue with a link back, cancelled ones marked so", () => {
    const ics = icsCalendar(
      "Havnescenen: koncerter",
      [
        calendarEventOf(concert({ endsAt: copenhagenInstant("2026-12-04", "22:30") }), venue, "https://havnescenen.dk"),
        calendarEventOf(concert({ id: "b", status: "aflyst" }), venue, "https://havnescenen.dk"),
      ],
      new Date("2026-11-23T10:00:00Z"),
    );
    expect(ics).toContain("DTSTART:20261204T190000Z\r\nDTEND:20261204T213000Z");
    expect(ics).toContain("UID:koncert-6f1c0a8e-1b2c-4d3e-8f90-123456749abc@havnescenen.dk");
    expect(ics).toContain("LOCATION:Havnescenen\\, Havnegade 12\\, 8000 Aarhus C");
    expect(ics).toContain("URL:https://havnescenen.dk/koncerter/6f1c0a8e-1b2c-4d3e-8f90-123456749abc");
    expect(ics).toContain("SUMMARY:AFLYST: Kajen Kvartet: Havnelys");
    expect(ics).toContain("DESCRIPTION:Kajen Kvartet\\n\\n210 kr. inkl. gebyr\\n\\nHele det nye album.");
    expect(ics.match(/STATUS:CANCELLED/g)).toHaveLength(1);
    // Each event opens and closes; no line is longer than 75 octets.
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.match(/END:VEVENT/g)).toHaveLength(2);
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});
