import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  /** The whole message as written, for attachments. */
  raw: string;
}

function decodeQuotedPrintable(body: string) {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeHeader(value: string) {
  // The space between two encoded words of a folded header is no part of the text (RFC 2047, 6.2).
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_match, encoded: string) =>
      decodeQuotedPrintable(encoded.replace(/_/g, " ")),
    );
}

async function readMail(file: string): Promise<OutboxMail> {
  const raw = await readFile(file, "utf8");
  const header = (name: string) =>
    decodeHeader(
      raw.match(new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, "mi"))?.[1]?.replace(/\r?\n[ \t]+/g, " ") ?? "",
    );
  const textPart =
    raw
      .split(/Content-Type: text\/plain[^\n]*\n/i)[1]
      ?.split(/\n\n/)
      .slice(1)
      .join("\n\n")
      .split(/\n--/)[0] ?? "";
  const quoted = /Content-Transfer-Encoding: quoted-printable/i.test(raw.split(/Content-Type: text\/plain/i)[1] ?? "");
  return {
    to: header("To"),
    subject: header("Subject"),
    text: quoted ? decodeQuotedPrintable(textPart) : textPart,
    raw,
  };
}

/**
 * Waits for the newest message to an address in a server's outbox (DATA_DIR/outbox/*.eml): the main test
 * server's, or any of the given data directories (instances sharing a database each deliver some of the mail).
 */
export async function waitForMail(
  to: string,
  subject: RegExp,
  dataDirs: string[] = [process.env.E2E_DATA_DIR!],
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const files = (
          await Promise.all(
            dataDirs.map(async (dataDir) => {
              const directory = path.join(dataDir, "outbox");
              const names = await readdir(directory).catch(() => [] as string[]);
              return names.filter((name) => name.endsWith(".eml")).map((name) => ({ name, directory }));
            }),
          )
        )
          .flat()
          .sort((a, b) => a.name.localeCompare(b.name))
          .reverse();
        for (const file of files) {
          const mail = await readMail(path.join(file.directory, file.name));
          if (mail.to.includes(to) && subject.test(mail.subject)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail to ${to} with subject ${subject}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** How many messages to an address with a subject are in the main test server's outbox now. */
export async function countMail(to: string, subject: RegExp, dataDir = process.env.E2E_DATA_DIR!) {
  const directory = path.join(dataDir, "outbox");
  const names = (await readdir(directory).catch(() => [] as string[])).filter((name) => name.endsWith(".eml"));
  const mails = await Promise.all(names.map((name) => readMail(path.join(directory, name))));
  return mails.filter((mail) => mail.to.includes(to) && subject.test(mail.subject)).length;
}

export function firstLink(mail: OutboxMail) {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No link in the e-mail "${mail.subject}"`);
  return link;
}
