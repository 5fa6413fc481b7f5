import { VAT_CATEGORIES, vatParts, type VatCategory, type VatPart } from "~/features/orders/vat";
import { decimalAmount, invoiceTotals, netLine, type InvoiceLine } from "./invoices";

/** What an invoice document says, whatever its form (the PDF, the OIOUBL XML). */
export interface InvoiceDocument {
  id: string;
  /** A credit note credits (part of) an earlier invoice of the same order, whose number it names. */
  kind: "invoice" | "credit-note";
  credits: number | null;
  number: number;
  issuedOn: string;
  dueOn: string;
  seller: { name: string; street: string; postalCode: string; city: string; cvr: string; email: string };
  buyer: {
    /** The organisation (or the person) invoiced, and the person who booked. */
    name: string;
    contact: string;
    email: string;
    /** One line, as the booker wrote it: "Rådhuspladsen 2, 8000 Aarhus C". */
    address: string;
    cvr: string | null;
    ean: string | null;
    /** The buyer's order or reference number. */
    reference: string | null;
  };
  lines: InvoiceLine[];
  payment: { regNumber: string; accountNumber: string };
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!,
  );

const element = (name: string, value: string | number, attributes = "") =>
  `<${name}${attributes ? ` ${attributes}` : ""}>${escapeXml(String(value))}</${name}>`;

const money = (name: string, oere: number) => element(name, decimalAmount(oere), 'currencyID="DKK"');

/** "Rådhuspladsen 2, 8000 Aarhus C" as UBL's street, postal zone and city (all of it the street if it is not so). */
export function splitAddress(address: string) {
  const match = /^(.*?),\s*(\d{4})\s+(.+)$/.exec(address.trim());
  return match
    ? { street: match[1]!, postalCode: match[2]!, city: match[3]! }
    : { street: address, postalCode: "", city: "" };
}

function postalAddress(address: { street: string; postalCode: string; city: string }) {
  return [
    "<cac:PostalAddress>",
    element("cbc:StreetName", address.street),
    ...(address.city ? [element("cbc:CityName", address.city)] : []),
    ...(address.postalCode ? [element("cbc:PostalZone", address.postalCode)] : []),
    "<cac:Country>",
    element("cbc:IdentificationCode", "DK"),
    "</cac:Country>",
    "</cac:PostalAddress>",
  ].join("");
}

const taxScheme = [
  "<cac:TaxScheme>",
  element("cbc:ID", 63, 'schemeAgencyID="320" schemeID="urn:oioubl:id:taxschemeid-1.5"'),
  element("cbc:Name", "Moms"),
  "</cac:TaxScheme>",
].join("");

/**
 * A line's or a subtotal's tax category (decision 054): OIOUBL's code list (taxcategoryid-1.1) has StandardRated for
 * moms and ZeroRated for a line without; the reason a line carries none goes in TaxExemptionReason.
 */
function taxCategory(category: VatCategory, percent: number) {
  const { exemption } = VAT_CATEGORIES[category];
  return [
    "<cac:TaxCategory>",
    element(
      "cbc:ID",
      category === "standard" ? "StandardRated" : "ZeroRated",
      'schemeAgencyID="320" schemeID="urn:oioubl:id:taxcategoryid-1.1"',
    ),
    element("cbc:Percent", percent),
    ...(exemption ? [element("cbc:TaxExemptionReason", exemption)] : []),
    taxScheme,
    "</cac:TaxCategory>",
  ].join("");
}

function taxTotal(parts: VatPart[]) {
  const vat = parts.reduce((sum, part) => sum + part.vatOere, 0);
  return [
    "<cac:TaxTotal>",
    money("cbc:TaxAmount", vat),
    ...parts.map((part) =>
      [
        "<cac:TaxSubtotal>",
        money("cbc:TaxableAmount", part.netOere),
        money("cbc:TaxAmount", part.vatOere),
        taxCategory(part.vatCategory, part.vatRatePercent),
        "</cac:TaxSubtotal>",
      ].join(""),
    ),
    "</cac:TaxTotal>",
  ].join("");
}

/**
 * The invoice as OIOUBL 2.1 (UBL 2.1 with the Danish customisation, NES profile 5), for the buyer's NemHandel
 * access point: the buyer's endpoint is its EAN location number (GLN) where it has one, else its CVR; amounts in
 * DKK without moms on the lines, the moms per category and rate, and the totals (in OIOUBL, TaxExclusiveAmount is the moms).
 * A credit note is the same document as a `CreditNote`, naming the invoice it credits and no means of payment.
 */
export function oioublInvoice(invoice: InvoiceDocument): string {
  const lines = invoice.lines.map(netLine);
  const totals = invoiceTotals(invoice.lines);
  const { seller, buyer } = invoice;
  const sellerCvr = `DK${seller.cvr}`;
  const buyerEndpoint = buyer.ean
    ? element("cbc:EndpointID", buyer.ean, 'schemeAgencyID="9" schemeID="GLN"')
    : element("cbc:EndpointID", `DK${buyer.cvr ?? ""}`, 'schemeID="DK:CVR"');
  const credit = invoice.kind === "credit-note";
  const root = credit ? "CreditNote" : "Invoice";
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"`,
    ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
    ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
    element("cbc:UBLVersionID", "2.1"),
    element("cbc:CustomizationID", "OIOUBL-2.1"),
    element(
      "cbc:ProfileID",
      "urn:www.nesubl.eu:profiles:profile5:ver2.0",
      'schemeAgencyID="320" schemeID="urn:oioubl:id:profileid-1.2"',
    ),
    element("cbc:ID", invoice.number),
    element("cbc:CopyIndicator", "false"),
    element("cbc:UUID", invoice.id),
    element("cbc:IssueDate", invoice.issuedOn),
    ...(credit
      ? []
      : [element("cbc:InvoiceTypeCode", 380, 'listAgencyID="320" listID="urn:oioubl:codelist:invoicetypecode-1.1"')]),
    element("cbc:DocumentCurrencyCode", "DKK"),
    ...(buyer.reference ? ["<cac:OrderReference>", element("cbc:ID", buyer.reference), "</cac:OrderReference>"] : []),
    ...(credit && invoice.credits !== null
      ? [
          "<cac:BillingReference><cac:InvoiceDocumentReference>",
          element("cbc:ID", invoice.credits),
          "</cac:InvoiceDocumentReference></cac:BillingReference>",
        ]
      : []),
    "<cac:AccountingSupplierParty><cac:Party>",
    element("cbc:EndpointID", sellerCvr, 'schemeID="DK:CVR"'),
    "<cac:PartyName>",
    element("cbc:Name", seller.name),
    "</cac:PartyName>",
    postalAddress({ street: seller.street, postalCode: seller.postalCode, city: seller.city }),
    "<cac:PartyTaxScheme>",
    element("cbc:CompanyID", sellerCvr, 'schemeID="DK:SE"'),
    taxScheme,
    "</cac:PartyTaxScheme>",
    "<cac:PartyLegalEntity>",
    element("cbc:RegistrationName", seller.name),
    element("cbc:CompanyID", sellerCvr, 'schemeID="DK:CVR"'),
    "</cac:PartyLegalEntity>",
    "<cac:Contact>",
    element("cbc:ElectronicMail", seller.email),
    "</cac:Contact>",
    "</cac:Party></cac:AccountingSupplierParty>",
    "<cac:AccountingCustomerParty><cac:Party>",
    buyerEndpoint,
    ...(buyer.cvr
      ? [
          "<cac:PartyIdentification>",
          element("cbc:ID", `DK${buyer.cvr}`, 'schemeID="DK:CVR"'),
          "</cac:PartyIdentification>",
        ]
      : []),
    "<cac:PartyName>",
    element("cbc:Name", buyer.name),
    "</cac:PartyName>",
    postalAddress(splitAddress(buyer.address)),
    "<cac:PartyLegalEntity>",
    element("cbc:RegistrationName", buyer.name),
    ...(buyer.cvr ? [element("cbc:CompanyID", `DK${buyer.cvr}`, 'schemeID="DK:CVR"')] : []),
    "</cac:PartyLegalEntity>",
    "<cac:Contact>",
    element("cbc:Name", buyer.contact),
    element("cbc:ElectronicMail", buyer.email),
    "</cac:Contact>",
    "</cac:Party></cac:AccountingCustomerParty>",
    // A credit note is settled against its invoice, or paid back: no means of payment to state.
    ...(credit ? [] : paymentMeans(invoice)),
    taxTotal(vatParts(invoice.lines)),
    "<cac:LegalMonetaryTotal>",
    money("cbc:LineExtensionAmount", totals.netOere),
    money("cbc:TaxExclusiveAmount", totals.vatOere),
    money("cbc:TaxInclusiveAmount", totals.totalOere),
    money("cbc:PayableAmount", totals.totalOere),
    "</cac:LegalMonetaryTotal>",
    ...lines.map((line, index) =>
      [
        `<cac:${root}Line>`,
        element("cbc:ID", index + 1),
        element(credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity", line.quantity, 'unitCode="EA"'),
        money("cbc:LineExtensionAmount", line.netOere),
        taxTotal(vatParts([line])),
        "<cac:Item>",
        element("cbc:Description", line.description),
        element("cbc:Name", line.description.slice(0, 40)),
        "</cac:Item>",
        "<cac:Price>",
        money("cbc:PriceAmount", line.netUnitOere),
        element("cbc:BaseQuantity", 1, 'unitCode="EA"'),
        "</cac:Price>",
        `</cac:${root}Line>`,
      ].join(""),
    ),
    `</${root}>`,
  ].join("\n");
}

/** Where and by when the invoice is paid: a bank transfer to the venue's account. */
function paymentMeans(invoice: InvoiceDocument) {
  return [
    "<cac:PaymentMeans>",
    element("cbc:ID", 1),
    element("cbc:PaymentMeansCode", 42),
    element("cbc:PaymentDueDate", invoice.dueOn),
    element(
      "cbc:PaymentChannelCode",
      "DK:BANK",
      'listAgencyID="320" listID="urn:oioubl:codelist:paymentchannelcode-1.1"',
    ),
    "<cac:PayeeFinancialAccount>",
    element("cbc:ID", invoice.payment.accountNumber),
    "<cac:FinancialInstitutionBranch>",
    element("cbc:ID", invoice.payment.regNumber),
    "</cac:FinancialInstitutionBranch>",
    "</cac:PayeeFinancialAccount>",
    "</cac:PaymentMeans>",
  ];
}
