import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { getDb } from "~/db/db.server";
import { getProfile } from "~/features/accounts/profile.server";
import { formatDanishPhone } from "~/features/accounts/schemas";
import { requireUser } from "~/features/accounts/session.server";
import { formatDateTime } from "~/lib/format";
import type { Route } from "./+types/bruger";

export function meta() {
  return [{ title: "Mine oplysninger" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const profile = await getProfile(getDb(), user.id);
  return {
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    address: profile?.address ?? null,
    phone: profile?.phone ? formatDanishPhone(profile.phone) : null,
    lastLogin: profile ? formatDateTime(profile.lastLoginAt) : null,
  };
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="grid gap-1 border-b border-border py-4 sm:grid-cols-3">
      <dt className="font-semibold">{label}</dt>
      <dd className="text-muted sm:col-span-2">{value ?? <span className="italic">Ikke udfyldt</span>}</dd>
    </div>
  );
}

export default function MyDetails({ loaderData }: Route.ComponentProps) {
  const { name, email, emailVerified, address, phone, lastLogin } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 pt-12 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">Mine oplysninger</h1>
      <dl className="mt-8">
        <Detail label="Navn" value={name} />
        <Detail label="E-mail" value={emailVerified ? email : `${email} (ikke bekræftet endnu)`} />
        <Detail label="Adresse" value={address} />
        <Detail label="Telefon" value={phone} />
        <Detail label="Sidst logget ind" value={lastLogin} />
      </dl>
      <Link to="/bruger/update" className={`${buttonStyles.primary} mt-8`}>
        Ret adresse og telefon
      </Link>
    </div>
  );
}
