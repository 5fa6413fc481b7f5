import type { TicketSaleMode } from "../../db/schema/values/content";

/** How a concert's tickets are sold (issue 36): another company's page, the venue's own sale here, or none. */
export const ticketSaleModeLabels: Record<TicketSaleMode, string> = {
  link: "Ekstern billetside (link)",
  own: "Eget billetsalg her på siden",
  none: "Intet billetsalg (gratis eller i døren)",
};
