import type { ReactNode } from "react";
import { StoredImage } from "~/components/ui/stored-image";
import type { PageView } from "../page-view";
import { RichText } from "./rich-text";

export function EmptyPageNotice() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-bold">Siden er tom</h1>
      <p className="mt-4 text-lg text-muted">Der er endnu ikke lagt indhold på denne side. Kig forbi igen senere.</p>
    </section>
  );
}

/** The front page: a full-width hero, then sections alternating image left and right. */
export function FrontPage({ page, tagline }: { page: PageView; tagline: string }) {
  return (
    <>
      <section className="relative isolate overflow-hidden bg-surface-sunken">
        {page.image && (
          <StoredImage
            image={page.image}
            sizes="100vw"
            priority
            className="absolute inset-0 -z-10 size-full object-cover"
          />
        )}
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/80 via-black/40 to-black/10" />
        <div className="mx-auto flex min-h-[60vh] max-w-6xl flex-col justify-end px-4 pt-32 pb-16 text-white">
          <h1 className="max-w-3xl font-display text-5xl font-bold tracking-tight text-balance sm:text-7xl">
            {page.header}
          </h1>
          {tagline && <p className="mt-4 max-w-2xl text-lg text-white/90 sm:text-xl">{tagline}</p>}
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-20 px-4 pt-20">
        {page.sections.map((section, index) => (
          <section key={section.id} className="grid items-center gap-8 md:grid-cols-2 md:gap-14">
            {section.image && (
              <StoredImage
                image={section.image}
                sizes="(min-width: 768px) 34rem, 100vw"
                className={`aspect-[3/2] w-full rounded-2xl object-cover shadow-lg ${index % 2 === 1 ? "md:order-last" : ""}`}
              />
            )}
            <div className={section.image ? "" : "md:col-span-2 md:max-w-3xl"}>
              <h2 className="font-display text-3xl font-bold">{section.header}</h2>
              <div className="mt-4 grid gap-4 text-lg leading-relaxed text-muted">
                <RichText blocks={section.body} />
              </div>
            </div>
          </section>
        ))}
      </div>
    </>
  );
}

/** Every other content page: title, optional banner image and the sections as a readable column. */
export function ArticlePage({ page, lead, children }: { page: PageView; lead?: ReactNode; children?: ReactNode }) {
  return (
    <article className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">{page.header}</h1>
      {page.image && (
        <StoredImage
          image={page.image}
          sizes="(min-width: 72rem) 70rem, 100vw"
          priority
          className="mt-8 aspect-[21/9] w-full rounded-2xl object-cover"
        />
      )}
      <div className="mt-10 grid max-w-3xl gap-10">
        {lead}
        {page.sections.map((section) => (
          <section key={section.id}>
            <h2 className="font-display text-2xl font-bold">{section.header}</h2>
            {section.image && (
              <StoredImage
                image={section.image}
                sizes="(min-width: 48rem) 48rem, 100vw"
                className="mt-4 aspect-[3/2] w-full rounded-xl object-cover"
              />
            )}
            <div className="mt-3 grid gap-3 leading-relaxed text-muted">
              <RichText blocks={section.body} />
            </div>
          </section>
        ))}
      </div>
      {children}
    </article>
  );
}

/** Shown above the content when the admin previews drafts. */
export function PreviewNotice() {
  return (
    <p
      role="status"
      className="bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-50"
    >
      Forhåndsvisning: kladder vises også. Besøgende ser kun det publicerede.
    </p>
  );
}
