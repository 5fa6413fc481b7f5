import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import { errorToast, successToast } from "~/features/toast/toast";
import { answer, parseSubmission, withErrorToast } from "~/lib/form";
import { z } from "zod";
import { buttonStyles } from "~/components/ui/button-link";
import { CardTable } from "~/components/ui/card-table";
import { Field } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { requireAdmin } from "~/features/accounts/session.server";
import { listUsers, SelfChangeError, setDisabled, setRole, USERS_PAGE_SIZE } from "~/features/accounts/users.server";
import { formatDateTime } from "~/lib/format";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/alle-brugere";
import { readFormData } from "~/lib/request-body.server";

export const meta = () => privatePageMeta("Brugere");

const searchSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  side: z.coerce.number().int().min(1).catch(1),
  sorter: z.enum(["navn", "login"]).catch("navn"),
  faldende: z.enum(["1"]).optional().catch(undefined),
});

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const admin = await requireAdmin(auth, request, url);
  const search = searchSchema.parse(Object.fromEntries(url.searchParams));
  const { users, total } = await listUsers(db, {
    query: search.q,
    page: search.side,
    sort: search.sorter === "login" ? "lastLogin" : "name",
    descending: search.faldende === "1",
  });
  return {
    selfId: admin.id,
    total,
    pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
    page: search.side,
    users: users.map((user) => ({ ...user, lastLogin: user.lastLoginAt ? formatDateTime(user.lastLoginAt) : null })),
  };
}

/** A row's buttons: what each says, what its toast says, and whether it would take the admin's own rights. */
const changes = {
  "grant-admin": { label: "Gør til administrator", done: "Brugeren er nu administrator", notOnSelf: false },
  "remove-admin": { label: "Fjern administrator", done: "Administratorrollen er fjernet", notOnSelf: true },
  "grant-door": { label: "Gør til dørpersonale", done: "Brugeren kan nu tjekke billetter ind", notOnSelf: true },
  "remove-door": { label: "Fjern dørpersonale", done: "Brugeren er ikke længere dørpersonale", notOnSelf: false },
  disable: { label: "Spær konto", done: "Kontoen er spærret, og brugeren er logget ud", notOnSelf: true },
  enable: { label: "Genåbn konto", done: "Kontoen er åbnet igen", notOnSelf: false },
};

type Change = keyof typeof changes;

/** A row's buttons: the admin role, door staff for a non-admin, and the account's state. */
const rowChanges = (user: { isAdmin: boolean; isDoorStaff: boolean; disabled: boolean }): Change[] => [
  user.isAdmin ? "remove-admin" : "grant-admin",
  ...(user.isAdmin ? [] : [user.isDoorStaff ? ("remove-door" as const) : ("grant-door" as const)]),
  user.disabled ? "enable" : "disable",
];

const roleAfter = {
  "grant-admin": "admin",
  "remove-admin": "user",
  "grant-door": "door",
  "remove-door": "user",
} as const;

const changeSchema = z.object({
  intent: z.enum(["grant-admin", "remove-admin", "grant-door", "remove-door", "disable", "enable"]),
  userId: z.string().min(1),
});

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth } = collaborators();
  const admin = await requireAdmin(auth, request, url);
  const submission = parseSubmission(await readFormData(request), changeSchema);
  if (!submission.ok) return answer(withErrorToast(submission.answer), 400);
  const { intent, userId } = submission.value;
  try {
    if (intent === "disable" || intent === "enable") await setDisabled(db, admin.id, userId, intent === "disable");
    else await setRole(db, admin.id, userId, roleAfter[intent]);
  } catch (error) {
    if (error instanceof SelfChangeError)
      return answer({ formError: error.message, toast: errorToast(error.message) }, 400);
    throw error;
  }
  return answer({ toast: successToast(changes[intent].done) });
}

function SortLink({ sort, label, className = "" }: { sort: "navn" | "login"; label: string; className?: string }) {
  const [params] = useSearchParams();
  const active = (params.get("sorter") ?? "navn") === sort;
  const descending = active && params.get("faldende") === "1";
  const next = new URLSearchParams(params);
  next.set("sorter", sort);
  next.delete("side");
  if (active && !descending) next.set("faldende", "1");
  else next.delete("faldende");
  return (
    <Link
      to={`?${next}`}
      className={`underline-offset-2 hover:underline ${className}`}
      aria-label={`Sorter efter ${label.toLowerCase()}`}
    >
      {label} {active ? (descending ? "↓" : "↑") : ""}
    </Link>
  );
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { users, total, page, pages, selfId } = loaderData;
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  useToastFrom(actionData?.toast);
  return (
    <div className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Brugere</h1>
      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <Field
          label="Søg efter navn eller e-mail"
          name="q"
          type="search"
          defaultValue={params.get("q") ?? ""}
          className="w-72 max-w-full"
        />
        <button type="submit" className={buttonStyles.secondary}>
          Søg
        </button>
      </Form>
      {actionData?.formError && (
        <p role="alert" className="mt-4 font-medium text-red-700 dark:text-red-300">
          {actionData.formError}
        </p>
      )}
      <p className="mt-6 text-sm text-muted" aria-live="polite">
        {total === 1 ? "1 bruger" : `${total} brugere`}
      </p>
      {/* The table's headings sort; on a phone, where the rows are cards without them, these do. */}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm md:hidden">
        <span className="text-muted">Sorter efter</span>
        <SortLink sort="navn" label="Navn" className="font-semibold underline" />
        <SortLink sort="login" label="Sidst logget ind" className="font-semibold underline" />
      </p>
      <CardTable
        className="mt-2"
        tableClassName="md:min-w-[44rem]"
        aria-busy={busy}
        columns={[
          <SortLink key="navn" sort="navn" label="Navn" />,
          "E-mail",
          <SortLink key="login" sort="login" label="Sidst logget ind" />,
          "Rolle og status",
          "Handlinger",
        ]}
      >
        {users.map((user) => (
          <tr key={user.id} className="border-b border-border align-middle">
            <th scope="row" className="py-3 pr-4 font-medium max-md:basis-full max-md:text-base">
              {user.name}
            </th>
            <td className="py-3 pr-4 wrap-anywhere max-md:basis-full">{user.email}</td>
            <td className="py-3 pr-4 max-md:basis-full" data-label="Sidst logget ind">
              {user.lastLogin ?? "Aldrig"}
            </td>
            <td className="py-3 pr-4 max-md:basis-full">
              {user.isAdmin ? "Administrator" : user.isDoorStaff ? "Dørpersonale" : "Bruger"}
              {user.disabled ? ", spærret" : ""}
            </td>
            <td className="py-3 max-md:basis-full max-md:pt-1">
              <div className="flex flex-wrap gap-2">
                {rowChanges(user).map((intent) => (
                  <Form key={intent} method="post" className="inline">
                    <input type="hidden" name="userId" value={user.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={intent}
                      disabled={changes[intent].notOnSelf && user.id === selfId}
                      className="rounded-full border border-control-border px-3 py-1 text-sm font-medium hover:border-accent disabled:cursor-not-allowed disabled:opacity-50"
                    >
                      {changes[intent].label}
                    </button>
                  </Form>
                ))}
              </div>
            </td>
          </tr>
        ))}
      </CardTable>
      <Pagination page={page} pageCount={pages} />
    </div>
  );
}
