import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { oioublInvoice, splitAddress, type InvoiceDocument } from "./oioubl";

const invoice: InvoiceDocument = {
  id: "5f0c6f1e-1d2b-4c8e-9b1a-7a9d1c2e3f40",
  kind: "invoice",
  credits: null,
  number: 1042,
  issuedOn: "2027-03-01",
  dueOn: "2027-03-15",
  seller: {
    name: "Havnescenen ApS",
    street: "Havnegade 12",
    postalCode: "8000",
    city: "Aarhus C",
    cvr: "12345674",
    email: "booking@havnescenen.dk",
  },
  buyer: {
    name: "Aarhus Kommune, Kultur & Borgerservice",
    contact: "Ole Olsen",
    email: "ole@aarhus.dk",
    address: "Rådhuspladsen 2, 8000 Aarhus C",
    cvr: "55133018",
    ean: "5798000416604",
    reference: "PO-2027-118",
  },
  lines: [
    {
      description: "Leje af salen, mandag den 12. april 2027",
      quantity: 1,
      unitPriceOere: 550_000,
      vatCategory: "exempt-letting",
      vatRatePercent: 0,
      totalOere: 550_000,
      vatOere: 0,
    },
    {
      description: "Lydtekniker",
      quantity: 3,
      unitPriceOere: 45_000,
      vatCategory: "standard",
      vatRatePercent: 25,
      totalOere: 135_000,
      vatOere: 27_000,
    },
  ],
  payment: { regNumber: "1234", accountNumber: "0012345674" },
};

const parsed = () => {
  const xml = oioublInvoice(invoice);
  expect(XMLValidator.validate(xml)).toBe(true);
  return new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false }).parse(xml).Invoice;
};

describe("an invoice as OIOUBL 2.1", () => {
  it("is well-formed XML with the OIOUBL customisation, the number and the dates", () => {
    const document = parsed();
    expect(document.CustomizationID).toBe("OIOUBL-2.1");
    expect(document.ID).toBe("1042");
    expect(document.IssueDate).toBe("2027-03-01");
    expect(document.PaymentMeans.PaymentDueDate).toBe("2027-03-15");
    expect(document.OrderReference.ID).toBe("PO-2027-118");
  });

  it("addresses the buyer by its EAN (GLN) and names its CVR; the seller by its CVR", () => {
    const { AccountingCustomerParty, AccountingSupplierParty } = parsed();
    expect(AccountingCustomerParty.Party.EndpointID).toMatchObject({ "#text": "5798000416604", "@_schemeID": "GLN" });
    expect(AccountingCustomerParty.Party.PartyLegalEntity.CompanyID["#text"]).toBe("DK55133018");
    expect(AccountingCustomerParty.Party.PartyName.Name).toBe("Aarhus Kommune, Kultur & Borgerservice");
    expect(AccountingSupplierParty.Party.EndpointID["#text"]).toBe("DK12345674");
  });

  it("has lines without moms, the moms per category and totals that add up", () => {
    const document = parsed();
    const amount = (value: { "#text": string }) => Number(value["#text"]);
    const lines = document.InvoiceLine as { LineExtensionAmount: { "#text": string } }[];
    expect(lines.map((line) => amount(line.LineExtensionAmount))).toEqual([5500, 1080]);
    const net = lines.reduce((sum, line) => sum + amount(line.LineExtensionAmount), 0);
    const vat = amount(document.TaxTotal.TaxAmount);
    expect(vat).toBe(270);
    expect(amount(document.LegalMonetaryTotal.LineExtensionAmount)).toBe(net);
    expect(amount(document.LegalMonetaryTotal.TaxExclusiveAmount)).toBe(vat);
    expect(amount(document.LegalMonetaryTotal.PayableAmount)).toBe(net + vat);
    expect(amount(document.LegalMonetaryTotal.PayableAmount)).toBe(6850);
  });

  it("gives each category its own subtotal: 25 % StandardRated, and the exempt rent ZeroRated with its reason", () => {
    const subtotals = parsed().TaxTotal.TaxSubtotal as {
      TaxableAmount: { "#text": string };
      TaxAmount: { "#text": string };
      TaxCategory: { ID: { "#text": string }; Percent: string; TaxExemptionReason?: string };
    }[];
    expect(
      subtotals.map((part) => [
        part.TaxCategory.ID["#text"],
        part.TaxCategory.Percent,
        part.TaxableAmount["#text"],
        part.TaxAmount["#text"],
        part.TaxCategory.TaxExemptionReason,
      ]),
    ).toEqual([
      ["StandardRated", "25", "1080.00", "270.00", undefined],
      ["ZeroRated", "0", "5500.00", "0.00", "Momsfri udlejning af lokaler, jf. momslovens § 13, stk. 1, nr. 8"],
    ]);
    const lineCategories = (
      parsed().InvoiceLine as { TaxTotal: { TaxSubtotal: { TaxCategory: { ID: { "#text": string } } } } }[]
    ).map((line) => line.TaxTotal.TaxSubtotal.TaxCategory.ID["#text"]);
    expect(lineCategories).toEqual(["ZeroRated", "StandardRated"]);
  });

  it("escapes what the booker typed", () => {
    const xml = oioublInvoice({ ...invoice, buyer: { ...invoice.buyer, reference: "<PO & 1>" } });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain("&lt;PO &amp; 1&gt;");
  });
});

describe("a credit note as OIOUBL 2.1", () => {
  it("is a CreditNote naming the invoice it credits, with credited lines and no means of payment", () => {
    const creditNote: InvoiceDocument = {
      ...invoice,
      kind: "credit-note",
      credits: 1042,
      number: 1043,
      lines: [
        {
          description: "Kreditering af faktura nr. 1042 ved afbestilling",
          quantity: 1,
          unitPriceOere: 342_500,
          vatCategory: "standard",
          vatRatePercent: 25,
          totalOere: 342_500,
          vatOere: 68_500,
        },
      ],
    };
    const xml = oioublInvoice(creditNote);
    expect(XMLValidator.validate(xml)).toBe(true);
    const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });
    const document = parser.parse(xml).CreditNote;
    expect(document.ID).toBe("1043");
    expect(document.BillingReference.InvoiceDocumentReference.ID).toBe("1042");
    expect(document.InvoiceTypeCode).toBeUndefined();
    expect(document.PaymentMeans).toBeUndefined();
    expect(document.CreditNoteLine.CreditedQuantity["#text"]).toBe("1");
    expect(document.LegalMonetaryTotal.PayableAmount["#text"]).toBe("3425.00");
    expect(document.TaxTotal.TaxAmount["#text"]).toBe("685.00");
  });
});

describe("a one-line address", () => {
  it.each([
    ["Rådhuspladsen 2, 8000 Aarhus C", { street: "Rådhuspladsen 2", postalCode: "8000", city: "Aarhus C" }],
    ["Vej 1, 2. th., 2100 København Ø", { street: "Vej 1, 2. th.", postalCode: "2100", city: "København Ø" }],
    ["Postboks 7", { street: "Postboks 7", postalCode: "", city: "" }],
  ])("%s", (address, parts) => {
    expect(splitAddress(address)).toEqual(parts);
  });
});
