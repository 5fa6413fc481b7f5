import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import type { Mailer } from "~/features/email/mailer.server";
import type { MailOutbox } from "~/features/email/outbox.server";
import { queueMonthlyDigest } from "~/features/newsletter/digest.server";
import { workTheSendQueue } from "~/features/newsletter/sending.server";
import { forgetStaleSubscribers } from "~/features/newsletter/subscription.server";
import { pruneRateLimits } from "~/features/accounts/email-rate-limit.server";
import { processStaleUploads, type ProcessingDependencies } from "~/features/media/library.server";
import { removeExpiredHolds } from "~/features/rental/holds.server";
import { sendBalanceReminders } from "~/features/rental/reminders.server";
import { expireRequests } from "~/features/rental/requests.server";
import { releaseAllRunOutHolds } from "~/features/tickets/holds.server";
import { forgetPastWaitlists, mailWaitlistOffers } from "~/features/tickets/waitlist.server";
import type { Freshness } from "~/lib/freshness";
import type { Job } from "./jobs.server";

/** The site's background jobs; Systemstatus (/test) shows each with its last run. */
export function siteJobs(options: {
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
}): Job[] {
  const sending = {
    db: options.db,
    delivery: options.bulkDelivery,
    publicUrl: options.publicUrl,
    logger: options.logger,
  };
  return [
    {
      name: "mail-outbox",
      label: "Sender e-mails fra udbakken",
      everySeconds: 15,
      exclusive: false,
      run: () => options.outbox.deliverDue(),
    },
    {
      name: "expired-holds",
      label: "Rydder udløbne dage i kurve",
      everySeconds: 60,
      exclusive: true,
      // The freed days reach visitors' calendars through the database's notices (server/freshness.ts).
      run: () => removeExpiredHolds(options.db),
    },
    {
      name: "ticket-holds",
      label: "Frigiver billetter, der ikke blev betalt, og giver dem til ventelisten",
      everySeconds: 60,
      exclusive: true,
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
      everySeconds: 60,
      exclusive: true,
      run: () => expireRequests(options),
    },
    {
      name: "balance-reminders",
      label: "Minder lejere om restbeløb",
      everySeconds: 15 * 60,
      exclusive: true,
      run: () => sendBalanceReminders(options),
    },
    {
      // Library uploads whose instance stopped before processing them (decision 020); rows are claimed one by one.
      name: "media-processing",
      label: "Behandler uploadede billeder, som ingen har taget sig af",
      everySeconds: 60,
      exclusive: false,
      run: () => processStaleUploads(options.media),
    },
    {
      // Every instance takes turns at the queue; the rate holds across them (decision 040). A turn is short, so
      // a stopping server waits a few seconds at most, and another turn follows two seconds after.
      name: "newsletter-sending",
      label: "Sender nyhedsbreve",
      everySeconds: 2,
      exclusive: false,
      run: (turn) => workTheSendQueue(sending, { forMs: 5000, signal: turn?.signal }),
    },
    {
      name: "newsletter-digest",
      label: "Lægger månedens koncertbrev i køen den 1. kl. 10",
      everySeconds: 5 * 60,
      exclusive: true,
      run: () => queueMonthlyDigest(options.db, options.publicUrl),
    },
    {
      name: "newsletter-forgetting",
      label: "Glemmer ubekræftede og afmeldte nyhedsbrevsadresser efter 30 dage",
      everySeconds: 60 * 60,
      exclusive: true,
      run: () => forgetStaleSubscribers(options.db),
    },
    {
      name: "rate-limit-pruning",
      label: "Sletter tællere for forsøg (med deres adresser) efter et døgn",
      everySeconds: 60 * 60,
      exclusive: true,
      run: () => pruneRateLimits(options.db),
    },
    {
      name: "sent-mail-pruning",
      label: "Sletter sendte e-mails efter 30 dage",
      everySeconds: 60 * 60,
      exclusive: true,
      run: () => options.outbox.pruneSent(),
    },
  ];
}
