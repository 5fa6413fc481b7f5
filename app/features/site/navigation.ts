/** The site menu of spec §2: code (path segment) and label. */
export interface MenuItem {
  code: string;
  label: string;
  href: string;
}

const item = (code: string, label: string): MenuItem => ({ code, label, href: code === "" ? "/" : `/${code}` });

export const siteMenu: readonly MenuItem[] = [
  item("", "Forside"),
  item("musik", "Musik"),
  item("videoer", "Videoer"),
  item("billeder", "Billeder"),
  item("reservation", "Reservation"),
  item("priser", "Priser"),
  item("praktisk-info", "Praktisk info"),
  item("vilkaar", "Vilkår"),
  item("privatlivspolitik", "Privatlivspolitik"),
];

/** Spec §2: the default menu bar shows Musik, Videoer and Billeder; the rest are in the menu. */
export const mainBarCodes: readonly string[] = ["musik", "videoer", "billeder"];

export const mainBarMenu = siteMenu.filter((entry) => mainBarCodes.includes(entry.code));


/** Spec §2's user menu; "Mine reservationer" joins it with the reservation work. */
export const userMenu: readonly MenuItem[] = [{ code: "bruger", label: "Mine oplysninger", href: "/bruger" }];

/** Spec §2's admin menu, as far as its pages exist; the content work adds the rest. */
export const adminMenu: readonly MenuItem[] = [{ code: "alle-brugere", label: "Brugere", href: "/alle-brugere" }];
