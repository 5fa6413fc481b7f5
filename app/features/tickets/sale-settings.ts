import { z } from "zod";
import type { ticketSales } from "~/db/schema";
import type { FieldDef } from "~/features/content/registry";
import { fieldRule, moneyRule, numberRule } from "~/features/content/schemas";

/** A concert's own sale's settings: its row, less its key, its counter and the time of its last change. */
export type SaleSettings = Omit<typeof ticketSales.$inferSelect, "eventId" | "taken" | "updatedAt">;
export type SaleColumn = keyof SaleSettings;

/** A setting's kind is a content field's (decision 025) that reads what its column holds, or a box to tick. */
type KindOf<Value> = Value extends Date ? "datetime" : Value extends boolean ? "yesno" : "number" | "money";
type SaleSetting<Column extends SaleColumn> = Omit<FieldDef, "name" | "column" | "kind"> & {
  kind: KindOf<SaleSettings[Column]>;
};

/** A whole number from 1 to `max`. */
const count = (label: string, max: number, message = `Angiv et antal mellem 1 og ${max}`) =>
  ({ label, kind: "number", whole: true, min: 1, max, message }) as const;

/**
 * The settings of a concert's own sale (issue 54), each once: the setup form's fields, their rules and the values
 * the admin sees are derived from here. A field is named by its column; a new sale starts from the table's defaults
 * (`saleSettingValues`).
 */
export const saleSettings: { [Column in SaleColumn]: SaleSetting<Column> } = {
  capacity: {
    ...count("Billetter i alt", 100_000, "Angiv det samlede antal billetter, 1 eller flere"),
    hint: "Salens kapacitet, gæsteliste med.",
  },
  opensAt: { label: "Salget åbner", kind: "datetime", message: "Angiv dato og klokkeslæt" },
  closesAt: { label: "Salget lukker", kind: "datetime", message: "Angiv dato og klokkeslæt" },
  maxPerOrder: count("Højst pr. ordre", 50),
  maxPerEmail: count("Højst pr. e-mailadresse", 200),
  feeOere: {
    label: "Gebyr pr. billet (kr.)",
    kind: "money",
    max: 1000,
    hint: "Med moms. Programmet og billetsiden viser priserne inkl. gebyr. 0 for intet gebyr.",
  },
  buyersMayCancel: { label: "Køberne må selv afbestille og få pengene tilbage indtil koncerten", kind: "yesno" },
};

export const saleColumns = Object.keys(saleSettings) as SaleColumn[];

/** The setup as the form shows it: every setting as typed (kroner "195", datetime-local, "ja" for a ticked box). */
export type SaleSetupValues = Record<SaleColumn, string> & {
  types: { id: string; name: string; price: string; capacity: string; taken: number }[];
};

/** The most ticket types a concert has (Ordinær, Studerende, Stå, Siddende, Fribillet …). */
export const MOST_TICKET_TYPES = 5;

/** The setup form's fields of ticket type row `index`: its id (empty for a new one), name, price and capacity. */
export const typeFieldNames = (index: number) =>
  ({
    id: `type_id_${index}`,
    name: `type_navn_${index}`,
    price: `type_pris_${index}`,
    capacity: `type_antal_${index}`,
  }) as const;

const typeCapacity = numberRule({ min: 1, max: 100_000, whole: true, message: "Angiv et antal, 1 eller flere" });
/** A box sends "ja" when ticked and nothing otherwise; its value shown unticked is empty. */
const ticked = z
  .literal(["ja", ""])
  .optional()
  .transform((value) => value === "ja");

function ruleOf(column: SaleColumn) {
  const setting = saleSettings[column];
  return setting.kind === "yesno" ? ticked : fieldRule({ ...setting, kind: setting.kind, name: column })!;
}

/**
 * The admin's setup of a concert's own sale: its settings and its ticket types. A type row with no name is left
 * out; one with a name needs its price and capacity.
 */
export const ticketSaleSetupSchema = z
  .looseObject(Object.fromEntries(saleColumns.map((column) => [column, ruleOf(column)])))
  .transform((value, context) => {
    const settings = Object.fromEntries(saleColumns.map((column) => [column, value[column]])) as SaleSettings;
    const problem = (path: string, message: string) => {
      context.addIssue({ code: "custom", path: [path], message });
    };
    if (settings.closesAt <= settings.opensAt) problem("closesAt", "Salget skal lukke efter, at det åbner");
    if (settings.maxPerEmail < settings.maxPerOrder) {
      problem("maxPerEmail", "Må ikke være mindre end antallet pr. ordre");
    }
    const types: { id: string | null; name: string; priceOere: number; capacity: number }[] = [];
    for (let index = 0; index < MOST_TICKET_TYPES; index++) {
      const names = typeFieldNames(index);
      const text = (name: string) => (typeof value[name] === "string" ? (value[name] as string).trim() : "");
      const name = text(names.name);
      if (!name) continue;
      if (name.length > 60) problem(names.name, "Højst 60 tegn");
      const price = moneyRule({ max: 100_000 }).safeParse(text(names.price));
      if (!price.success) problem(names.price, price.error.issues[0]!.message);
      const capacity = typeCapacity.safeParse(text(names.capacity));
      if (!capacity.success) problem(names.capacity, capacity.error.issues[0]!.message);
      const id = text(names.id);
      if (price.success && capacity.success) {
        types.push({
          id: /^[0-9a-f-]{36}$/.test(id) ? id : null,
          name,
          priceOere: price.data,
          capacity: capacity.data,
        });
      }
    }
    if (types.length === 0) problem(typeFieldNames(0).name, "Angiv mindst én billettype");
    return { ...settings, types };
  });

export type TicketSaleSetup = z.output<typeof ticketSaleSetupSchema>;
