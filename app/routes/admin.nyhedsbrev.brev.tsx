import { data, Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { letterActionSchema } from "~/features/newsletter/admin/forms";
import { LetterEditor } from "~/features/newsletter/admin/letter-editor";
import { LetterPreview, SendPanel, SendProgress } from "~/features/newsletter/admin/letter-sending";
import { useLiveLetter } from "~/features/newsletter/admin/use-live-letter";
import { letterStatusNames } from "~/features/newsletter/admin/words";
import type { LetterBlock } from "~/features/newsletter/letter";
import {
  checkedBlocks,
  letterPreviewHtml,
  libraryChoices,
  sendRefusal,
  sendTestLetter,
} from "~/features/newsletter/letter-drafts.server";
import {
  changedBlocks,
  completeBlocks,
  editorIntentOf,
  letterProblems,
  newBlock,
  readLetterForm,
  type EditorIntent,
} from "~/features/newsletter/letter-form";
import {
  deleteDraft,
  letterById,
  saveLetter,
  scheduleLetter,
  unscheduleLetter,
  type Letter,
} from "~/features/newsletter/letters.server";
import { retryFailed, sendProgress } from "~/features/newsletter/sending.server";
import { subscribedCount } from "~/features/newsletter/subscribers.server";
import { redirectWithToast } from "~/features/toast/flash.server";
import { errorToast, successToast } from "~/features/toast/toast";
import { collaborators } from "~/lib/collaborators.server";
import { answer, correctTheFieldsMessage, parseSubmission, withErrorToast, type ActionAnswer } from "~/lib/form";
import { copenhagenDateTime, copenhagenInstant, formatDateTime, formatEventTime } from "~/lib/format";
import { privatePageMeta } from "~/lib/private-page";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/admin.nyhedsbrev.brev";
import { Section } from "~/components/ui/section";

export const meta = ({ data: loaded }: Route.MetaArgs) =>
  privatePageMeta(loaded ? `${loaded.letter.subject} · Nyhedsbrev` : "Nyhedsbrev");

/** What the letter page's actions answer: the one shape, and the letter's blocks as posted when they were refused. */
type LetterAnswer = ActionAnswer & { posted?: LetterBlock[]; subject?: string };
const reply = (body: LetterAnswer, status?: number) => answer<LetterAnswer>(body, status);

async function requireLetter(letterId: string) {
  const { db } = collaborators();
  const letter = /^[0-9a-f-]{36}$/.test(letterId) ? await letterById(db, letterId) : null;
  if (!letter) throw data(null, { status: 404 });
  return letter;
}

const isDraft = (letter: Letter): letter is Letter & { status: "draft" | "scheduled" } =>
  letter.status === "draft" || letter.status === "scheduled";

/** The fields' first time for "send at": the scheduled time, else the next whole hour, in Copenhagen. */
function defaultTimeOf(letter: Letter, now = new Date()) {
  const at = letter.sendAt ?? new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
  return copenhagenDateTime(at);
}

/** One letter: its editor and preview while a draft, its send's progress and what went out once it goes. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, auth, config } = collaborators();
  const admin = await requireAdmin(auth, request, url);
  const letter = await requireLetter(params.letterId);
  const editable = isDraft(letter);
  const [progress, recipients, library, previewHtml] = await Promise.all([
    letter.status === "sending" || letter.status === "sent" ? sendProgress(db, letter.id) : null,
    editable ? subscribedCount(db) : 0,
    editable && letter.blocks.some((block) => block.type === "image") ? libraryChoices(db, letter.blocks) : [],
    letterPreviewHtml(db, letter, config.PUBLIC_URL),
  ]);
  return {
    letter: {
      id: letter.id,
      subject: letter.subject,
      status: letter.status,
      statusName: letterStatusNames[letter.status],
      sendAt: letter.sendAt?.getTime() ?? null,
      scheduledFor: letter.status === "scheduled" && letter.sendAt ? formatEventTime(letter.sendAt) : null,
      startedAt: letter.startedAt ? formatDateTime(letter.startedAt) : null,
      finishedAt: letter.finishedAt ? formatDateTime(letter.finishedAt) : null,
    },
    blocks: editable ? letter.blocks : [],
    problems: editable ? letterProblems(letter.blocks) : [],
    defaultTime: defaultTimeOf(letter),
    recipients,
    library,
    previewHtml,
    progress,
    adminEmail: admin.email,
  };
}

const editorDone: Record<EditorIntent["kind"], string> = {
  save: "Kladden er gemt",
  add: "Blokken er tilføjet, og kladden er gemt",
  up: "Blokken er flyttet op",
  down: "Blokken er flyttet ned",
  remove: "Blokken er fjernet",
};

/** The letter's form: checked whole, changed as the admin asked, saved; nothing is saved when a field is wrong. */
async function saveFromForm(letter: Letter, form: FormData, intent: EditorIntent) {
  const { db } = collaborators();
  const read = readLetterForm(form);
  const refuse = (refused: LetterAnswer) =>
    reply({ intent: "save", ...refused, toast: errorToast(refused.formError ?? correctTheFieldsMessage) }, 400);
  if (!read.ok) {
    const { fieldErrors, formError, subject, posted } = read;
    return refuse({ fieldErrors, formError, subject, posted });
  }
  const checked = await checkedBlocks(db, read.value);
  if (!checked.ok) {
    return refuse({ fieldErrors: checked.fieldErrors, subject: read.value.subject, posted: read.value.blocks });
  }
  const changed = changedBlocks(checked.blocks, intent, newBlock);
  if (!changed.ok) return refuse({ formError: changed.message, subject: read.value.subject, posted: checked.blocks });
  const saved = await saveLetter(db, { id: letter.id, subject: read.value.subject, blocks: changed.blocks });
  if (!saved.ok) {
    const message = "Brevet er sendt og kan ikke ændres længere.";
    return reply({ intent: "save", formError: message, toast: errorToast(message) }, 409);
  }
  const unscheduled = letter.status === "scheduled" ? ". Det er ikke længere planlagt: vælg tidspunktet igen" : "";
  return reply({ intent: "save", toast: successToast(`${editorDone[intent.kind]}${unscheduled}`) });
}

/** Sends now or at the chosen Copenhagen time, which must be ahead and within a year. */
async function schedule(letter: Letter, when: "now" | { dato: string; tid: string }) {
  const { db } = collaborators();
  const intent = when === "now" ? "send-now" : "schedule";
  const refuse = (message: string, fieldErrors?: Record<string, string[]>, status = 400) =>
    reply({ intent, formError: message, fieldErrors, toast: errorToast(message) }, status);
  const now = new Date();
  let sendAt = now;
  if (when !== "now") {
    try {
      sendAt = copenhagenInstant(when.dato, when.tid);
    } catch {
      return refuse("Vælg en dato, der findes", { dato: ["Vælg en dato, der findes"] });
    }
    if (sendAt <= now) {
      const message = "Tidspunktet er gået. Vælg et tidspunkt frem i tiden.";
      return refuse(message, { tid: [message] });
    }
    if (sendAt.getTime() - now.getTime() > 366 * 24 * 3_600_000) {
      const message = "Vælg et tidspunkt inden for det næste år.";
      return refuse(message, { dato: [message] });
    }
  }
  const refusal = await sendRefusal(db, letter);
  if (refusal) return refuse(refusal, undefined, 409);
  if (!(await scheduleLetter(db, letter.id, sendAt))) return refuse("Brevet er allerede sendt.", undefined, 409);
  const recipients = await subscribedCount(db);
  const message =
    when === "now"
      ? `Brevet sendes nu til ${recipients} ${recipients === 1 ? "abonnent" : "abonnenter"}`
      : `Brevet sendes ${formatEventTime(sendAt)}`;
  return reply({ intent, toast: successToast(message) });
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const { db, auth, mailer, config } = collaborators();
  const admin = await requireAdmin(auth, request, url);
  const letter = await requireLetter(params.letterId);
  const form = await readFormData(request);
  const editorIntent = editorIntentOf(form.get("intent"));
  if (editorIntent) return saveFromForm(letter, form, editorIntent);
  const submission = parseSubmission(form, letterActionSchema);
  if (!submission.ok) {
    const refused = submission.answer;
    return reply(
      refused.intent === "schedule"
        ? { ...refused, toast: errorToast(correctTheFieldsMessage) }
        : withErrorToast(refused),
      400,
    );
  }
  const asked = submission.value;
  if (asked.intent === "retry") {
    const again = await retryFailed(db, letter.id);
    if (again === 0)
      return reply({ intent: asked.intent, toast: errorToast("Der var ingen fejlede beskeder at prøve igen") });
    return reply({
      intent: asked.intent,
      toast: successToast(`${again} ${again === 1 ? "besked sendes" : "beskeder sendes"} igen`),
    });
  }
  if (!isDraft(letter)) {
    const message = "Brevet er sendt og kan ikke ændres længere.";
    return reply({ intent: asked.intent, formError: message, toast: errorToast(message) }, 409);
  }
  switch (asked.intent) {
    case "test": {
      if (completeBlocks(letter.blocks).length === 0) {
        return reply({ intent: asked.intent, toast: errorToast("Brevet har intet indhold endnu") }, 409);
      }
      await sendTestLetter({ db, mailer, publicUrl: config.PUBLIC_URL }, letter, admin.email);
      return reply({ intent: asked.intent, toast: successToast(`Testbrevet er sendt til ${admin.email}`) });
    }
    case "send-now":
      return schedule(letter, "now");
    case "schedule":
      return schedule(letter, asked);
    case "unschedule": {
      await unscheduleLetter(db, letter.id);
      return reply({ intent: asked.intent, toast: successToast("Brevet er en kladde igen") });
    }
    case "delete": {
      if (!(await deleteDraft(db, letter.id))) throw data(null, { status: 404 });
      return redirectWithToast("/admin/nyhedsbrev", successToast("Brevet er slettet"));
    }
  }
}

export default function LetterPage({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { letter } = loaderData;
  useLiveLetter(letter.status, letter.sendAt);
  const refused = actionData?.intent === "save" && actionData.posted ? actionData : undefined;
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 pt-10 pb-24">
      <div>
        <Link to="/admin/nyhedsbrev" className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
          ← Nyhedsbrev
        </Link>
        <h1 className="mt-3 font-display text-3xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-4xl">
          {letter.subject}
        </h1>
        <p className="mt-1 text-muted">
          {letter.scheduledFor
            ? `Planlagt til ${letter.scheduledFor}`
            : letter.status === "sent" && letter.finishedAt
              ? `Sendt ${letter.finishedAt}`
              : letter.statusName}
        </p>
      </div>
      {letter.status === "draft" || letter.status === "scheduled" ? (
        <>
          <div className="grid gap-10 lg:grid-cols-2 lg:items-start">
            <Section title="Indhold" className="grid gap-4">
              <LetterEditor
                subject={refused?.subject ?? letter.subject}
                blocks={refused?.posted ?? loaderData.blocks}
                errors={refused?.fieldErrors ?? {}}
                formError={refused?.formError}
                library={loaderData.library}
              />
            </Section>
            <Section title="Forhåndsvisning" className="grid gap-4 lg:sticky lg:top-4">
              <p className="text-sm text-muted">
                Brevet, som det sendes, med koncerterne, som programmet ser ud nu. Det viser den gemte kladde.
              </p>
              <LetterPreview html={loaderData.previewHtml} title={`Forhåndsvisning af ${letter.subject}`} />
              <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3">
                <button type="submit" name="intent" value="test" className={buttonStyles.secondary}>
                  Send en test til mig
                </button>
                <span className="text-sm text-muted [overflow-wrap:anywhere]">Til {loaderData.adminEmail}</span>
              </Form>
            </Section>
          </div>
          <Section title="Send" className="grid gap-4">
            <SendPanel
              subject={letter.subject}
              status={letter.status}
              scheduledFor={letter.scheduledFor}
              problems={loaderData.problems}
              recipients={loaderData.recipients}
              defaultTime={loaderData.defaultTime}
              answer={actionData}
            />
          </Section>
        </>
      ) : (
        <>
          <Section title="Afsendelse" className="grid gap-4">
            {loaderData.progress && (
              <SendProgress
                status={letter.status}
                progress={loaderData.progress}
                startedAt={letter.startedAt}
                finishedAt={letter.finishedAt}
              />
            )}
          </Section>
          <Section title="Brevet, som det blev sendt" className="grid gap-4">
            <div className="max-w-3xl">
              <LetterPreview html={loaderData.previewHtml} title={`Brevet ${letter.subject}, som det blev sendt`} />
            </div>
          </Section>
        </>
      )}
    </div>
  );
}
