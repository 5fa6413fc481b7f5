import { Link } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { done, readAdminForm, saveEntity, resourceOf } from "~/features/content/admin/actions.server";
import { EntityForm } from "~/features/content/admin/components/entity-form";
import { fieldChoices } from "~/features/content/admin/records.server";
import { childResourceOf, resources } from "~/features/content/admin/resources";
import { choosableImages } from "~/features/media/library.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/admin.create";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const resource = resourceOf(url);
  const hasImage = resource.fields.some((field) => field.kind === "image");
  return {
    resourceName: resource.name,
    choices: await fieldChoices(db, resource),
    library: hasImage ? await choosableImages(db) : [],
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, storage, images, logger, freshness } = collaborators();
  const user = await requireAdmin(auth, request, url);
  const resource = resourceOf(url);
  const form = await readAdminForm(request);
  if (form.tooLarge) return form.tooLarge;
  const saved = await saveEntity({ db, storage, images, logger, freshness }, resource, form.formData, {
    userId: user.id,
  });
  if ("error" in saved) return saved.error;
  // Albums and pages get their tracks and sections on their own page; the rest go back to the list.
  const to = childResourceOf(resource) ? `${resource.path}/${saved.id}` : resource.path;
  const what = resource.the.charAt(0).toUpperCase() + resource.the.slice(1);
  return done(to, `${what} er oprettet`);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? resources[loaderData.resourceName].createLabel : "Opret" },
    { name: "robots", content: "noindex" },
  ];
}

export default function AdminCreate({ loaderData, actionData }: Route.ComponentProps) {
  const resource = resources[loaderData.resourceName];
  useToastFrom(actionData?.toast);
  return (
    <div className="mx-auto max-w-2xl px-4 pt-12 pb-24 sm:pt-16">
      <Link to={resource.path} className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
        ← {resource.plural}
      </Link>
      <h1 className="mt-2 font-display text-4xl font-bold tracking-tight">{resource.createLabel}</h1>
      <div className="mt-8">
        <EntityForm
          resource={resource}
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
