import { Link, useLocation } from "react-router";
import type { PublicSiteSettings } from "~/features/site/settings";
import { siteMenu } from "~/features/site/navigation";
import { NewsletterForm } from "~/features/newsletter/components/newsletter-form";

export function SiteFooter({ settings }: { settings: PublicSiteSettings }) {
  const phoneHref = settings.phone.replace(/[^+\d]/g, "");
  // /nyhedsbrev is the form itself, with room for the name too.
  const onNewsletterPage = useLocation().pathname.replace(/\/$/, "") === "/nyhedsbrev";
  return (
    <footer className="mt-24 border-t border-border bg-surface-sunken">
      {!onNewsletterPage && (
        <section aria-labelledby="footer-nyhedsbrev" className="border-b border-border">
          <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-10">
            <div>
              <h2 id="footer-nyhedsbrev" className="font-display text-xl font-bold">
                Nyhedsbrev
              </h2>
              <p className="mt-2 text-sm text-muted">
                Nye koncerter og nyheder i din indbakke.{" "}
                <Link to="/nyhedsbrev/arkiv" className="underline underline-offset-2 hover:text-accent">
                  Se tidligere breve
                </Link>
              </p>
            </div>
            <NewsletterForm source="footer" />
          </div>
        </section>
      )}
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
