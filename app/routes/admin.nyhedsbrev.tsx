import { redirect } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { overviewFormSchema, subscriberSearchSchema } from "~/features/newsletter/admin/forms";
import { GrowthChart, namedMonth } from "~/features/newsletter/admin/growth-chart";
import { LetterList, letterPath } from "~/features/newsletter/admin/letter-list";
import { SettingsForm } from "~/features/newsletter/admin/settings-form";
import { SubscriberCounts, SubscriberList } from "~/features/newsletter/admin/subscriber-list";
import { letterStatusNames, sourceName, subscriberStatusNames } from "~/features/newsletter/admin/words";
import { newLetterDraft } from "~/features/newsletter/letter-form";
import { listLetters, saveLetter } from "~/features/newsletter/letters.server";
import { newsletterSettingsOf, saveNewsletterSettings } from "~/features/newsletter/newsletter-settings.server";
import { forgetSubscription } from "~/features/newsletter/subscription.server";
import {
  listSubscribers,
  subscriberCounts,
  subscriberGrowth,
  SUBSCRIBERS_PAGE_SIZE,
} from "~/features/newsletter/subscribers.server";
import { errorToast, successToast } from "~/features/toast/toast";
import { collaborators } from "~/lib/collaborators.server";
import { answer, parseSubmission, withErrorToast } from "~/lib/form";
import { formatDateTime } from "~/lib/format";
import { privatePageMeta } from "~/lib/private-page";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/admin.nyhedsbrev";
import { Section } from "~/components/ui/section";

export const meta = () => privatePageMeta("Nyhedsbrev");

type LetterListed = Awaited<ReturnType<typeof listLetters>>[number];

function letterWhen(letter: LetterListed) {
  if (letter.status === "draft" || !letter.sendAt) return `Oprettet ${formatDateTime(letter.createdAt)}`;
  if (letter.status === "scheduled") return `Planlagt til ${formatDateTime(letter.sendAt)}`;
  if (letter.status === "sending") return `Sendes fra ${formatDateTime(letter.sendAt)}`;
  return `Sendt ${formatDateTime(letter.sendAt)}`;
}

/** The newsletter: its letters, its subscribers (counts, growth, search, list) and its settings. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const search = subscriberSearchSchema.parse(Object.fromEntries(url.searchParams));
  const [counts, growth, list, letters, settings] = await Promise.all([
    subscriberCounts(db),
    subscriberGrowth(db),
    listSubscribers(db, { query: search.q, page: search.side }),
    listLetters(db),
    newsletterSettingsOf(db),
  ]);
  return {
    counts,
    growth: growth.map(namedMonth),
    query: search.q,
    page: search.side,
    pages: Math.max(1, Math.ceil(list.total / SUBSCRIBERS_PAGE_SIZE)),
    total: list.total,
    subscribers: list.subscribers.map((subscriber) => ({
      id: subscriber.id,
      email: subscriber.email,
      name: subscriber.name,
      status: subscriberStatusNames[subscriber.status],
      signedUp: formatDateTime(subscriber.requestedAt),
      confirmed: subscriber.confirmedAt ? formatDateTime(subscriber.confirmedAt) : null,
      source: sourceName(subscriber.source),
    })),
    letters: letters.map((letter) => ({
      id: letter.id,
      subject: letter.subject,
      status: letterStatusNames[letter.status],
      when: letterWhen(letter),
      recipients: letter.status === "sending" || letter.status === "sent" ? letter.recipients : null,
      digest: letter.digestMonth !== null,
    })),
    settings,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth } = collaborators();
  const admin = await requireAdmin(auth, request, url);
  const submission = parseSubmission(await readFormData(request), overviewFormSchema);
  if (!submission.ok) {
    const refused = submission.answer;
    // The settings' fields say what is wrong by themselves; the other forms are a button each.
    return answer(refused.intent === "settings" ? refused : withErrorToast(refused), 400);
  }
  const asked = submission.value;
  if (asked.intent === "new-letter") {
    const saved = await saveLetter(db, { ...newLetterDraft(), createdBy: admin.id });
    if (!saved.ok) return answer({ intent: asked.intent, toast: errorToast("Brevet kunne ikke oprettes") }, 500);
    return redirect(letterPath(saved.id));
  }
  if (asked.intent === "remove") {
    const removed = await forgetSubscription(db, { id: asked.id });
    if (!removed) return answer({ intent: asked.intent, toast: errorToast("Adressen var allerede fjernet") }, 404);
    return answer({ intent: asked.intent, toast: successToast("Adressen er fjernet fra listen") });
  }
  await saveNewsletterSettings(db, {
    messagesPerSecond: asked.hastighed,
    monthlyDigest: asked.maanedsbrev === "ja",
  });
  return answer({ intent: asked.intent, toast: successToast("Indstillingerne er gemt") });
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  return (
    <div className="mx-auto grid max-w-6xl gap-14 px-4 pt-12 pb-24 sm:pt-16">
      <div>
        <h1 className="font-display text-4xl font-bold tracking-tight">Nyhedsbrev</h1>
        <p className="mt-2 max-w-2xl text-muted">
          Skriv breve til dem, der har tilmeldt sig, følg listen, og vælg hvor hurtigt brevene sendes.
        </p>
      </div>
      <Section title="Breve" className="grid gap-4">
        <LetterList letters={loaderData.letters} answer={actionData} />
      </Section>
      <Section title="Abonnenter" className="grid gap-6">
        <SubscriberCounts counts={loaderData.counts} />
        <GrowthChart months={loaderData.growth} />
        <SubscriberList
          subscribers={loaderData.subscribers}
          total={loaderData.total}
          page={loaderData.page}
          pages={loaderData.pages}
          query={loaderData.query}
        />
      </Section>
      <Section title="Indstillinger" className="grid gap-4">
        <SettingsForm settings={loaderData.settings} answer={actionData} />
      </Section>
    </div>
  );
}
