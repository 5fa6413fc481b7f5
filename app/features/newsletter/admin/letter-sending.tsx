import { Form } from "react-router";
import { answeredField } from "~/components/ui/answered-field";
import { buttonStyles } from "~/components/ui/button-link";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm-step";
import { Field, FormError } from "~/components/ui/field";
import type { ActionAnswer } from "~/lib/form";
import { subscribersText } from "./words";

export interface SendProgressView {
  sent: number;
  waiting: number;
  failed: number;
  skipped: number;
}

const confirmSummary = `${buttonStyles.primary} cursor-pointer`;
const card = "grid content-start gap-3 rounded-2xl border border-border bg-surface-raised p-5";

/**
 * Sending a draft: what is missing first, then "Send nu" or a chosen Copenhagen time, each asked once more with
 * the number of subscribers it goes to; a scheduled letter can be taken back; a draft deleted.
 */
export function SendPanel({
  subject,
  status,
  scheduledFor,
  problems,
  recipients,
  defaultTime,
  answer,
}: {
  subject: string;
  status: "draft" | "scheduled";
  /** "fre. 4. dec. kl. 10.00" while scheduled. */
  scheduledFor: string | null;
  problems: string[];
  recipients: number;
  /** The date and time fields' first values: the scheduled time, else the next whole hour. */
  defaultTime: { date: string; time: string };
  answer?: ActionAnswer;
}) {
  const ready = problems.length === 0;
  const sendAnswer = answer?.intent === "send-now" || answer?.intent === "schedule" ? answer : undefined;
  return (
    <div className="grid gap-6">
      {status === "scheduled" && scheduledFor && (
        <div className="grid gap-3 rounded-2xl border border-sky-600/40 bg-sky-50 p-4 text-sky-950 dark:bg-sky-950 dark:text-sky-50">
          <p>
            <strong>Planlagt til {scheduledFor}</strong> (dansk tid). Brevet går til dem, der er på listen da. Ændrer du
            brevet, bliver det en kladde igen.
          </p>
          <Form method="post" preventScrollReset>
            <button type="submit" name="intent" value="unschedule" className={buttonStyles.secondary}>
              Gør til kladde igen
            </button>
          </Form>
        </div>
      )}
      {!ready && (
        <div className="rounded-2xl border border-amber-600/50 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          <p className="font-semibold">Før brevet kan sendes:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <FormError message={sendAnswer?.formError} />
      <p>
        Sendes brevet nu, får <strong>{subscribersText(recipients)}</strong> det.
      </p>
      {ready && (
        <div className="grid gap-4 md:grid-cols-2 md:items-start">
          <div className={card}>
            <h3 className="font-semibold">Send nu</h3>
            <p className="text-sm text-muted">Brevet går i gang inden for et par sekunder.</p>
            <ConfirmStep
              summary="Send nu"
              summaryClassName={confirmSummary}
              label="Bekræft afsendelse nu"
              question={`Send ”${subject}” til ${subscribersText(recipients)} nu? Det kan ikke fortrydes.`}
              inPlace
            >
              <Form method="post" preventScrollReset>
                <ConfirmButton name="intent" value="send-now">
                  Ja, send nu
                </ConfirmButton>
              </Form>
            </ConfirmStep>
          </div>
          <Form method="post" noValidate preventScrollReset className={card}>
            <h3 className="font-semibold">
              {status === "scheduled" ? "Vælg et andet tidspunkt" : "Send på et bestemt tidspunkt"}
            </h3>
            <p className="text-sm text-muted">Dansk tid. Brevet går til dem, der er på listen da.</p>
            <div className="flex flex-wrap items-start gap-3">
              <Field
                {...answeredField(sendAnswer, "dato", defaultTime.date)}
                label="Dato"
                type="date"
                className="w-44"
              />
              <Field
                {...answeredField(sendAnswer, "tid", defaultTime.time)}
                label="Klokken"
                type="time"
                className="w-36"
              />
            </div>
            <ConfirmStep
              summary="Planlæg afsendelse"
              summaryClassName={`${buttonStyles.secondary} cursor-pointer`}
              label="Bekræft planlagt afsendelse"
              question={`Send ”${subject}” på det valgte tidspunkt til dem, der er på listen da (nu ${subscribersText(recipients)})?`}
              inPlace
            >
              <ConfirmButton name="intent" value="schedule" className="justify-self-start">
                Ja, planlæg
              </ConfirmButton>
            </ConfirmStep>
          </Form>
        </div>
      )}
      <div className="border-t border-border pt-5">
        <ConfirmStep
          summary={status === "draft" ? "Slet kladden" : "Slet brevet"}
          summaryClassName="inline-block text-sm font-semibold text-red-700 underline-offset-4 hover:underline dark:text-red-300"
          label="Bekræft sletning af brevet"
          question={`Slet ”${subject}”? Det kan ikke fortrydes.`}
          inPlace
        >
          <Form method="post">
            <ConfirmButton name="intent" value="delete">
              Ja, slet
            </ConfirmButton>
          </Form>
        </ConfirmStep>
      </div>
    </div>
  );
}

/**
 * The send's progress, live: a bar of what is done (sent, failed, skipped) of all the letter's messages, and the
 * numbers; "Prøv de fejlede igen" once some failed.
 */
export function SendProgress({
  status,
  progress,
  startedAt,
  finishedAt,
}: {
  status: "scheduled" | "sending" | "sent";
  progress: SendProgressView;
  startedAt: string | null;
  finishedAt: string | null;
}) {
  const total = progress.sent + progress.waiting + progress.failed + progress.skipped;
  const done = total - progress.waiting;
  const percent = total === 0 ? (status === "sent" ? 100 : 0) : Math.floor((done / total) * 100);
  const numbers = [
    { label: "Sendt", value: progress.sent },
    { label: "Venter", value: progress.waiting },
    { label: "Fejlet", value: progress.failed },
    ...(progress.skipped > 0 ? [{ label: "Sprunget over (afmeldt undervejs)", value: progress.skipped }] : []),
  ];
  const state =
    status === "scheduled"
      ? "Brevet sendes om et øjeblik."
      : status === "sending"
        ? `Sendes nu${startedAt ? ` (startede ${startedAt})` : ""}. Siden følger med af sig selv.`
        : `Færdig${finishedAt ? ` ${finishedAt}` : ""}.${total === 0 ? " Der var ingen på listen." : ""}`;
  return (
    <div className="grid gap-4">
      <p role="status" className="font-medium">
        {state}
      </p>
      <div
        role="progressbar"
        aria-label="Afsendelse"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${done.toLocaleString("da-DK")} af ${total.toLocaleString("da-DK")} beskeder behandlet`}
        className="h-4 overflow-hidden rounded-full border border-border bg-surface-sunken"
      >
        <div
          className="h-full bg-accent transition-[width] duration-700 ease-out motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="-mt-2 text-sm text-muted tabular-nums" aria-hidden="true">
        {done.toLocaleString("da-DK")} af {total.toLocaleString("da-DK")} beskeder behandlet · {percent} %
      </p>
      <dl className={`grid gap-2 sm:gap-3 ${numbers.length === 4 ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-3"}`}>
        {numbers.map((number) => (
          <div key={number.label} className="rounded-xl border border-border bg-surface-raised p-3">
            <dt className="text-sm text-muted">{number.label}</dt>
            <dd className="font-display text-xl font-bold tabular-nums sm:text-2xl">
              {number.value.toLocaleString("da-DK")}
            </dd>
          </div>
        ))}
      </dl>
      {progress.failed > 0 && (
        <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3">
          <button type="submit" name="intent" value="retry" className={buttonStyles.secondary}>
            Prøv de fejlede igen
          </button>
          <p className="text-sm text-muted">Adresser, der er afmeldt eller afvises, springes over.</p>
        </Form>
      )}
    </div>
  );
}

/**
 * The e-mail exactly as it goes out, in a frame where nothing runs: no script, no forms, no pop-ups. It keeps the
 * page's origin (`allow-same-origin`, harmless without `allow-scripts`) only so that the letter's pictures, served
 * by the site with Cross-Origin-Resource-Policy: same-origin, show in it.
 */
export function LetterPreview({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox="allow-same-origin"
      srcDoc={html}
      loading="lazy"
      className="h-[44rem] w-full rounded-2xl border border-border bg-[#f5f5f4]"
    />
  );
}
