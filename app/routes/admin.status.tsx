import type { ReactNode } from "react";
import { data, Form } from "react-router";
import { readFormData } from "~/lib/request-body.server";
import { buttonStyles } from "~/components/ui/button-link";
import { CardTable } from "~/components/ui/card-table";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { testMessage } from "~/features/email/messages";
import { MailOutbox } from "~/features/email/outbox.server";
import { systemStatus } from "~/features/operations/status.server";
import { getSiteSettings } from "~/features/site/settings.server";
import { errorToast, successToast } from "~/features/toast/toast";
import { answer, parseSubmission, withErrorToast } from "~/lib/form";
import { z } from "zod";
import { requestContext } from "~/lib/request-context";
import { formatBytes, formatDateTime } from "~/lib/format";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/admin.status";

export const meta = () => privatePageMeta("Systemstatus");

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { database, auth, config, storage, queue } = collaborators();
  await requireAdmin(auth, request, url);
  const status = await systemStatus({ config, database, storage });
  const running = { buildId: context.get(requestContext).buildId, jobs: (await queue?.recurringStates()) ?? [] };
  return data({ ...status, ...running }, { headers: { "Cache-Control": "private, no-store" } });
}

/** "Send test-e-mail": to the admin's own address, through the outbox and the real transport. */
export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, config, mailer } = collaborators();
  const admin = await requireAdmin(auth, request, url);
  const submission = parseSubmission(await readFormData(request), z.object({ intent: z.literal("send-test-mail") }));
  if (!submission.ok) return answer(withErrorToast(submission.answer), 400);
  const { siteName } = await getSiteSettings(db);
  const transport = config.SMTP_URL ? `SMTP (${new URL(config.SMTP_URL).host})` : "udbakken i DATA_DIR/outbox";
  await mailer.send(testMessage(siteName, admin.email, transport));
  if (mailer instanceof MailOutbox) {
    await mailer.settled();
    const failure = await mailer.lastFailureFor(admin.email);
    if (failure) {
      const retried = `${failure} Den prøves igen senere.`;
      return answer({ toast: errorToast("Test-e-mailen kunne ikke sendes", retried) }, 502);
    }
  }
  return answer({ toast: successToast(`Test-e-mailen er sendt til ${admin.email}`) });
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`panel-${title}`} className="rounded-2xl border border-border bg-surface-raised p-5">
      <h2 id={`panel-${title}`} className="font-display text-xl font-bold">
        {title}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">{children}</dl>
    </section>
  );
}

function Entry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** "Hvert 2. sekund", "Hvert minut", "Hvert 15. minut", "Hver time", "Hver dag". */
function howOften(seconds: number) {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? "Hver dag" : `Hver ${seconds / 86_400}. dag`;
  const [count, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, "time"]
      : seconds % 60 === 0
        ? [seconds / 60, "minut"]
        : [seconds, "sekund"];
  const each = unit === "time" ? "Hver" : "Hvert";
  return count === 1 ? `${each} ${unit}` : `${each} ${count}. ${unit}`;
}

const when = (instant: Date | string | null) => (instant ? formatDateTime(new Date(instant)) : "–");

export default function SystemStatusPage({ loaderData: status, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  return (
    <section className="mx-auto max-w-5xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Systemstatus</h1>
      <p className="mt-3 text-muted">
        Hvad serveren kører, og om database, filer, e-mail, sikkerhedskopier og baggrundsjob har det godt.
      </p>
      <div className="mt-8 grid items-start gap-5 md:grid-cols-2">
        <Panel title="Server">
          <Entry label="Build">
            <code>{status.buildId}</code>
          </Entry>
          <Entry label="Startet">{when(status.startedAt)}</Entry>
          <Entry label="Node.js">{status.nodeVersion}</Entry>
        </Panel>
        <Panel title="Database">
          <Entry label="Type">{status.database.kind === "pglite" ? "Indbygget (PGlite)" : "PostgreSQL"}</Entry>
          <Entry label="Migrationer">{status.database.migrationLevel}</Entry>
          {status.database.pool && (
            <Entry label="Forbindelser">
              {status.database.pool.total} åbne, {status.database.pool.idle} ledige, {status.database.pool.waiting}{" "}
              venter (højst {status.database.pool.max})
            </Entry>
          )}
        </Panel>
        <Panel title="Filer">
          <Entry label="Lager">{status.storage.kind === "disk" ? "Disk (DATA_DIR/storage)" : "S3-kompatibelt"}</Entry>
          <Entry label="Fri plads">
            {status.storage.freeBytes === null || status.storage.totalBytes === null
              ? "Oplyses af lagerets udbyder"
              : `${formatBytes(status.storage.freeBytes)} af ${formatBytes(status.storage.totalBytes)}`}
          </Entry>
        </Panel>
        <Panel title="E-mail">
          <Entry label="Afsendes via">{status.mail.transport}</Entry>
          <Entry label="Sendt seneste døgn">{status.mail.sentLastDay}</Entry>
          <Entry label="Venter">{status.mail.waiting}</Entry>
          <Entry label="Opgivet">{status.mail.failed}</Entry>
          <dd className="col-span-2 mt-2">
            <Form method="post">
              <button type="submit" name="intent" value="send-test-mail" className={buttonStyles.secondary}>
                Send test-e-mail
              </button>
            </Form>
          </dd>
        </Panel>
        <Panel title="Sikkerhedskopi">
          <Entry label="Seneste">{status.backup ? when(status.backup.startedAt) : "Ingen endnu"}</Entry>
          {status.backup && (
            <Entry label="Resultat">
              {status.backup.error
                ? `Fejlede: ${status.backup.error}`
                : status.backup.bytes === null
                  ? "I gang"
                  : formatBytes(status.backup.bytes)}
            </Entry>
          )}
          <Entry label="Plan">
            {status.backupSchedule ? <code>{status.backupSchedule}</code> : "Ingen (BACKUP_CRON er ikke sat)"}
          </Entry>
        </Panel>
      </div>
      <h2 className="mt-10 font-display text-2xl font-bold">Baggrundsjob</h2>
      <CardTable className="mt-4" cellPadding="py-2" columns={["Job", "Hvornår", "Seneste", "Næste", "Status"]}>
        {status.jobs.map((job) => (
          <tr key={job.name} className="border-b border-border">
            <th scope="row" className="py-2 pr-4 font-normal max-md:basis-full max-md:font-semibold">
              {job.label}
            </th>
            <td className="py-2 pr-4" data-label="Hvornår">
              {"cron" in job.every ? <code>{job.every.cron}</code> : howOften(job.every.seconds)}
            </td>
            <td className="py-2 pr-4" data-label="Seneste">
              {when(job.lastStartedAt)}
              {job.lastDurationMs !== null && ` (${job.lastDurationMs} ms)`}
            </td>
            <td className="py-2 pr-4" data-label="Næste">
              {when(job.nextRunAt)}
            </td>
            <td className="py-2 max-md:basis-full" data-label="Status">
              {job.running ? "Kører" : job.lastError ? `Fejl: ${job.lastError}` : job.lastStartedAt ? "OK" : "Venter"}
            </td>
          </tr>
        ))}
      </CardTable>
    </section>
  );
}
