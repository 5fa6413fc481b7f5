import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, outboxDirectory } from "~/features/email/mailer.server";
import { resetPasswordMessage } from "~/features/email/messages";
import { createMetrics } from "~/lib/metrics.server";

const message = resetPasswordMessage(
  "Havnescenen",
  "mette@example.dk",
  "Mette <b>",
  "http://localhost/nulstil?token=abc&x=1",
);

describe("e-mail over SMTP", () => {
  let server: SMTPServer;
  let port = 0;
  const received: { from: string; to: string[]; mail: ParsedMail }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              mail,
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers a Danish message with text and HTML to a real SMTP server", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "Havnescenen <no-reply@havnescenen.dk>",
      dataDir: "/nonexistent",
      logger: pino({ level: "silent" }),
      metrics: createMetrics(),
    });
    await mailer.send(message);
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery?.from).toBe("no-reply@havnescenen.dk");
    expect(delivery?.to).toEqual(["mette@example.dk"]);
    expect(delivery?.mail.subject).toBe("Nulstil din adgangskode");
    expect(delivery?.mail.text).toContain("Vælg ny adgangskode: http://localhost/nulstil?token=abc&x=1");
    expect(delivery?.mail.html).toContain('<a href="http://localhost/nulstil?token=abc&amp;x=1">');
    expect(delivery?.mail.html).toContain("Hej Mette &lt;b&gt;");
  });
});

describe("e-mail without SMTP", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-outbox-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("writes each message as an .eml file in the outbox", async () => {
    const mailer = createMailer({
      from: "Havnescenen <no-reply@havnescenen.dk>",
      dataDir,
      logger: pino({ level: "silent" }),
      metrics: createMetrics(),
    });
    await mailer.send(message);
    const files = await readdir(outboxDirectory(dataDir));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(await readFile(path.join(outboxDirectory(dataDir), files[0]!)));
    expect(parsed.subject).toBe("Nulstil din adgangskode");
    expect(parsed.text).toContain("Venlig hilsen\nHavnescenen");
  });
});
