import { data, Link, useActionData } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import {
  contentTypeOf,
  done,
  readAdminForm,
  rowAnswer,
  rowIntent,
  saveEntity,
  type AdminAnswer,
} from "~/features/content/admin/actions.server";
import { EntityForm } from "~/features/content/admin/components/entity-form";
import {
  DeleteButton,
  DragHandle,
  RowButtons,
  RowIntent,
  StatusBadge,
  useDragOrder,
} from "~/features/content/admin/components/row-actions";
import { fieldChoices, getRecord, listRecords, type ContentRecord } from "~/features/content/admin/records.server";
import { typeNamed } from "~/features/content/content-types";
import { capitalised, fieldsOfKind, type ContentType } from "~/features/content/registry";
import { formatDuration } from "~/features/media/media";
import { redirectWithToast } from "~/features/toast/flash.server";
import { editForms } from "~/features/content/admin/forms";
import { answer, parseSubmission, withErrorToast } from "~/lib/form";
import { formatDateTime } from "~/lib/format";
import type { Database } from "~/db/client.server";
import { choosableImages } from "~/features/media/library.server";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/admin.edit";
import { Section } from "~/components/ui/section";

async function recordOf(db: Database, type: ContentType, id: string) {
  const record = await getRecord(db, type, id);
  if (!record) throw data(null, { status: 404 });
  return record;
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, auth, contentTypes } = collaborators();
  await requireAdmin(auth, request, url);
  const type = contentTypeOf(contentTypes, url);
  const record = await recordOf(db, type, params.id);
  const { child } = type;
  const children = child
    ? (await listRecords(db, child, { parentId: record.id, sort: "manual", pageSize: 500 })).records
    : [];
  const publicPath = typeof type.publicPath === "function" ? type.publicPath(record.values) : type.publicPath;
  return {
    typeName: type.name,
    record: { ...record, updated: formatDateTime(record.updatedAt), created: formatDateTime(record.createdAt) },
    children,
    choices: await fieldChoices(db, type),
    library: [type, child].some((shown) => shown && fieldsOfKind(shown, "image").length)
      ? await choosableImages(db)
      : [],
    previewPath: publicPath ? `${publicPath}?forhaandsvisning` : null,
  };
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const { db, auth, storage, images, logger, freshness, contentTypes } = collaborators();
  const user = await requireAdmin(auth, request, url);
  const type = contentTypeOf(contentTypes, url);
  const record = await recordOf(db, type, params.id);
  const form = await readAdminForm(request);
  if (form.tooLarge) return form.tooLarge;
  const { formData } = form;
  const submission = parseSubmission(formData, editForms);
  if (!submission.ok) return answer(withErrorToast(submission.answer), 400);
  const asked = submission.value;
  const { child } = type;
  const ownChild = async (childId: string) => {
    const existing = child && (await getRecord(db, child, childId));
    if (!child || !existing || existing.parentId !== record.id) throw data(null, { status: 404 });
    return child;
  };

  const save = async (what: ContentType, target: { id?: string; parentId?: string; form: string }, said: string) => {
    const result = await saveEntity({ db, storage, images, logger, freshness }, what, formData, {
      ...target,
      userId: user.id,
    });
    return "error" in result ? result.error : done(`${type.path}/${record.id}`, said);
  };
  switch (asked.intent) {
    case "save":
      return save(type, { id: record.id, form: "record" }, "Ændringerne er gemt");
    case "child-create":
      if (!child) throw data(null, { status: 404 });
      return save(child, { parentId: record.id, form: "new" }, `${capitalised(child.names.the)} er tilføjet`);
    case "child-save":
      return save(await ownChild(asked.id), { id: asked.id, form: asked.id }, "Ændringerne er gemt");
  }
  if (asked.list === "children") {
    if (!child) throw data(null, { status: 404 });
    if (asked.intent !== "reorder") await ownChild(asked.id);
    return rowAnswer(await rowIntent({ db, storage, logger, freshness }, child, asked, record.id));
  }
  if (asked.intent === "delete") {
    if (asked.id !== record.id) throw data(null, { status: 404 });
    const toast = await rowIntent({ db, storage, logger, freshness }, type, asked);
    if (toast.kind === "error") return answer({ toast }, 500);
    throw redirectWithToast(type.path, toast);
  }
  return rowAnswer(await rowIntent({ db, storage, logger, freshness }, type, asked));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData ? `Rediger: ${loaderData.record.title}` : "Rediger");
}

export default function AdminEdit({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<AdminAnswer>();
  const { record, children, previewPath } = loaderData;
  const type = typeNamed(loaderData.typeName);
  const { child } = type;
  useToastFrom(actionData?.toast);
  const recordErrors = actionData?.form === "record" ? actionData : undefined;

  return (
    <div className="mx-auto max-w-3xl px-4 pt-12 pb-32 sm:pt-16">
      <Link to={type.path} className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
        ← {type.names.plural}
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-4xl font-bold tracking-tight">{record.title}</h1>
        <StatusBadge published={record.published} />
      </div>
      <p className="mt-2 text-sm text-muted">
        Oprettet {record.created} · sidst ændret {record.updated}
      </p>
      <div className="mt-8">
        <EntityForm
          type={type}
          {...savedRecordProps(record, recordErrors)}
          choices={loaderData.choices}
          library={loaderData.library}
          intent="save"
          submitLabel="Gem ændringer"
        >
          {previewPath && (
            <a href={previewPath} target="_blank" rel="noreferrer" className={buttonStyles.secondary}>
              Forhåndsvis<span className="sr-only"> (åbner i en ny fane)</span>
            </a>
          )}
        </EntityForm>
      </div>
      <div className="mt-6 flex justify-end">
        <DeleteButton id={record.id} what={`“${record.title}”`} />
      </div>

      {child && (
        <ChildSection
          child={child}
          library={loaderData.library}
          records={children}
          errors={actionData?.form && actionData.form !== "record" ? actionData : undefined}
        />
      )}
    </div>
  );
}

/** What the form of a saved record shows: its values (or those sent with its errors), state and files. */
function savedRecordProps(record: ContentRecord, answered: AdminAnswer | undefined) {
  const { id: recordId, values, published, image, audio } = record;
  return { recordId, values: answered?.values ?? values, errors: answered?.fieldErrors, published, image, audio };
}

function ChildSection({
  child,
  library,
  records,
  errors,
}: {
  child: ContentType;
  library: Route.ComponentProps["loaderData"]["library"];
  records: Route.ComponentProps["loaderData"]["children"];
  errors?: AdminAnswer;
}) {
  const { ordered, rowProps } = useDragOrder(records, "children");
  return (
    <Section
      title={child.names.plural}
      className="mt-14 border-t border-border pt-10"
      headingClassName="font-display text-3xl font-bold"
    >
      {records.length === 0 ? (
        <p className="mt-4 text-muted">Ingen endnu.</p>
      ) : (
        <ol className="mt-6 grid gap-3">
          {ordered.map((record, index) => {
            const rowErrors = errors?.form === record.id ? errors : undefined;
            return (
              <li
                key={record.id}
                className="rounded-2xl border border-border bg-surface-raised p-4"
                {...rowProps(record.id)}
              >
                <div className="flex flex-wrap items-center gap-3">
                  <DragHandle />
                  <span className="font-semibold">
                    <span className="mr-2 text-muted tabular-nums">{index + 1}.</span>
                    {record.title}
                  </span>
                  {record.audio?.durationSeconds ? (
                    <span className="text-sm text-muted">{formatDuration(record.audio.durationSeconds)}</span>
                  ) : null}
                  <StatusBadge published={record.published} />
                  <RowButtons
                    record={record}
                    index={index}
                    count={records.length}
                    list="children"
                    movable
                    className="ml-auto flex flex-wrap items-center gap-2"
                  />
                </div>
                <details className="mt-3" open={rowErrors !== undefined}>
                  <summary className="cursor-pointer text-sm font-semibold text-accent">Rediger {record.title}</summary>
                  <div className="mt-4">
                    <EntityForm
                      type={child}
                      {...savedRecordProps(record, rowErrors)}
                      formKey={record.id}
                      library={library}
                      intent="child-save"
                      hidden={{ id: record.id }}
                      submitLabel="Gem"
                    />
                    {record.image && fieldsOfKind(child, "image").some((field) => field.optional) && (
                      <div className="mt-3">
                        <RowIntent
                          intent="remove-image"
                          list="children"
                          id={record.id}
                          label={`Fjern billedet fra ${record.title}`}
                        >
                          Fjern billedet
                        </RowIntent>
                      </div>
                    )}
                  </div>
                </details>
              </li>
            );
          })}
        </ol>
      )}
      <div className="mt-10 rounded-2xl border border-border p-5">
        <h3 className="font-display text-xl font-bold">{child.names.create}</h3>
        <div className="mt-4">
          <EntityForm
            key={records.length}
            type={child}
            formKey="new"
            values={errors?.form === "new" ? (errors.values ?? {}) : {}}
            errors={errors?.form === "new" ? errors.fieldErrors : undefined}
            published
            library={library}
            intent="child-create"
            submitLabel={child.names.create}
          />
        </div>
      </div>
    </Section>
  );
}
