import { data } from "react-router";
import { methodNotAllowed } from "~/features/accounts/profile-api.server";
import { requireDoorStaff } from "~/features/accounts/session.server";
import { checkIn } from "~/features/tickets/door.server";
import { checkInAnswer } from "~/features/tickets/rules";
import { checkInSchema } from "~/features/tickets/schemas";
import { parseSubmission } from "~/lib/form";
import { collaborators } from "~/lib/collaborators.server";
import { formatTime } from "~/lib/format";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/indgang.tjek";

/** Nothing to read here: door staff are told which method the address takes. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireDoorStaff(collaborators().auth, request, url);
  return methodNotAllowed("POST");
}

/**
 * One check-in at the door, answered as JSON: the door page sends every scan, typed code and search result here,
 * at once or, after the phone was offline, from the scans it kept (decision 038).
 */
export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth } = collaborators();
  const staff = await requireDoorStaff(auth, request, url);
  const submission = parseSubmission(await readFormData(request), checkInSchema);
  if (!submission.ok) {
    const message = submission.answer.formError ?? Object.values(submission.answer.fieldErrors ?? {})[0]?.[0];
    return data({ colour: "red" as const, text: message ?? "Ugyldig forespørgsel." }, { status: 400 });
  }
  const { koncert, kode } = submission.value;
  const outcome = await checkIn(db, { eventId: koncert, scanned: kode, staffId: staff.id });
  return data(checkInAnswer(outcome, formatTime), { headers: { "Cache-Control": "no-store" } });
}
