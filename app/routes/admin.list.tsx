import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { buttonStyles } from "~/components/ui/button-link";
import { CardTable } from "~/components/ui/card-table";
import { Field } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { StoredImage } from "~/components/ui/stored-image";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { contentTypeOf, readAdminForm, rowAnswer, rowIntent } from "~/features/content/admin/actions.server";
import { rowForms } from "~/features/content/admin/forms";
import { answer, parseSubmission, withErrorToast } from "~/lib/form";
import { DragHandle, RowButtons, StatusBadge, useDragOrder } from "~/features/content/admin/components/row-actions";
import { listRecords, plainValues } from "~/features/content/admin/records.server";
import { typeNamed } from "~/features/content/content-types";
import { fieldsOfKind } from "~/features/content/registry";
import { formatDateTime } from "~/lib/format";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/admin.list";

const searchSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  side: z.coerce.number().int().min(1).catch(1),
  sortering: z.enum(["manual", "newest", "oldest", "title"]).optional().catch(undefined),
});

const sortLabels = {
  manual: "Egen rækkefølge",
  newest: "Nyeste først",
  oldest: "Ældste først",
  title: "Titel (A–Å)",
} as const;

const columns = ["Titel", "Status", "Ændret", "Handlinger"];
/** The heading over the drag handles of a list in its own order. */
const dragColumn = <span className="sr-only">Flyt</span>;

/** A list in its own order shows everything on one page, so dragging can move a row anywhere. */
const MANUAL_ORDER_LIMIT = 500;

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth, contentTypes } = collaborators();
  await requireAdmin(auth, request, url);
  const type = contentTypeOf(contentTypes, url);
  const search = searchSchema.parse(Object.fromEntries(url.searchParams));
  const sort = search.sortering ?? (type.ordered ? "manual" : "newest");
  const list = await listRecords(db, type, {
    search: search.q,
    sort: sort === "manual" && !type.ordered ? "newest" : sort,
    page: search.side,
    pageSize: sort === "manual" ? MANUAL_ORDER_LIMIT : undefined,
  });
  return {
    typeName: type.name,
    q: search.q,
    sort: list.sort,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    records: list.records.map((record) => ({
      id: record.id,
      title: record.title,
      subtitle: type.subtitle?.(plainValues(type, record.values)) ?? "",
      image: record.image,
      published: record.published,
      updated: formatDateTime(record.updatedAt),
      updatedIso: record.updatedAt.toISOString(),
    })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, storage, logger, freshness, contentTypes } = collaborators();
  await requireAdmin(auth, request, url);
  const type = contentTypeOf(contentTypes, url);
  const form = await readAdminForm(request);
  if (form.tooLarge) return form.tooLarge;
  const submission = parseSubmission(form.formData, rowForms);
  if (!submission.ok) return answer(withErrorToast(submission.answer), 400);
  return rowAnswer(await rowIntent({ db, storage, logger, freshness }, type, submission.value));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData ? typeNamed(loaderData.typeName).names.plural : "Administration");
}

export default function AdminList({ loaderData, actionData }: Route.ComponentProps) {
  const { records, total, page, pageCount, sort, q } = loaderData;
  const type = typeNamed(loaderData.typeName);
  const busy = useNavigation().state !== "idle";
  useToastFrom(actionData?.toast);
  const manual = sort === "manual" && !q;
  const { ordered, rowProps } = useDragOrder(records);
  const rows = manual ? ordered : records;
  // A type that never has a picture (an add-on) gets no picture column, unless it has a mark to show there.
  const pictured = fieldsOfKind(type, "image").length > 0 || type.noImageMark !== undefined;
  const shownColumns = pictured ? ["Billede", ...columns] : columns;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-4xl font-bold tracking-tight">{type.names.plural}</h1>
        <Link to={`${type.path}/create`} className={buttonStyles.primary}>
          {type.names.create}
        </Link>
      </div>

      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <Field label="Søg" name="q" type="search" defaultValue={q} className="w-72 max-w-full" />
        <div className="grid gap-1.5">
          <label htmlFor="sort" className="text-sm font-semibold">
            Sortering
          </label>
          <select
            id="sort"
            name="sortering"
            defaultValue={sort}
            className="rounded-xl border border-control-border bg-surface-raised px-4 py-2.5"
          >
            {(Object.keys(sortLabels) as (keyof typeof sortLabels)[])
              .filter((key) => key !== "manual" || type.ordered)
              .map((key) => (
                <option key={key} value={key}>
                  {sortLabels[key]}
                </option>
              ))}
          </select>
        </div>
        <button type="submit" className={buttonStyles.secondary}>
          Vis
        </button>
      </Form>

      <p className="mt-6 text-sm text-muted" aria-live="polite">
        {total === 1 ? "1 i alt" : `${total} i alt`}
        {manual && total > 1 ? " · Træk i håndtaget eller brug pilene for at ændre rækkefølgen på siden." : ""}
      </p>

      {rows.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-border p-8 text-center text-muted">
          {q ? "Ingen resultater." : "Her er tomt endnu."}{" "}
          <Link to={`${type.path}/create`} className="font-semibold text-accent underline-offset-4 hover:underline">
            {type.names.create}
          </Link>
        </p>
      ) : (
        <CardTable
          className="mt-2 pb-24"
          tableClassName="md:min-w-[46rem]"
          aria-busy={busy}
          columns={manual ? [dragColumn, ...shownColumns] : shownColumns}
          widths={[...(manual ? ["w-8"] : []), ...(pictured ? ["w-24"] : [])]}
        >
          {rows.map((record, index) => (
            <tr
              key={record.id}
              className="border-b border-border align-middle"
              {...(manual ? rowProps(record.id) : {})}
            >
              {manual && (
                <td className="py-3">
                  <DragHandle />
                </td>
              )}
              {pictured && (
                <td className="py-3 pr-4">
                  {record.image ? (
                    <StoredImage
                      image={record.image}
                      sizes="5rem"
                      className="aspect-[3/2] w-20 rounded-lg object-cover"
                    />
                  ) : (
                    <span
                      className="grid aspect-[3/2] w-20 place-items-center rounded-lg bg-surface-sunken text-muted"
                      aria-hidden="true"
                    >
                      {type.noImageMark ?? "–"}
                    </span>
                  )}
                </td>
              )}
              <th scope="row" className="min-w-0 py-3 pr-4 font-medium max-md:flex-1 max-md:basis-40">
                <Link to={`${type.path}/${record.id}`} className="font-semibold underline-offset-4 hover:underline">
                  {record.title}
                </Link>
                <span className="line-clamp-1 block font-normal text-muted">{record.subtitle}</span>
              </th>
              <td className="py-3 pr-4">
                <StatusBadge published={record.published} />
              </td>
              <td className="py-3 pr-4 whitespace-nowrap max-md:text-muted" data-label="Ændret">
                <time dateTime={record.updatedIso}>{record.updated}</time>
              </td>
              <td className="py-3 max-md:basis-full">
                <RowButtons
                  record={record}
                  index={index}
                  count={rows.length}
                  movable={manual}
                  duplicable={type.duplicable !== undefined}
                >
                  <Link
                    to={`${type.path}/${record.id}`}
                    className="rounded-full border border-control-border px-3 py-1 text-sm font-medium hover:border-accent"
                    aria-label={`Rediger ${record.title}`}
                  >
                    Rediger
                  </Link>
                </RowButtons>
              </td>
            </tr>
          ))}
        </CardTable>
      )}

      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}
