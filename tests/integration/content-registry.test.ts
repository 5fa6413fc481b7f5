import { asc, sql } from "drizzle-orm";
import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addOns } from "~/db/schema";
import type { AdminAnswer } from "~/features/content/admin/actions.server";
import { adminContentTypes } from "~/features/content/content-types";
import type { ContentType } from "~/features/content/registry";
import { offeredAddOns } from "~/features/rental/add-ons.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as createAction } from "~/routes/admin.create";
import { action as editAction, loader as editLoader } from "~/routes/admin.edit";
import { action as listAction, loader as listLoader } from "~/routes/admin.list";
import { signUpAdmin } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

/** A content type only this test knows (decision 025): press quotes, with a table of their own. */
const pressQuotes = pgTable("test_press_quotes", {
  id: uuid("id").primaryKey().defaultRandom(),
  quote: text("quote").notNull(),
  source: text("source").notNull().default(""),
  fee: integer("fee"),
  media: text("media").array().notNull().default([]),
  position: integer("position").notNull().default(0),
  published: boolean("published").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

const quote: ContentType = {
  name: "quote",
  table: pressQuotes,
  names: { the: "citatet", plural: "Pressecitater", create: "Opret citat" },
  path: "/citat",
  menu: 75,
  ordered: true,
  subtitle: (values) => [values.quote_source, values.quote_fee, values.quote_media].filter(Boolean).join(" · "),
  fields: [
    { name: "quote_text", column: "quote", label: "Citat", kind: "text", max: 300 },
    { name: "quote_source", column: "source", label: "Kilde", kind: "text", optional: true },
    // The general kinds the add-ons brought, on a type of another shape: an optional amount, a text array.
    { name: "quote_fee", column: "fee", label: "Honorar", kind: "money", optional: true, max: 50_000 },
    {
      name: "quote_media",
      column: "media",
      label: "Medier",
      kind: "choices",
      options: [
        { value: "avis", label: "Avis" },
        { value: "radio", label: "Radio" },
        { value: "web", label: "Web" },
      ],
    },
  ],
};

/** What an admin action gives: a redirect, or an answer with its status. */
type Answered = Response | DataWithResponseInit<AdminAnswer>;

const statusOf = (result: Answered) => (result instanceof Response ? result.status : (result.init?.status ?? 200));

/** The body of an answer that is not a redirect. */
function answerOf(result: Answered) {
  if (result instanceof Response) throw new Error(`expected an answer, got a ${result.status} redirect`);
  return result.data;
}

describe.each(databaseKinds)("an admin built from the registry and a type of the test's own, on %s", (kind) => {
  let database: TestDatabase;
  let cookie: string;

  /** A plain form's body: a field given several values (checked boxes) is sent once for each. */
  const form = (fields: Record<string, string | string[]>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      for (const each of typeof value === "string" ? [value] : value) body.append(name, each);
    }
    return body;
  };
  const post = (path: string, fields: Record<string, string | string[]>) =>
    routeArgs(path, { method: "POST", body: form(fields), headers: { Cookie: cookie } });
  const get = (path: string) => routeArgs(path, { headers: { Cookie: cookie } });
  const rows = () => database.db.select().from(pressQuotes);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`
      create table test_press_quotes (
        id uuid primary key default gen_random_uuid(),
        quote text not null,
        source text not null default '',
        fee integer,
        media text[] not null default '{}',
        position integer not null default 0,
        published boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    const collaborators = testCollaborators(database, { contentTypes: [...adminContentTypes, quote] });
    setCollaborators(collaborators);
    cookie = await signUpAdmin(collaborators.auth, database.db);
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("creates, lists, edits and deletes a press quote through the admin's routes", async () => {
    const refused = await createAction(post("/citat/create", { intent: "create", quote_text: "  ", quote_source: "" }));
    expect(statusOf(refused)).toBe(400);
    expect(answerOf(refused).fieldErrors).toEqual({ quote_text: ["Feltet skal udfyldes"] });
    expect(await rows()).toHaveLength(0);

    const created = await createAction(
      post("/citat/create", {
        intent: "create",
        published: "on",
        quote_text: " Aftenens bedste koncert ",
        quote_source: "Havnebladet",
        quote_fee: "2.500,50 kr.",
        quote_media: ["web", "avis"],
      }),
    );
    expect(statusOf(created)).toBe(302);
    expect(created instanceof Response && created.headers.get("Location")).toBe("/citat");
    const [row] = await rows();
    expect(row).toMatchObject({
      quote: "Aftenens bedste koncert",
      source: "Havnebladet",
      fee: 250_050,
      media: ["avis", "web"],
      published: true,
    });

    const list = await listLoader(get("/citat"));
    expect(list).toMatchObject({ typeName: "quote", sort: "manual", total: 1 });
    expect(list.records).toEqual([
      expect.objectContaining({
        id: row!.id,
        title: "Aftenens bedste koncert",
        subtitle: "Havnebladet · 2.500,50 kr. · Avis, Web",
      }),
    ]);
    const shown = await editLoader({ ...get(`/citat/${row!.id}`), params: { id: row!.id } });
    expect(shown.record.values).toMatchObject({ quote_fee: "2500,50", quote_media: "avis,web" });

    const wrong = await editAction({
      ...post(`/citat/${row!.id}`, { intent: "save", quote_text: "Ændret", quote_fee: "60.000", quote_media: "tv" }),
      params: { id: row!.id },
    });
    expect(statusOf(wrong)).toBe(400);
    expect(answerOf(wrong)).toMatchObject({
      fieldErrors: {
        quote_fee: ["Beløbet skal være mellem 0 og 50.000 kr."],
        quote_media: ["Vælg kun blandt de viste muligheder"],
      },
      values: { quote_text: "Ændret", quote_fee: "60.000", quote_media: "tv" },
    });
    expect(await rows()).toEqual([row]);

    const saved = await editAction({
      ...post(`/citat/${row!.id}`, { intent: "save", quote_text: "Årets bedste koncert", quote_source: "" }),
      params: { id: row!.id },
    });
    expect(statusOf(saved)).toBe(302);
    const edited = await editLoader({ ...get(`/citat/${row!.id}`), params: { id: row!.id } });
    expect(edited.record).toMatchObject({
      title: "Årets bedste koncert",
      values: { quote_text: "Årets bedste koncert", quote_source: "", quote_fee: "", quote_media: "" },
      published: false,
    });
    expect(await rows()).toEqual([expect.objectContaining({ fee: null, media: [] })]);

    const deleted = await listAction(post("/citat", { intent: "delete", id: row!.id }));
    expect(answerOf(deleted).toast).toEqual({ kind: "success", message: "Citatet er slettet" });
    expect(await rows()).toHaveLength(0);
  });

  it("takes add-ons (tilvalg) from a plain form: the price in øre, every checked customer type", async () => {
    const addOn = (fields: Record<string, string | string[]>) => ({
      intent: "create",
      published: "on",
      add_on_name: "Lydtekniker",
      add_on_description: "Lyd og lys hele aftenen.",
      add_on_price: "1.250",
      add_on_unit: "hour",
      add_on_vat: "standard",
      ...fields,
    });
    const stored = () => database.db.select().from(addOns).orderBy(asc(addOns.position));

    const refused = await createAction(post("/tilvalg/create", addOn({ add_on_required_for: ["privat", "firma"] })));
    expect(statusOf(refused)).toBe(400);
    expect(answerOf(refused)).toMatchObject({
      fieldErrors: { add_on_required_for: ["Vælg kun blandt de viste muligheder"] },
      values: { add_on_required_for: "privat,firma" },
      toast: { kind: "error", message: "Ret de markerede felter" },
    });
    expect(await stored()).toEqual([]);

    const created = await createAction(post("/tilvalg/create", addOn({ add_on_price: "1.250,50 kr." })));
    expect(statusOf(created)).toBe(302);
    const cleaning = await createAction(
      post(
        "/tilvalg/create",
        addOn({
          add_on_name: "Slutrengøring",
          add_on_price: "1500",
          add_on_unit: "booking",
          add_on_required_for: ["forening", "privat"],
        }),
      ),
    );
    expect(statusOf(cleaning)).toBe(302);
    expect(cleaning instanceof Response && cleaning.headers.get("Location")).toBe("/tilvalg");
    const [technician, required] = await stored();
    expect(technician).toMatchObject({ name: "Lydtekniker", priceOere: 125_050, unit: "hour", requiredFor: [] });
    expect(required).toMatchObject({ name: "Slutrengøring", priceOere: 150_000, requiredFor: ["privat", "forening"] });

    const list = await listLoader(get("/tilvalg"));
    expect(list.records.map((record) => record.subtitle)).toEqual([
      "1.250,50 kr. pr. time",
      "1.500,00 kr. pr. booking · påkrævet for Privat, Forening",
    ]);
    const shown = await editLoader({ ...get(`/tilvalg/${required!.id}`), params: { id: required!.id } });
    expect(shown.record.values).toMatchObject({ add_on_price: "1500", add_on_required_for: "privat,forening" });

    const wrong = await editAction({
      ...post(`/tilvalg/${required!.id}`, addOn({ intent: "save", add_on_required_for: ["privat", "alle"] })),
      params: { id: required!.id },
    });
    expect(statusOf(wrong)).toBe(400);
    expect(answerOf(wrong).fieldErrors).toEqual({ add_on_required_for: ["Vælg kun blandt de viste muligheder"] });
    expect(await stored()).toEqual([technician, required]);

    // Unpublished, it is no longer offered; the rest keep the admin's order.
    const hidden = await listAction(post("/tilvalg", { intent: "unpublish", id: technician!.id }));
    expect(statusOf(hidden)).toBe(200);
    expect(await offeredAddOns(database.db)).toEqual([
      {
        id: required!.id,
        name: "Slutrengøring",
        description: "Lyd og lys hele aftenen.",
        unit: "booking",
        priceOere: 150_000,
        vat: "standard",
        requiredFor: ["privat", "forening"],
      },
    ]);
  });

  it("still serves the registry's own types beside it, and no page for a path no type has", async () => {
    expect(await listLoader(get("/album"))).toMatchObject({ typeName: "album", total: 0 });
    const unknown = await listLoader(get("/ukendt")).catch((thrown: unknown) => thrown);
    expect(unknown).toMatchObject({ init: { status: 404 } });
  });
});
