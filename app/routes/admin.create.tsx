import { Link } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { contentTypeOf, done, readAdminForm, saveEntity } from "~/features/content/admin/actions.server";
import { EntityForm } from "~/features/content/admin/components/entity-form";
import { fieldChoices } from "~/features/content/admin/records.server";
import { typeNamed } from "~/features/content/content-types";
import { capitalised, fieldsOfKind } from "~/features/content/registry";
import { choosableImages } from "~/features/media/library.server";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/admin.create";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth, contentTypes } = collaborators();
  await requireAdmin(auth, request, url);
  const type = contentTypeOf(contentTypes, url);
  return {
    typeName: type.name,
    choices: await fieldChoices(db, type),
    library: fieldsOfKind(type, "image").length ? await choosableImages(db) : [],
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, storage, images, logger, freshness, contentTypes } = collaborators();
  const user = await requireAdmin(auth, request, url);
  const type = contentTypeOf(contentTypes, url);
  const form = await readAdminForm(request);
  if (form.tooLarge) return form.tooLarge;
  const saved = await saveEntity({ db, storage, images, logger, freshness }, type, form.formData, {
    userId: user.id,
  });
  if ("error" in saved) return saved.error;
  // Albums and pages get their tracks and sections on their own page; the rest go back to the list.
  return done(type.child ? `${type.path}/${saved.id}` : type.path, `${capitalised(type.names.the)} er oprettet`);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData ? typeNamed(loaderData.typeName).names.create : "Opret");
}

export default function AdminCreate({ loaderData, actionData }: Route.ComponentProps) {
  const type = typeNamed(loaderData.typeName);
  useToastFrom(actionData?.toast);
  return (
    <div className="mx-auto max-w-2xl px-4 pt-12 pb-24 sm:pt-16">
      <Link to={type.path} className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
        ← {type.names.plural}
      </Link>
      <h1 className="mt-2 font-display text-4xl font-bold tracking-tight">{type.names.create}</h1>
      <div className="mt-8">
        <EntityForm
          type={type}
          values={actionData?.values ?? {}}
          errors={actionData?.fieldErrors}
          published
          choices={loaderData.choices}
          library={loaderData.library}
          intent="create"
          submitLabel="Opret"
        />
      </div>
    </div>
  );
}
