export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Text as it is; a binary file (an invoice's PDF) as base64 with `encoding: "base64"`. */
  attachments?: { filename: string; content: string; contentType: string; encoding?: "base64" }[];
  /** A newsletter's own Message-ID ("<…@host>"), the same for every try; others get one from nodemailer. */
  messageId?: string;
  /** Further headers (a newsletter's List-Unsubscribe). */
  headers?: Record<string, string>;
}
