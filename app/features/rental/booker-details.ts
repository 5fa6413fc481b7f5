import { z } from "zod";
import type { CustomerType } from "./customer-types";

/**
 * Whether a GLN/EAN location number's last digit is its GS1 check digit: from the right, the digits before it are
 * weighted 3, 1, 3, 1 …, and the check digit tops their sum up to a multiple of ten.
 */
export function hasGs1CheckDigit(digits: string) {
  if (!/^\d+$/.test(digits)) return false;
  const body = [...digits.slice(0, -1)].reverse();
  const sum = body.reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** The weights of a CVR number's eight digits, from the left, in its modulus-11 check. */
const CVR_WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1];

/**
 * Whether eight digits can be a CVR number: every one the CVR register gives passes modulus 11, the digits weighted
 * 2, 7, 6, 5, 4, 3, 2, 1 from the left summing to a multiple of eleven.
 */
export function passesCvrModulus11(digits: string) {
  if (!/^\d{8}$/.test(digits)) return false;
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * CVR_WEIGHTS[index]!, 0);
  return sum % 11 === 0;
}

const text = (label: string, max: number) =>
  z
    .string({ error: `Skriv ${label}` })
    .trim()
    .min(1, `Skriv ${label}`)
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} må højst have ${max} tegn`);

/** Spaces are allowed as people write them ("12 34 56 78"); the number is kept as its digits. */
const digitsOnly = (value: string) => value.replace(/\s/g, "");

export const cvrSchema = z
  .string({ error: "Skriv CVR-nummeret" })
  .transform(digitsOnly)
  .pipe(
    z
      .string()
      .regex(/^\d{8}$/, "Et CVR-nummer har 8 cifre")
      // Eight digits that cannot be a CVR number; fewer or more are told so above, once.
      .refine(
        (digits) => !/^\d{8}$/.test(digits) || passesCvrModulus11(digits),
        "CVR-nummeret er ikke gyldigt: tjek de 8 cifre",
      ),
  );

export const eanSchema = z
  .string({ error: "Skriv EAN-nummeret" })
  .transform(digitsOnly)
  .pipe(
    z
      .string()
      .regex(/^\d{13}$/, "Et EAN-nummer har 13 cifre")
      .refine(hasGs1CheckDigit, "EAN-nummeret er ikke gyldigt: tjek de 13 cifre"),
  );

/**
 * The booker's details that each customer type adds to the name, address and phone every booker gives: the
 * association's name; the company and its CVR; the institution, its CVR, the EAN its e-invoices go to and the
 * buyer's order or reference number.
 */
export const bookerDetailsSchema = z.discriminatedUnion("customerType", [
  z.object({ customerType: z.literal("privat") }),
  z.object({ customerType: z.literal("forening"), organisation: text("foreningens navn", 200) }),
  z.object({ customerType: z.literal("erhverv"), organisation: text("firmaets navn", 200), cvr: cvrSchema }),
  z.object({
    customerType: z.literal("offentlig"),
    organisation: text("institutionens navn", 200),
    cvr: cvrSchema,
    ean: eanSchema,
    reference: text("ordre- eller referencenummeret", 100),
  }),
]);
export type BookerDetails = z.infer<typeof bookerDetailsSchema>;

export type BookerField = "organisation" | "cvr" | "ean" | "reference";

/** The fields a customer type's booker fills in beyond name, address and phone: read off the schema above. */
export function bookerFieldsOf(customerType: CustomerType): BookerField[] {
  const option = bookerDetailsSchema.options.find((candidate) => candidate.shape.customerType.value === customerType);
  return Object.keys(option?.shape ?? {}).filter((key): key is BookerField => key !== "customerType");
}

const organisationLabels: Record<CustomerType, string> = {
  privat: "Navn",
  forening: "Foreningens navn",
  erhverv: "Firmaets navn",
  offentlig: "Institutionens navn",
};

/** The labels of those fields; an organisation is named as the type calls it. */
export function bookerFieldLabel(field: BookerField, customerType: CustomerType) {
  switch (field) {
    case "organisation":
      return organisationLabels[customerType];
    case "cvr":
      return "CVR-nummer";
    case "ean":
      return "EAN-nummer";
    case "reference":
      return "Ordre- eller referencenummer";
  }
}
