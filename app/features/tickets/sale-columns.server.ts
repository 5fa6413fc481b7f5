import { events } from "~/db/schema";

/** A concert as the ticket pages name it: which, what, when (its new time when moved) and how it stands. */
export const concertColumns = {
  id: events.id,
  title: events.title,
  startsAt: events.startsAt,
  movedTo: events.movedTo,
  status: events.status,
  room: events.room,
};
