import { Link } from "react-router";
import type { PublicSiteSettings } from "~/features/site/settings";
import { siteMenu } from "~/features/site/navigation";

export function SiteFooter({ settings }: { settings: PublicSiteSettings }) {
  const phoneHref = settings.phone.replace(/[^+\d]/g, "");
  return (
    <footer className="mt-24 border-t border-border bg-surface-sunken">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <p className="font-display text-xl font-bold">{settings.siteName}</p>
          {settings.tagline && <p className="mt-2 text-sm text-muted">{settings.tagline}</p>}
        </div>
        {settings.streetAddress && (
          <address className="text-sm leading-relaxed text-muted not-italic">
            <span className="font-semibold text-ink">{settings.businessName}</span>
            <br />
            {settings.streetAddress}
            <br />
            {settings.postalCode} {settings.city}
            <br />
            <a className="underline underline-offset-2 hover:text-accent" href={`mailto:${settings.email}`}>
              {settings.email}
            </a>
            <br />
            <a className="underline underline-offset-2 hover:text-accent" href={`tel:${phoneHref}`}>
              {settings.phone}
            </a>
            <br />
            CVR {settings.cvr}
          </address>
        )}
        <nav aria-label="Sider">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
            {siteMenu.map((entry) => (
              <li key={entry.code}>
                <Link to={entry.href} className="text-muted underline-offset-2 hover:text-ink hover:underline">
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
