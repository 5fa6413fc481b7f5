import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface SmtpSink {
  url: string;
  /** Messages taken per recipient address. */
  counts: Map<string, number>;
  /** Every message's raw text, when asked to keep them (a send to a few). */
  messages: { to: string[]; raw: string }[];
  total(): number;
  close(): Promise<void>;
}

/** A local SMTP server that takes every message, counting them by recipient; the newsletter tests' mail server. */
export async function startSmtpSink({ keep = false }: { keep?: boolean } = {}): Promise<SmtpSink> {
  const counts = new Map<string, number>();
  const messages: SmtpSink["messages"] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => keep && chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        for (const address of to) counts.set(address, (counts.get(address) ?? 0) + 1);
        if (keep) messages.push({ to, raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  // A client killed in the middle of a message resets its connection: nothing the sink needs to hear of.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    counts,
    messages,
    total: () => [...counts.values()].reduce((sum, count) => sum + count, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
