import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import type { Mailer } from "~/features/email/mailer.server";
import type { MailOutbox } from "~/features/email/outbox.server";
import { queueMonthlyDigest } from "~/features/newsletter/digest.server";
import { workTheSendQueue } from "~/features/newsletter/sending.server";
import { forgetStaleSubscribers } from "~/features/newsletter/subscription.server";
import { pruneRateLimits } from "~/features/accounts/email-rate-limit.server";
import { mediaHandler, type ProcessingDependencies } from "~/features/media/library.server";
import { pruneDone, type QueueHandler } from "~/features/queue/queue.server";
import type { RecurringJob } from "~/features/queue/worker.server";
import { removeExpiredHolds } from "~/features/rental/holds.server";
import { sendBalanceReminders } from "~/features/rental/reminders.server";
import { expireRequests } from "~/features/rental/requests.server";
import { releaseAllRunOutHolds } from "~/features/tickets/holds.server";
import { forgetPastWaitlists, mailWaitlistOffers } from "~/features/tickets/waitlist.server";
import type { Freshness } from "~/lib/freshness";

/**
 * The site's background work on the one queue (decision 061): the queues' handlers (e-mail, media) and the
 * recurring jobs, which Systemstatus (/test) shows with their last turn.
 */
export function siteWork(options: {
  db: Database;
  outbox: MailOutbox;
  media: ProcessingDependencies;
  publicUrl: string;
  freshness: Freshness;
  /** The payment provider's name, for the orders the waitlists are offered; null when none is set up. */
  paymentProvider: string | null;
  /** The newsletter's transport (SMTP with a pool, or the .eml folder). */
  bulkDelivery: Mailer;
  logger: Logger;
}): { handlers: QueueHandler[]; recurring: RecurringJob[] } {
  const sending = {
    db: options.db,
    delivery: options.bulkDelivery,
    publicUrl: options.publicUrl,
    logger: options.logger,
  };
  const handlers: QueueHandler[] = [options.outbox.handler, mediaHandler(options.media)];
  const recurring: RecurringJob[] = [
    {
      name: "expired-holds",
      label: "Rydder udløbne dage i kurve",
      every: { seconds: 60 },
      // The freed days reach visitors' calendars through the database's notices (server/freshness.ts).
      run: () => removeExpiredHolds(options.db),
    },
    {
      name: "ticket-holds",
      label: "Frigiver billetter, der ikke blev betalt, og giver dem til ventelisten",
      every: { seconds: 60 },
      // A sold-out concert may have tickets again: its pages say so at once.
      run: async () => {
        const freed = await releaseAllRunOutHolds(options.db, options.paymentProvider);
        // Offers made here, or by a hold or refund whose own mailing failed, are mailed once.
        await mailWaitlistOffers({ db: options.db, mailer: options.outbox, config: { PUBLIC_URL: options.publicUrl } });
        await forgetPastWaitlists(options.db);
        if (freed > 0) await options.freshness.changed("content");
      },
    },
    {
      name: "request-expiry",
      label: "Lader ubesvarede forespørgsler og tilbud udløbe",
      every: { seconds: 60 },
      run: () => expireRequests(options),
    },
    {
      name: "balance-reminders",
      label: "Minder lejere om restbeløb",
      every: { seconds: 15 * 60 },
      run: () => sendBalanceReminders(options),
    },
    {
      // One instance's turn at a time; the rate holds across instances anyway (decision 040). Turns of 5 seconds, the
      // next a second after: a send to 10,000 goes as fast as under the job runner and the admin's pages answer as
      // fast meanwhile (turns of 20 seconds sent 12 % faster, but the admin's p99 doubled: docs/performance.md). A
      // stopping server's turn ends after the second's worth on its way.
      name: "newsletter-sending",
      label: "Sender nyhedsbreve",
      every: { seconds: 1 },
      run: ({ signal }) => workTheSendQueue(sending, { forMs: 5000, signal }),
    },
    {
      name: "newsletter-digest",
      label: "Lægger månedens koncertbrev i køen den 1. kl. 10",
      every: { seconds: 5 * 60 },
      run: () => queueMonthlyDigest(options.db, options.publicUrl),
    },
    {
      name: "newsletter-forgetting",
      label: "Glemmer ubekræftede og afmeldte nyhedsbrevsadresser efter 30 dage",
      every: { seconds: 60 * 60 },
      run: () => forgetStaleSubscribers(options.db),
    },
    {
      name: "rate-limit-pruning",
      label: "Sletter tællere for forsøg (med deres adresser) efter et døgn",
      every: { seconds: 60 * 60 },
      run: () => pruneRateLimits(options.db),
    },
    {
      name: "queue-pruning",
      label: "Sletter færdige job i køen, sendte e-mails efter 30 dage",
      every: { seconds: 60 * 60 },
      run: () => Promise.all(handlers.map((handler) => pruneDone(options.db, handler.queue, handler.keepDoneDays))),
    },
  ];
  return { handlers, recurring };
}
