/** A concert's state as the programme shows it; `flyttet` comes with the new time. */
export const eventStatuses = ["planlagt", "udsolgt", "aflyst", "flyttet"] as const;
export type EventStatus = (typeof eventStatuses)[number];

export const eventStatusLabels: Record<EventStatus, string> = {
  planlagt: "Planlagt",
  udsolgt: "Udsolgt",
  aflyst: "Aflyst",
  flyttet: "Flyttet",
};
