// The schema's words for a concert: the programme and the ticket sale import them from here. No drizzle and no `~`
// alias: the content registry reads these lists, and routes.ts's loader and the browser load the registry.

/** A concert's state as the programme shows it; `flyttet` comes with the new time. */
export const eventStatuses = ["planlagt", "udsolgt", "aflyst", "flyttet"] as const;
export type EventStatus = (typeof eventStatuses)[number];

/** How a concert's tickets are sold (issue 36): another company's page, the venue's own sale here, or none. */
export const ticketSaleModes = ["link", "own", "none"] as const;
export type TicketSaleMode = (typeof ticketSaleModes)[number];
