import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Metrics } from "~/lib/metrics.server";

import type { MailMessage } from "./mail-message";

export type { MailMessage };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The bulk transport's SMTP connections, and how long one may stay silent before its message fails. */
export const BULK_CONNECTIONS = 3;
export const BULK_SOCKET_TIMEOUT_MS = 20_000;

export function outboxDirectory(dataDir: string) {
  return path.resolve(dataDir, "outbox");
}

interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
  metrics: Pick<Metrics, "emails">;
  /**
   * For a newsletter's many messages (decision 040): a few SMTP connections kept open and used for message after
   * message, and timeouts well inside the send queue's one-minute lease.
   */
  bulk?: boolean;
}

/**
 * With SMTP_URL, mail goes out over SMTP. Without it, each message is written as an .eml file under
 * DATA_DIR/outbox, so a local start and the tests can read what would have been sent.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport = createTransport(options);
  return {
    async send(message) {
      try {
        await transport.send(message);
        options.metrics.emails.inc({ outcome: "sent" });
      } catch (error) {
        options.metrics.emails.inc({ outcome: "failed" });
        throw error;
      }
    },
  };
}

function createTransport(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    // Well inside the outbox's 5-minute lease (and the send queue's, which is sized by them), so a hanging server
    // cannot make a message go out twice.
    const transport = options.bulk
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          pool: true,
          maxConnections: BULK_CONNECTIONS,
          maxMessages: 1000,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: BULK_SOCKET_TIMEOUT_MS,
        })
      : nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        // A newsletter's thousands of messages are counted by its send queue, not logged one by one.
        if (!options.bulk) options.logger.info({ to: message.to, subject: message.subject }, "e-mail sent");
      },
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const directory = outboxDirectory(options.dataDir);
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(directory, { recursive: true });
      const file = path.join(directory, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, info.message as Buffer);
      if (!options.bulk) {
        options.logger.info({ to: message.to, subject: message.subject, file }, "e-mail written to the outbox");
      }
    },
  };
}
