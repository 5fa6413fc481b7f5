// A newsletter to 10,000 subscribers (issue 37): the production server sends one letter through a local SMTP server
// at the set rate, while the admin reads the newsletter pages (the letter's progress, the subscribers) twice a second.
// Passes when every subscriber gets exactly one message, the server's resident memory grows by at most 50 MB from
// before the send to its end, and the admin pages answer with p99 ≤ 500 ms meanwhile. Runs on PGlite, and also on
// PostgreSQL (a fresh database, dropped afterwards) when TEST_DATABASE_URL or DATABASE_URL is set.
//   npm run bench:newsletter [-- --subscribers N --rate N --engine pglite|postgresql]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { SMTPServer } from "smtp-server";
import {
  cleanUp,
  createDataStore,
  ensureBuild,
  formatNumber,
  percentile,
  PGLITE,
  postgresAdminUrl,
  postgresql,
  signIn,
  sleep,
  startServer,
  wasInterrupted,
  withDatabase,
} from "./lib/server-under-test.mjs";

const { values: options } = parseArgs({
  options: {
    subscribers: { type: "string", default: "10000" },
    rate: { type: "string", default: "200" },
    engine: { type: "string" },
  },
});
const SUBSCRIBERS = Number(options.subscribers);
const RATE = Number(options.rate);
const MAX_GROWTH_MB = 50;
const MAX_ADMIN_P99_MS = 500;
const ADMIN_EVERY_MS = 500;
const ADMIN = { email: "post-admin@example.test", password: "post-admin-password" };
/** The send begins this long after the list is written: time to start, warm up and measure the memory before. */
const SEND_DELAY_SECONDS = 25;

process.chdir(fileURLToPath(new URL("..", import.meta.url)));

/** An SMTP server that takes every message and counts them by recipient. */
async function startMailServer() {
  const counts = new Map();
  let firstMessage = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => firstMessage === null && chunks.push(chunk));
      stream.on("end", () => {
        for (const { address } of session.envelope.rcptTo) counts.set(address, (counts.get(address) ?? 0) + 1);
        firstMessage ??= Buffer.concat(chunks).toString("utf8");
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    counts,
    firstMessage: () => firstMessage,
    total: () => [...counts.values()].reduce((sum, count) => sum + count, 0),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function residentMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** The list and a letter due shortly after the next start, written while the server is stopped. */
async function prepareTheSend(store) {
  return withDatabase(store, async (query) => {
    await query(
      `insert into newsletter_subscribers (email, status, source, consent_wording, unsubscribe_token, confirmed_at)
       select 'fan-' || i || '@example.test', 'subscribed', 'page', 'Ja tak', md5('bench' || i || random()::text), now()
       from generate_series(1, $1::int) as i`,
      [SUBSCRIBERS],
    );
    await query(
      `insert into newsletter_settings (id, messages_per_second) values (1, $1)
       on conflict (id) do update set messages_per_second = excluded.messages_per_second`,
      [RATE],
    );
    const [letter] = await query(
      `insert into newsletter_letters (subject, blocks, status, send_at)
       values ('Nyt fra scenen', $1::jsonb, 'scheduled', now() + make_interval(secs => $2))
       returning id, send_at`,
      [
        JSON.stringify([
          { type: "text", html: "<p>Her er de næste koncerter. Vi ses!</p>" },
          { type: "concerts" },
          { type: "button", label: "Se hele programmet", href: "/koncerter" },
        ]),
        SEND_DELAY_SECONDS,
      ],
    );
    // The demo's own subscribers get it too.
    const [{ count }] = await query(
      "select count(*)::int as count from newsletter_subscribers where status = 'subscribed'",
    );
    return { letterId: letter.id, sendAt: new Date(letter.send_at).getTime(), recipients: count };
  });
}

async function run(engine) {
  console.log(`\n${engine.label}: ${SUBSCRIBERS.toLocaleString("da-DK")} subscribers at ${RATE} messages a second`);
  const store = await createDataStore(engine, "newsletter");
  const mail = await startMailServer();
  const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: mail.url };
  try {
    // The first start migrates and seeds the demo site; the list is written while it is stopped.
    const first = await startServer({ ...store, env });
    await first.stop();
    const { letterId, sendAt, recipients } = await prepareTheSend(store);
    const server = await startServer({ ...store, env });
    const cookie = await signIn(server.url, ADMIN);
    const adminPages = ["/admin/nyhedsbrev", `/admin/nyhedsbrev/breve/${letterId}`];

    const timings = [];
    const failures = [];
    const memory = [];
    let sending = true;
    const admin = (async () => {
      for (let turn = 0; sending; turn += 1) {
        const page = adminPages[turn % adminPages.length];
        const started = performance.now();
        const response = await fetch(`${server.url}${page}`, { headers: { cookie } }).catch((error) => error);
        if (response instanceof Error || !response.ok) failures.push(`${page}: ${response.status ?? response.message}`);
        else await response.arrayBuffer();
        if (mail.total() > 0) timings.push(performance.now() - started);
        await sleep(ADMIN_EVERY_MS);
      }
    })();

    // Just before the send: the server warmed up by the admin's pages, its memory settled.
    await sleep(Math.max(0, sendAt - 2000 - Date.now()));
    const before = residentMb(server.pid);
    const deadline = sendAt + ((SUBSCRIBERS / RATE) * 3 + 120) * 1000;
    while (mail.total() < recipients && Date.now() < deadline && !wasInterrupted()) {
      memory.push(residentMb(server.pid));
      await sleep(250);
    }
    const seconds = (Date.now() - sendAt) / 1000;
    // Anything sent twice would come now.
    await sleep(3000);
    const after = residentMb(server.pid);
    sending = false;
    await admin;
    await server.stop();

    const [letter] = await withDatabase(store, (query) =>
      query(
        "select status, (select count(*)::int from newsletter_deliveries where status = 'sent') as sent from newsletter_letters where id = $1",
        [letterId],
      ),
    );
    const counts = [...mail.counts.values()];
    timings.sort((one, other) => one - other);
    const peak = Math.max(before, ...memory, after);
    const result = {
      engine: engine.label,
      received: mail.total(),
      recipients: mail.counts.size,
      twice: counts.filter((count) => count > 1).length,
      letterStatus: letter?.status,
      seconds,
      rate: mail.total() / seconds,
      residentBeforeMb: before,
      residentPeakMb: peak,
      growthMb: peak - before,
      adminRequests: timings.length,
      adminFailures: failures.length,
      adminP50: percentile(timings, 50),
      adminP99: percentile(timings, 99),
      oneClickHeaders: /^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m.test(mail.firstMessage() ?? ""),
    };
    console.log(
      [
        `  messages received        ${result.received} to ${result.recipients} addresses of ${recipients} on the list; twice to ${result.twice}; letter ${result.letterStatus}`,
        `  send time                ${formatNumber(result.seconds)} s (${formatNumber(result.rate)} a second; set to ${RATE})`,
        `  resident memory          ${formatNumber(before)} MB before, peak ${formatNumber(peak)} MB: grew ${formatNumber(result.growthMb)} MB (max ${MAX_GROWTH_MB})`,
        `  admin pages meanwhile    ${result.adminRequests} answers, p50 ${formatNumber(result.adminP50)} ms, p99 ${formatNumber(result.adminP99)} ms (max ${MAX_ADMIN_P99_MS}); ${result.adminFailures} failed`,
        `  one-click headers        ${result.oneClickHeaders ? "present" : "MISSING"}`,
      ].join("\n"),
    );
    for (const failure of failures.slice(0, 5)) console.log(`    ${failure}`);
    const passed =
      result.received === recipients &&
      result.recipients === recipients &&
      result.twice === 0 &&
      result.letterStatus === "sent" &&
      result.growthMb <= MAX_GROWTH_MB &&
      result.adminP99 <= MAX_ADMIN_P99_MS &&
      result.adminFailures === 0 &&
      result.oneClickHeaders;
    console.log(`  ${passed ? "PASS" : "FAIL"}`);
    return passed;
  } finally {
    await cleanUp();
    await mail.close();
  }
}

ensureBuild();
const engines = options.engine
  ? [options.engine === "pglite" ? PGLITE : postgresql(postgresAdminUrl)]
  : [PGLITE, ...(postgresAdminUrl ? [postgresql(postgresAdminUrl)] : [])];
let allPassed = true;
for (const engine of engines) {
  if (!(await run(engine))) allPassed = false;
}
process.exitCode = allPassed ? 0 : 1;
