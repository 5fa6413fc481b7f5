import { describe, expect, it } from "vitest";
import { bookerDetailsSchema, bookerFieldsOf, hasGs1CheckDigit, passesCvrModulus11 } from "./booker-details";

describe("the GS1 check digit of an EAN (GLN)", () => {
  it.each([
    ["5798000416604", true], // a public institution's EAN location number
    ["5790000123452", true],
    ["4006381333931", true], // the EAN-13 of GS1's own example
    ["5798000416605", false],
    ["5798000416600", false],
    ["579800041662", true], // the check digit works for any length: the schema asks for 13
    ["57980004166O4", false],
    ["", false],
  ])("%s: %s", (digits, valid) => {
    expect(hasGs1CheckDigit(digits)).toBe(valid);
  });
});

describe("the modulus-11 check of a CVR number", () => {
  it.each([
    ["55133018", true], // a municipality's CVR: 5·2 + 5·7 + 1·6 + 3·5 + 3·4 + 0·3 + 1·2 + 8·1 = 88 = 8 · 11
    ["12345674", true],
    ["29189846", true],
    ["10103940", true],
    ["55133019", false], // issue 54: accepted, and an invoice went out
    ["12345678", false],
    ["1234567", false],
    ["123456745", false],
    ["1234567A", false],
    ["", false],
  ])("%s: %s", (digits, valid) => {
    expect(passesCvrModulus11(digits)).toBe(valid);
  });
});

describe("the booker's details for each customer type", () => {
  const errorsOf = (input: unknown) => {
    const result = bookerDetailsSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it.each([
    ["a private person needs nothing more", { customerType: "privat" }],
    ["an association its name", { customerType: "forening", organisation: "Vesterbro Jazzklub" }],
    ["a company its name and CVR", { customerType: "erhverv", organisation: "Lydhuset ApS", cvr: "12 34 56 74" }],
    [
      "an institution its name, CVR, EAN and reference",
      {
        customerType: "offentlig",
        organisation: "Aarhus Kommune, Kulturforvaltningen",
        cvr: "55133018",
        ean: "5798 0004 16604",
        reference: "PO-2026-118",
      },
    ],
  ])("accepts %s", (_name, input) => {
    expect(errorsOf(input)).toEqual([]);
  });

  it("keeps a CVR and an EAN as their digits", () => {
    const parsed = bookerDetailsSchema.parse({
      customerType: "offentlig",
      organisation: "Aarhus Kommune",
      cvr: "5513 3018",
      ean: "5798000416604",
      reference: "PO-1",
    });
    expect(parsed).toMatchObject({ cvr: "55133018", ean: "5798000416604" });
  });

  it.each([
    ["an association without a name", { customerType: "forening", organisation: "  " }, "Skriv foreningens navn"],
    [
      "a CVR of seven digits",
      { customerType: "erhverv", organisation: "Lyd ApS", cvr: "1234567" },
      "Et CVR-nummer har 8 cifre",
    ],
    [
      "a CVR with letters",
      { customerType: "erhverv", organisation: "Lyd ApS", cvr: "1234567A" },
      "Et CVR-nummer har 8 cifre",
    ],
    [
      "a CVR that fails the modulus-11 check",
      { customerType: "offentlig", organisation: "Kommunen", cvr: "55133019", ean: "5798000416604", reference: "PO-1" },
      "CVR-nummeret er ikke gyldigt: tjek de 8 cifre",
    ],
    [
      "a company's CVR that fails the modulus-11 check",
      { customerType: "erhverv", organisation: "Lyd ApS", cvr: "12 34 56 78" },
      "CVR-nummeret er ikke gyldigt: tjek de 8 cifre",
    ],
    [
      "an EAN of twelve digits",
      { customerType: "offentlig", organisation: "Kommunen", cvr: "55133018", ean: "579800041660", reference: "PO-1" },
      "Et EAN-nummer har 13 cifre",
    ],
    [
      "an EAN with a wrong check digit",
      { customerType: "offentlig", organisation: "Kommunen", cvr: "55133018", ean: "5798000416605", reference: "PO-1" },
      "EAN-nummeret er ikke gyldigt: tjek de 13 cifre",
    ],
    [
      "an institution without a reference",
      { customerType: "offentlig", organisation: "Kommunen", cvr: "55133018", ean: "5798000416604", reference: "" },
      "Skriv ordre- eller referencenummeret",
    ],
    [
      "a name over 200 characters",
      { customerType: "forening", organisation: "x".repeat(201) },
      "Foreningens navn må højst have 200 tegn",
    ],
  ])("refuses %s in Danish", (_name, input, message) => {
    expect(errorsOf(input)).toContain(message);
  });

  it("tells a CVR of the wrong length only that", () => {
    expect(errorsOf({ customerType: "erhverv", organisation: "Lyd ApS", cvr: "1234567" })).toEqual([
      "Et CVR-nummer har 8 cifre",
    ]);
  });

  it("refuses a customer type it does not know", () => {
    expect(bookerDetailsSchema.safeParse({ customerType: "firma" }).success).toBe(false);
  });
});

describe("the fields each customer type's booker fills in", () => {
  it.each([
    ["privat", []],
    ["forening", ["organisation"]],
    ["erhverv", ["organisation", "cvr"]],
    ["offentlig", ["organisation", "cvr", "ean", "reference"]],
  ] as const)("%s: %j", (customerType, fields) => {
    expect(bookerFieldsOf(customerType)).toEqual(fields);
  });
});
