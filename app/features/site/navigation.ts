import { adminContentTypes } from "~/features/content/content-types";

/** The site menu of spec §2: code (path segment) and label. */
export interface MenuItem {
  code: string;
  label: string;
  href: string;
}

const item = (code: string, label: string): MenuItem => ({ code, label, href: code === "" ? "/" : `/${code}` });

export const siteMenu: readonly MenuItem[] = [
  item("", "Forside"),
  item("koncerter", "Koncerter"),
  item("musik", "Musik"),
  item("videoer", "Videoer"),
  item("billeder", "Billeder"),
  item("reservation", "Reservation"),
  item("priser", "Priser"),
  item("praktisk-info", "Praktisk info"),
  item("vilkaar", "Vilkår"),
  item("privatlivspolitik", "Privatlivspolitik"),
];

/** Spec §2: the default menu bar shows Musik, Videoer and Billeder, and the programme (issue 17) before them; the rest are in the menu. */
export const mainBarCodes: readonly string[] = ["koncerter", "musik", "videoer", "billeder"];

export const mainBarMenu = siteMenu.filter((entry) => mainBarCodes.includes(entry.code));

/** Spec §2's user menu, and the basket. */
export const userMenu: readonly MenuItem[] = [
  { code: "bruger", label: "Mine oplysninger", href: "/bruger" },
  { code: "alle-reservationer", label: "Mine reservationer", href: "/alle-reservationer" },
  { code: "kurv", label: "Kurv", href: "/kurv" },
];

/** The door's check-in page (issue 36), in the account menu of door staff and admins. */
export const doorMenuItem: MenuItem = { code: "indgang", label: "Indgang", href: "/indgang" };

/** The admin menu's pages besides the content types', each with its place among them (`ContentType.menu`). */
const adminPages: [place: number, code: string, label: string][] = [
  // The media library (decision 020); the gallery's list is "Galleriet".
  [30, "medier", "Mine Billeder"],
  [85, "billetsalg", "Billetsalg"],
  [87, "admin/nyhedsbrev", "Nyhedsbrev"],
  [90, "reservationer", "Reservationer"],
  [92, "udlejning", "Udlejning"],
  [95, "forespoergsler", "Forespørgsler"],
  [97, "fakturaer", "Fakturaer"],
  [100, "blokerede-datoer", "Blokerede datoer"],
  [110, "reservationsindstillinger", "Priser og regler"],
  [120, "alle-brugere", "Brugere"],
  [130, "test", "Systemstatus"],
];

const contentMenu = adminContentTypes
  .filter((type) => type.menu !== undefined)
  .sort((one, other) => one.menu! - other.menu!);

/** Spec §2's admin menu: the create entries, the lists ("Mine …") and the other admin pages. */
export const adminCreateMenu: readonly MenuItem[] = contentMenu.map((type) =>
  item(`${type.path.slice(1)}/create`, type.names.create),
);

export const adminMenu: readonly MenuItem[] = [
  ...contentMenu.map((type): [number, string, string] => [type.menu!, type.path.slice(1), type.names.plural]),
  ...adminPages,
]
  .sort(([one], [other]) => one - other)
  .map(([, code, label]) => item(code, label));

/** Where an admin lands after claiming the site (decision 018): the first of the admin's lists. */
export const adminHome = adminMenu[0]!.href;
