import { Link } from "react-router";
import { StoredImage } from "~/components/ui/stored-image";
import { formatDate } from "~/lib/format";
import type { getBanners, getLatestArticles } from "../public.server";
import { DraftBadge } from "./album-list";
import { RichText } from "./rich-text";
import { Section } from "~/components/ui/section";

type BannerView = Awaited<ReturnType<typeof getBanners>>[number];

/**
 * The banners as a full-page parallax story: each image fills the screen and drifts slower than the text.
 * The motion is pure CSS (a scroll-driven animation) and only exists without prefers-reduced-motion.
 */
export function ParallaxStory({ banners }: { banners: BannerView[] }) {
  if (banners.length === 0)
    return <p className="mx-auto max-w-3xl px-4 py-24 text-center text-muted">Der er ingen bannere endnu.</p>;
  return (
    <div>
      {banners.map((banner, index) => (
        <section
          key={banner.id}
          aria-labelledby={`banner-${banner.id}`}
          className="parallax-panel relative isolate grid min-h-dvh place-items-center overflow-hidden"
        >
          <StoredImage
            image={banner.image}
            sizes="100vw"
            priority={index === 0}
            focusY={banner.range}
            className="parallax-image absolute inset-0 -z-10 size-full object-cover"
          />
          <div className="absolute inset-0 -z-10 bg-black/45" />
          <div className="mx-4 max-w-3xl text-center text-white">
            <h2
              id={`banner-${banner.id}`}
              className="font-display text-5xl font-bold tracking-tight text-balance sm:text-7xl"
            >
              {banner.title}
              {!banner.published && <DraftBadge />}
            </h2>
            <p className="mt-5 text-xl text-white/90 sm:text-2xl">{banner.text}</p>
          </div>
        </section>
      ))}
    </div>
  );
}

/** The front page's banners: wide cards that crop around each banner's focal point. */
export function BannerRow({ banners, siteName }: { banners: BannerView[]; siteName: string }) {
  if (banners.length === 0) return null;
  return (
    <section aria-labelledby="bannere" className="mx-auto max-w-6xl px-4 pt-20">
      {/* Wraps where the name and the link do not fit on one line: a long venue name, or wide system fonts. */}
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <h2 id="bannere" className="font-display text-3xl font-bold">
          Oplev {siteName}
        </h2>
        <Link to="/parallex" className="font-semibold text-accent underline-offset-4 hover:underline">
          Se hele historien
        </Link>
      </div>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {banners.map((banner) => (
          <li key={banner.id} className="relative isolate overflow-hidden rounded-2xl">
            <StoredImage
              image={banner.image}
              sizes="(min-width: 768px) 22rem, 100vw"
              focusY={banner.range}
              className="absolute inset-0 -z-10 size-full object-cover"
            />
            <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/85 via-black/40 to-transparent" />
            <div className="flex min-h-64 flex-col justify-end p-5 text-white">
              <h3 className="font-display text-2xl font-bold">
                {banner.title}
                {!banner.published && <DraftBadge />}
              </h3>
              <p className="mt-1 text-white/90">{banner.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LatestArticles({ articles }: { articles: Awaited<ReturnType<typeof getLatestArticles>> }) {
  if (articles.length === 0) return null;
  return (
    <Section
      title="Nyheder"
      className="mx-auto max-w-6xl px-4 pt-20"
      headingClassName="font-display text-3xl font-bold"
    >
      <div className="mt-6 grid gap-8 md:grid-cols-3">
        {articles.map((article) => (
          <article
            key={article.id}
            aria-labelledby={`artikel-${article.id}`}
            className="overflow-hidden rounded-2xl border border-border bg-surface-raised"
          >
            <StoredImage
              image={article.image}
              sizes="(min-width: 768px) 22rem, 100vw"
              className="aspect-[3/2] w-full object-cover"
            />
            <div className="p-5">
              <p className="text-sm text-muted">
                <time dateTime={article.createdAt.toISOString()}>{formatDate(article.createdAt)}</time>
              </p>
              <h3 id={`artikel-${article.id}`} className="mt-1 font-display text-xl font-bold">
                {article.header}
                {!article.published && <DraftBadge />}
              </h3>
              <div className="mt-2 grid gap-2 text-muted">
                <RichText blocks={article.body} headingLevel={4} />
              </div>
            </div>
          </article>
        ))}
      </div>
    </Section>
  );
}
