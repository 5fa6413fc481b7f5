import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { Field } from "~/components/ui/field";
import { buttonStyles } from "~/components/ui/button-link";
import { getDb } from "~/db/db.server";
import { getProfile, updateContactDetails } from "~/features/accounts/profile.server";
import { contactDetailsSchema, formatDanishPhone } from "~/features/accounts/schemas";
import { requireUser } from "~/features/accounts/session.server";
import { parseForm, type FieldErrors } from "~/lib/form";
import type { Route } from "./+types/bruger.update";

export function meta() {
  return [{ title: "Ret mine oplysninger" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const profile = await getProfile(getDb(), user.id);
  return { address: profile?.address ?? "", phone: profile?.phone ? formatDanishPhone(profile.phone) : "" };
}

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const parsed = parseForm(contactDetailsSchema, await request.formData());
  if (!parsed.success) {
    return data({ fieldErrors: parsed.fieldErrors as FieldErrors, values: parsed.values }, { status: 400 });
  }
  await updateContactDetails(getDb(), user.id, parsed.data);
  throw redirect("/bruger");
}

export default function UpdateMyDetails({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const values = actionData?.values ?? loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 pt-12 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Ret mine oplysninger</h1>
      <p className="mt-3 text-muted">Vi bruger adressen og telefonnummeret på dine reservationer og kvitteringer.</p>
      <Form method="post" className="mt-8 grid gap-5" noValidate>
        <Field label="Adresse" name="address" autoComplete="street-address" required defaultValue={values.address} errors={actionData?.fieldErrors.address} />
        <Field
          label="Telefon"
          name="phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          required
          defaultValue={values.phone}
          hint="Dansk nummer med 8 cifre, fx 20 12 34 56."
          errors={actionData?.fieldErrors.phone}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonStyles.primary} disabled={saving}>
            {saving ? "Gemmer …" : "Gem"}
          </button>
          <Link to="/bruger" className={buttonStyles.secondary}>
            Fortryd
          </Link>
        </div>
      </Form>
    </div>
  );
}
