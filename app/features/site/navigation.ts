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

const admin = (code: string, label: string): MenuItem => ({ code, label, href: `/${code}` });

/** Spec §2's admin menu: the create entries, the lists ("Mine …") and the user list. */
export const adminCreateMenu: readonly MenuItem[] = [
  admin("page/create", "Opret side"),
  admin("banner/create", "Opret banner"),
  admin("stock/create", "Opret Billede"),
  admin("article/create", "Opret artikel"),
  admin("album/create", "Opret album"),
  admin("youtube/create", "Opret video link"),
  admin("event/create", "Opret koncert"),
];

export const adminMenu: readonly MenuItem[] = [
  admin("page", "Mine sider"),
  admin("banner", "Mine bannere"),
  // The media library (decision 020); the gallery's list is "Galleriet".
  admin("medier", "Mine Billeder"),
  admin("stock", "Galleriet"),
  admin("article", "Mine artikler"),
  admin("album", "Mine albums"),
  admin("youtube", "Mine videoer"),
  admin("event", "Mine koncerter"),
  admin("reservationer", "Reservationer"),
  admin("blokerede-datoer", "Blokerede datoer"),
  admin("reservationsindstillinger", "Priser og regler"),
  admin("alle-brugere", "Brugere"),
  admin("test", "Systemstatus"),
];

/** Where an admin lands after claiming the site (decision 018): the first of the admin's lists. */
export const adminHome = adminMenu[0]!.href;
