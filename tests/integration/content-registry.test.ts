import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminContentTypes } from "~/features/content/content-types";
import type { ContentType } from "~/features/content/registry";
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
  subtitle: (values) => values.quote_source ?? "",
  fields: [
    { name: "quote_text", column: "quote", label: "Citat", kind: "text", max: 300 },
    { name: "quote_source", column: "source", label: "Kilde", kind: "text", optional: true },
  ],
};

interface ActionAnswer {
  data: { toast: { kind: string; message: string }; fieldErrors?: Record<string, string[]> };
  init: { status: number } | null;
}

describe.each(databaseKinds)("an admin built from the registry and a type of the test's own, on %s", (kind) => {
  let database: TestDatabase;
  let cookie: string;

  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return body;
  };
  const post = (path: string, fields: Record<string, string>) =>
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
    const refused = (await createAction(
      post("/citat/create", { intent: "create", quote_text: "  ", quote_source: "" }),
    )) as unknown as ActionAnswer;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.fieldErrors).toEqual({ quote_text: ["Feltet skal udfyldes"] });
    expect(await rows()).toHaveLength(0);

    const created = (await createAction(
      post("/citat/create", {
        intent: "create",
        published: "on",
        quote_text: " Aftenens bedste koncert ",
        quote_source: "Havnebladet",
      }),
    )) as Response;
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/citat");
    const [row] = await rows();
    expect(row).toMatchObject({ quote: "Aftenens bedste koncert", source: "Havnebladet", published: true });

    const list = await listLoader(get("/citat"));
    expect(list).toMatchObject({ typeName: "quote", sort: "manual", total: 1 });
    expect(list.records).toEqual([
      expect.objectContaining({ id: row!.id, title: "Aftenens bedste koncert", subtitle: "Havnebladet" }),
    ]);

    const saved = (await editAction({
      ...post(`/citat/${row!.id}`, { intent: "save", quote_text: "Årets bedste koncert", quote_source: "" }),
      params: { id: row!.id },
    })) as Response;
    expect(saved.status).toBe(302);
    const edited = await editLoader({ ...get(`/citat/${row!.id}`), params: { id: row!.id } });
    expect(edited.record).toMatchObject({
      title: "Årets bedste koncert",
      values: { quote_text: "Årets bedste koncert", quote_source: "" },
      published: false,
    });

    const deleted = (await listAction(post("/citat", { intent: "delete", id: row!.id }))) as unknown as ActionAnswer;
    expect(deleted.data.toast).toEqual({ kind: "success", message: "Citatet er slettet" });
    expect(await rows()).toHaveLength(0);
  });

  it("still serves the registry's own types beside it, and no page for a path no type has", async () => {
    expect(await listLoader(get("/album"))).toMatchObject({ typeName: "album", total: 0 });
    const unknown = await listLoader(get("/ukendt")).catch((thrown: unknown) => thrown);
    expect(unknown).toMatchObject({ init: { status: 404 } });
  });
});
