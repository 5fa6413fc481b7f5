import { describe, expect, it } from "vitest";
import { adminMenu } from "../site/navigation";
import { adminContentTypes, contentTypes } from "./content-types";

const duplicates = (values: readonly unknown[]) => values.filter((value, index) => values.indexOf(value) !== index);

describe("the content registry", () => {
  const types = Object.values(contentTypes);

  it.each([
    ["names", types.map((type) => type.name)],
    ["tables", types.map((type) => type.table)],
    ["admin paths", adminContentTypes.map((type) => type.path)],
    ["menu places", adminContentTypes.map((type) => type.menu)],
    // A parent's edit page holds its child's forms too: a form name means one field everywhere.
    ["form names", types.flatMap((type) => type.fields.map((field) => field.name))],
    ["admin menu addresses", adminMenu.map((item) => item.href)],
  ])("gives no two types the same %s", (_, values) => {
    expect(duplicates(values)).toEqual([]);
  });

  it("names each type by its key", () => {
    for (const [key, type] of Object.entries(contentTypes)) expect(type.name).toBe(key);
  });
});
