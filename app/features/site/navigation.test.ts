import { describe, expect, it } from "vitest";
import { adminCreateMenu, adminHome, adminMenu } from "./navigation";

describe("the admin menus, from the content registry and the other admin pages", () => {
  it("lists spec §2's lists and the other admin pages in their places", () => {
    expect(adminMenu.map(({ label, href }) => `${label} ${href}`)).toEqual([
      "Mine sider /page",
      "Mine bannere /banner",
      "Mine Billeder /medier",
      "Galleriet /stock",
      "Mine artikler /article",
      "Mine albums /album",
      "Mine videoer /youtube",
      "Mine koncerter /event",
      "Billetsalg /billetsalg",
      "Nyhedsbrev /admin/nyhedsbrev",
      "Reservationer /reservationer",
      "Udlejning /udlejning",
      "Forespørgsler /forespoergsler",
      "Fakturaer /fakturaer",
      "Blokerede datoer /blokerede-datoer",
      "Priser og regler /reservationsindstillinger",
      "Tilvalg /tilvalg",
      "Brugere /alle-brugere",
      "Systemstatus /test",
    ]);
    expect(adminHome).toBe("/page");
  });

  it("offers each content type's create page with the spec's label", () => {
    expect(adminCreateMenu.map(({ label, href }) => `${label} ${href}`)).toEqual([
      "Opret side /page/create",
      "Opret banner /banner/create",
      "Opret Billede /stock/create",
      "Opret artikel /article/create",
      "Opret album /album/create",
      "Opret video link /youtube/create",
      "Opret koncert /event/create",
      "Opret tilvalg /tilvalg/create",
    ]);
  });
});
