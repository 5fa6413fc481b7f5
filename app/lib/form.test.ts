import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseSubmission, typedValues, unknownIntentMessage } from "./form";

function formOf(fields: Record<string, string | File | undefined>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) formData.append(name, value);
  return formData;
}

const signIn = z.object({
  email: z.email("Skriv en gyldig e-mail"),
  password: z.string().min(1, "Feltet skal udfyldes"),
});

const pageForms = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), name: z.string().trim().min(1, "Skriv et navn") }),
  z.object({ intent: z.literal("remove"), id: z.uuid("Ukendt række") }),
]);

describe("parseSubmission", () => {
  it.each([
    {
      case: "valid fields",
      schema: signIn,
      fields: { email: "a@b.dk", password: "hemmelig" },
      value: { email: "a@b.dk", password: "hemmelig" },
    },
    {
      case: "an intent picks its own fields",
      schema: pageForms,
      fields: { intent: "rename", name: "  Havnescenen " },
      value: { intent: "rename", name: "Havnescenen" },
    },
    {
      case: "fields the schema does not name are left out",
      schema: pageForms,
      fields: { intent: "remove", id: "6f1c2f0e-8b7a-4c55-9d5e-2a8b1c3d4e5f", role: "kab-webadmin" },
      value: { intent: "remove", id: "6f1c2f0e-8b7a-4c55-9d5e-2a8b1c3d4e5f" },
    },
  ])("accepts $case, typed", ({ schema, fields, value }) => {
    expect(parseSubmission(formOf(fields), schema)).toEqual({ ok: true, value });
  });

  it.each([
    {
      case: "a field's error, under its name, with what was typed but never the password",
      schema: signIn,
      fields: { email: "ikke-en-mail", password: "hemmelig" },
      answer: {
        fieldErrors: { email: ["Skriv en gyldig e-mail"] },
        values: { email: "ikke-en-mail" },
      },
    },
    {
      case: "a missing field",
      schema: signIn,
      fields: { email: "a@b.dk" },
      answer: { fieldErrors: { password: [expect.any(String)] }, values: { email: "a@b.dk" } },
    },
    {
      case: "the intent's own field",
      schema: pageForms,
      fields: { intent: "rename", name: " " },
      answer: { intent: "rename", fieldErrors: { name: ["Skriv et navn"] }, values: { intent: "rename", name: " " } },
    },
    {
      case: "an intent the page does not have",
      schema: pageForms,
      fields: { intent: "make-admin" },
      answer: {
        intent: "make-admin",
        fieldErrors: {},
        formError: unknownIntentMessage,
        values: { intent: "make-admin" },
      },
    },
    {
      case: "no intent at all",
      schema: pageForms,
      fields: {},
      answer: { fieldErrors: {}, formError: unknownIntentMessage, values: {} },
    },
  ])("refuses $case", ({ schema, fields, answer }) => {
    expect(parseSubmission(formOf(fields), schema)).toEqual({ ok: false, answer });
  });

  it("keeps a form-wide rule's message as the form error", () => {
    const repeat = z
      .object({ password: z.string(), passwordAgain: z.string() })
      .refine((fields) => fields.password === fields.passwordAgain, "Adgangskoderne er ikke ens");
    expect(parseSubmission(formOf({ password: "a", passwordAgain: "b" }), repeat)).toEqual({
      ok: false,
      answer: { fieldErrors: {}, formError: "Adgangskoderne er ikke ens", values: {} },
    });
  });

  it("reads a field sent twice once, and hands files through", () => {
    const formData = formOf({ title: "Første" });
    formData.append("title", "Anden");
    const file = new File(["x"], "cover.png", { type: "image/png" });
    formData.append("cover", file);
    const schema = z.object({ title: z.string(), cover: z.instanceof(File) });
    expect(parseSubmission(formData, schema)).toEqual({ ok: true, value: { title: "Første", cover: file } });
  });

  it("gathers every value of a list (a group of checkboxes), and none as an empty list", () => {
    const schema = z.object({ days: z.array(z.string()).default([]), title: z.string() });
    const formData = formOf({ title: "Første", days: "lør" });
    formData.append("days", "søn");
    formData.append("title", "Anden");
    expect(parseSubmission(formData, schema, { lists: ["days"] })).toEqual({
      ok: true,
      value: { days: ["lør", "søn"], title: "Første" },
    });
    expect(parseSubmission(formOf({ title: "Første" }), schema, { lists: ["days"] })).toEqual({
      ok: true,
      value: { days: [], title: "Første" },
    });
  });

  it("gives a list back comma-joined with what was typed", () => {
    const schema = z.object({ days: z.array(z.enum(["lør", "søn"])), title: z.string().min(1, "Skriv en titel") });
    const formData = formOf({ days: "lør", title: "" });
    formData.append("days", "søn");
    expect(parseSubmission(formData, schema, { lists: ["days"] })).toEqual({
      ok: false,
      answer: { fieldErrors: { title: ["Skriv en titel"] }, values: { days: "lør,søn", title: "" } },
    });
    expect(typedValues({ days: ["lør", new File([], "x.png"), "søn"] })).toEqual({ days: "lør,søn" });
  });
});
