import { data } from "react-router";
import { organizationData } from "~/features/seo/structured-data";
import { getSiteSettings } from "~/features/site/settings.server";
import { getReservationSettings } from "~/features/rental/settings.server";
import { holdMinutes } from "~/features/rental/rules";
import { priceListOf } from "~/features/rental/price-list";
import { offeredAddOns } from "~/features/rental/add-ons.server";
import { CurrentPrices } from "~/features/rental/components/price-list";
import { ArticlePage, EmptyPageNotice, PreviewNotice } from "~/features/content/components/page-content";
import { pageMeta } from "~/features/content/meta";
import { pagePaths } from "~/features/content/page-names";
import { pageNameByPath } from "~/features/content/page-view";
import { isAdminPreview, loadPageView } from "~/features/content/public-page.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/content-page";
import { Section } from "~/components/ui/section";

/** One module serves the plain text pages (Priser, Praktisk info, Vilkår, Privatlivspolitik); the path decides which. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth, config } = collaborators();
  // `url` is the page's address (`request.url` of a client navigation ends in ".data").
  const name = pageNameByPath[url.pathname.replace(/(.)\/+$/, "$1")];
  if (!name) throw data(null, { status: 404 });
  const preview = await isAdminPreview(auth, request, url);
  // Priser shows the prices the calendar charges; Vilkår states the cancellation rule the site enforces.
  const rules = name === "prices" || name === "terms" ? await getReservationSettings(db) : null;
  const organization = name === "practical" ? organizationData(config.PUBLIC_URL, await getSiteSettings(db)) : null;
  return {
    name,
    organization,
    page: await loadPageView(db, name, preview),
    preview,
    priceList: rules && name === "prices" ? priceListOf(rules, await offeredAddOns(db)) : null,
    rules: rules && {
      cancellationDays: rules.cancellationDays,
      holdMinutes: holdMinutes(rules),
    },
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const path = loaderData ? pagePaths[loaderData.name] : "/";
  return pageMeta(matches, loaderData?.page, path, { structuredData: loaderData?.organization });
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page, preview, name, rules, priceList } = loaderData;
  const lead = priceList ? (
    <CurrentPrices list={priceList} />
  ) : rules && name === "terms" ? (
    <Section
      title="Afbestilling af en reserveret dag"
      className="rounded-2xl border border-border bg-surface-raised p-5"
    >
      <p className="mt-3 leading-relaxed text-muted">
        Du kan selv afbestille en reserveret dag under Mine reservationer indtil {rules.cancellationDays} dage før
        dagen. Dagen bliver ledig for andre med det samme. En dag i kurven er holdt til dig i {rules.holdMinutes}{" "}
        minutter; betaler du ikke inden da, bliver den ledig igen.
      </p>
    </Section>
  ) : undefined;
  return (
    <>
      {preview && <PreviewNotice />}
      {page.isEmpty ? <EmptyPageNotice /> : <ArticlePage page={page} lead={lead} />}
    </>
  );
}
