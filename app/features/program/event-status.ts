import type { EventStatus } from "../../db/schema/values/content";

/** A concert's state as the programme shows it; `flyttet` comes with the new time. */
export const eventStatusLabels: Record<EventStatus, string> = {
  planlagt: "Planlagt",
  udsolgt: "Udsolgt",
  aflyst: "Aflyst",
  flyttet: "Flyttet",
};
