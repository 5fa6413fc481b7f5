// Load test of the production server, a busy evening on loopback: 200 visitors browse the public pages (now and
// then fetching an asset or an image of the page) while 50 signed-in users race for the same 30 days, for 45 s
// (at most 60). It passes when no day is claimed twice, no response is a 5xx, no request fails on the network and
// the server's resident memory settles within 50 MB of what it was after the warm-up (read for up to a minute
// after the load). Then 500 live-calendar streams are opened: they must cost under 50 MB and leave the page p50
// within a quarter of what it was without them. Before all that, the admin uploads twelve 12-megapixel photos at
// once to the media library: the server must settle at 256 MB resident or less within a minute, and it must stay
// at 400 MB or less through the load (issue 18). Runs on PostgreSQL (a fresh database, dropped afterwards) when TEST_DATABASE_URL or DATABASE_URL is set, else on
// PGlite. Prints tables and a verdict per check, writes bench/load.json and exits 1 when a check fails.
//   npm run load [-- --seconds N]
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import sharp from "sharp";
import {
  cleanUp,
  createDataStore,
  decodeSingleFetch,
  ensureBuild,
  findDoubleClaims,
  formatNumber,
  percentile,
  PGLITE,
  postgresAdminUrl,
  postgresql,
  raceForDays,
  signUpUsers,
  signIn,
  sleep,
  startServer,
  todayInCopenhagen,
  wasInterrupted,
} from "./lib/server-under-test.mjs";

const VISITORS = 200;
const USERS = 50;
const CONTESTED_DAYS = 30;
const DEFAULT_SECONDS = 45;
const MAX_SECONDS = 60;
const WARM_UP = { seconds: 5, visitors: 10, users: 5 };
const SAMPLE_INTERVAL_SECONDS = 5;
// The server cannot be told to collect garbage: V8 hands a grown heap back some tens of seconds after a burst.
// Resident memory is read every few seconds after the load until it is back within the limit, for at most a minute.
const SETTLE_STEP_SECONDS = 5;
const SETTLE_MAX_SECONDS = 60;
const MAX_THINK_MS = 200;
const ASSET_CHANCE = 0.25;
const IMAGE_CHANCE = 0.25;
const REQUEST_TIMEOUT_MS = 30_000;
const MB = 1024 * 1024;
const MAX_RESIDENT_GROWTH_MB = 50;
const RESULTS_FILE = "bench/load.json";
// The live calendar's cap on streams from one client address (server/live-calendar.ts).
const STREAMS_PER_ADDRESS = 4;
// Then the live calendar's cost: page answers with and without this many open event streams.
const OPEN_STREAMS = 500;
const STREAM_PHASE = { visitors: 50, seconds: 8 };
const MAX_STREAMS_GROWTH_MB = 50;
// "Not measurably slower": the page p50 with the streams open within a quarter (and 5 ms) of the p50 without.
const MAX_STREAMS_SLOWDOWN = 1.25;
const STREAMS_SLOWDOWN_SLACK_MS = 5;
const BROWSER_HEADERS = { "accept-encoding": "br, gzip" };
// Issue 18: what the web process may hold after a bulk upload (settled within a minute) and during the load.
const PHOTOS = { count: 12, width: 4000, height: 3000 };
const MAX_RESIDENT_AFTER_UPLOADS_MB = 256;
const UPLOADS_SETTLE_SECONDS = 60;
const MAX_RESIDENT_UNDER_LOAD_MB = 400;
const ADMIN = { email: "load-admin@example.test", password: "load-admin-password" };

process.chdir(fileURLToPath(new URL("..", import.meta.url)));

function readSeconds() {
  const { values } = parseArgs({ options: { seconds: { type: "string", default: String(DEFAULT_SECONDS) } } });
  const seconds = Number(values.seconds);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_SECONDS) {
    console.error(`--seconds must be a whole number from 1 to ${MAX_SECONDS}, not ${values.seconds}`);
    process.exit(1);
  }
  return seconds;
}

const pick = (items) => items[Math.floor(Math.random() * items.length)];

/** Requests by kind: statuses, network errors and durations (until the whole body was read). */
function createRequestLog() {
  const kinds = new Map();
  return {
    record({ kind, status, error, milliseconds }) {
      if (!kinds.has(kind)) kinds.set(kind, { statuses: new Map(), networkErrors: [], latenciesMs: [] });
      const entry = kinds.get(kind);
      if (error) {
        entry.networkErrors.push(error.cause?.code ?? error.name ?? error.message);
        return;
      }
      entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
      entry.latenciesMs.push(milliseconds);
    },
    summarize(seconds) {
      return [...kinds].map(([kind, { statuses, networkErrors, latenciesMs }]) => {
        const sorted = latenciesMs.toSorted((a, b) => a - b);
        const requests = sorted.length + networkErrors.length;
        return {
          kind,
          requests,
          requestsPerSecond: requests / seconds,
          p50Ms: percentile(sorted, 50),
          p99Ms: percentile(sorted, 99),
          statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
          serverErrors: [...statuses].reduce((sum, [status, count]) => sum + (status >= 500 ? count : 0), 0),
          networkErrors: networkErrors.length,
          networkErrorCodes: [...new Set(networkErrors)],
        };
      });
    },
  };
}

async function getAndRecord(baseUrl, kind, pathAndQuery, log) {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${pathAndQuery}`, {
      headers: BROWSER_HEADERS,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    log.record({ kind, status: response.status, milliseconds: performance.now() - started });
  } catch (error) {
    log.record({ kind, error, milliseconds: performance.now() - started });
  }
}

function nextMonth(month) {
  const [year, monthNumber] = month.split("-").map(Number);
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, "0")}`;
}

/**
 * The public pages visitors browse, by kind (album pages are one kind), each with the hashed assets and stored
 * images its HTML refers to. Album addresses come from the sitemap.
 */
async function discoverPages(baseUrl) {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const sitemapPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, location]) => new URL(location).pathname);
  const albumPaths = sitemapPaths.filter((pathname) => /^\/musik\/[^/]+$/.test(pathname));
  const concertPaths = sitemapPaths.filter((pathname) => /^\/koncerter\/[0-9a-f-]{36}$/.test(pathname));
  if (albumPaths.length === 0) throw new Error("The sitemap lists no album page");
  if (concertPaths.length === 0) throw new Error("The sitemap lists no concert page");
  const month = nextMonth(todayInCopenhagen().slice(0, 7));
  const pathsByKind = {
    "/": ["/"],
    "/musik": ["/musik"],
    "/musik/:id": albumPaths,
    "/koncerter": ["/koncerter"],
    "/koncerter/:id": concertPaths,
    "/videoer": ["/videoer"],
    "/billeder": ["/billeder"],
    "/priser": ["/priser"],
    "/praktisk-info": ["/praktisk-info"],
    "/reservation": ["/reservation"],
    "/reservation?maaned=…": [`/reservation?maaned=${month}`],
  };
  return Promise.all(
    Object.entries(pathsByKind).map(async ([kind, paths]) => ({
      kind,
      variants: await Promise.all(
        paths.map(async (pagePath) => {
          const response = await fetch(`${baseUrl}${pagePath}`, { headers: BROWSER_HEADERS });
          const html = await response.text();
          if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status} before the load`);
          const unique = (pattern) => [...new Set(html.match(pattern) ?? [])];
          return {
            path: pagePath,
            assets: unique(/\/assets\/[\w.-]+\.(?:js|css)/g),
            images: unique(/\/storage\/v1\/object\/public\/[\w./%-]+\.(?:avif|webp|jpe?g|png)/g),
          };
        }),
      ),
    })),
  );
}

/** A visitor until the deadline: a page, now and then one of its assets or images, a short think between requests. */
async function browse(baseUrl, pages, deadline, log) {
  while (Date.now() < deadline) {
    const { kind, variants } = pick(pages);
    const page = pick(variants);
    await getAndRecord(baseUrl, kind, page.path, log);
    for (const [resourceKind, resources, chance] of [
      ["asset", page.assets, ASSET_CHANCE],
      ["image", page.images, IMAGE_CHANCE],
    ]) {
      if (resources.length === 0 || Math.random() >= chance || Date.now() >= deadline) continue;
      await sleep(Math.random() * MAX_THINK_MS);
      await getAndRecord(baseUrl, resourceKind, pick(resources), log);
    }
    await sleep(Math.random() * MAX_THINK_MS);
  }
}

/** The p50 and p99 of page answers while `visitors` browse pages only (no assets) for `seconds`. */
async function pageLatency(baseUrl, pages, { visitors, seconds }) {
  const log = createRequestLog();
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: visitors }, async () => {
      while (Date.now() < deadline) {
        await getAndRecord(baseUrl, "page", pick(pick(pages).variants).path, log);
        await sleep(Math.random() * MAX_THINK_MS);
      }
    }),
  );
  const [pagesRow] = log.summarize(seconds);
  return pagesRow;
}

/**
 * `count` open live-calendar streams (GET /reservation/live), read as a browser would, until closed. The server
 * allows four per client address, so they come from `count / 4` visitors, each named by the proxy header the
 * server trusts from loopback (addresses of the documentation range: only a header, nothing is sent there).
 */
async function openStreams(baseUrl, count) {
  const controller = new AbortController();
  const statuses = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const headers = { "x-forwarded-for": `192.0.2.${1 + Math.floor(index / STREAMS_PER_ADDRESS)}` };
      const response = await fetch(`${baseUrl}/reservation/live`, { headers, signal: controller.signal });
      void response.body?.pipeTo(new WritableStream()).catch(() => undefined);
      return response.status;
    }),
  );
  return { opened: statuses.filter((status) => status === 200).length, close: () => controller.abort() };
}

/** Visitors browsing and users racing for days, all at once for `seconds`. */
async function busyEvening(baseUrl, { pages, visitors, users, seconds, log }) {
  const deadline = Date.now() + seconds * 1000;
  const [race] = await Promise.all([
    raceForDays(baseUrl, users, {
      dayCount: CONTESTED_DAYS,
      seconds,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      onRequest: log.record,
    }),
    ...Array.from({ length: visitors }, () => browse(baseUrl, pages, deadline, log)),
  ]);
  return race;
}

/** The server's own figures from /metrics, asked as Prometheus does: directly from loopback, no X-Forwarded-For. */
async function readServerFigures(baseUrl) {
  const response = await fetch(`${baseUrl}/metrics`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}: ${text.slice(0, 200)}`);
  const value = (series) => {
    const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? null : Number(line.slice(series.length + 1));
  };
  const residentBytes = value("scene_process_resident_memory_bytes");
  if (residentBytes === null) throw new Error("/metrics has no scene_process_resident_memory_bytes");
  return {
    residentBytes,
    heapUsedBytes: value("scene_nodejs_heap_size_used_bytes"),
    heapTotalBytes: value("scene_nodejs_heap_size_total_bytes"),
    cpuSeconds: value("scene_process_cpu_seconds_total"),
    pageCacheHits: value('scene_page_cache_total{result="hit"}') ?? 0,
    pageCacheMisses: value('scene_page_cache_total{result="miss"}') ?? 0,
    // Since the previous scrape: prom-client resets its event loop histogram with each one.
    eventLoopLagMaxSeconds: value("scene_nodejs_eventloop_lag_max_seconds"),
    poolWaiting: value('scene_db_pool_connections{state="waiting"}'),
  };
}

async function sampleDuringLoad(baseUrl, loadStarted, seconds, samples) {
  for (let atSeconds = SAMPLE_INTERVAL_SECONDS; atSeconds < seconds; atSeconds += SAMPLE_INTERVAL_SECONDS) {
    await sleep(loadStarted + atSeconds * 1000 - Date.now());
    samples.push({ moment: `load +${atSeconds} s`, ...(await readServerFigures(baseUrl)) });
  }
}

/** A phone photo's size and grain: `count` different 12-megapixel JPEGs of 3–6 MB each. */
async function phonePhotos({ count, width, height }) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const bytes = await sharp({
        create: { width, height, channels: 3, noise: { type: "gaussian", mean: 90 + index * 10, sigma: 40 } },
      })
        .blur(0.8)
        .jpeg({ quality: 88 })
        .toBuffer();
      return { name: `foto-${index + 1}.jpg`, bytes };
    }),
  );
}

/** The library's images by id and state, as the /medier page's loader gives them. */
async function libraryStates(baseUrl, cookie) {
  const response = await fetch(`${baseUrl}/medier.data`, { headers: { cookie } });
  if (!response.ok) throw new Error(`/medier.data answered ${response.status}`);
  const value = await decodeSingleFetch(response);
  const images = value?.["routes/admin.medier"]?.data?.images;
  if (!Array.isArray(images)) throw new Error("/medier.data has no list of images");
  return new Map(images.map((image) => [image.id, image.status]));
}

/**
 * The admin uploads the photos all at once, as the library page does (one request per file); then the server's
 * resident memory is read every few seconds until it is at most the limit, for at most a minute.
 */
async function bulkUpload(baseUrl) {
  const photos = await phonePhotos(PHOTOS);
  const cookie = await signIn(baseUrl, ADMIN);
  const before = await readServerFigures(baseUrl);
  const started = Date.now();
  const ids = await Promise.all(
    photos.map(async ({ name, bytes }) => {
      const form = new FormData();
      form.set("file", new File([bytes], name, { type: "image/jpeg" }));
      const response = await fetch(`${baseUrl}/medier/upload`, {
        method: "POST",
        headers: { cookie, origin: baseUrl, accept: "application/json" },
        body: form,
      });
      const answer = await response.json();
      if (response.status !== 202) throw new Error(`Uploading ${name} answered ${response.status}: ${answer.error}`);
      return answer.id;
    }),
  );
  const uploadSeconds = (Date.now() - started) / 1000;
  const samples = [{ moment: "uploads answered", ...(await readServerFigures(baseUrl)), processed: 0 }];
  let processedAfterSeconds = null;
  for (let waited = SETTLE_STEP_SECONDS; waited <= UPLOADS_SETTLE_SECONDS; waited += SETTLE_STEP_SECONDS) {
    await sleep(SETTLE_STEP_SECONDS * 1000);
    const states = await libraryStates(baseUrl, cookie);
    const processed = ids.filter((id) => states.get(id) !== "processing").length;
    if (processed === ids.length) processedAfterSeconds ??= waited;
    samples.push({ moment: `${waited} s after`, ...(await readServerFigures(baseUrl)), processed });
    if (processedAfterSeconds !== null && samples.at(-1).residentBytes / MB <= MAX_RESIDENT_AFTER_UPLOADS_MB) break;
  }
  const states = await libraryStates(baseUrl, cookie);
  return {
    photos: photos.length,
    megabytes: photos.reduce((sum, photo) => sum + photo.bytes.length, 0) / MB,
    uploadSeconds,
    ready: ids.filter((id) => states.get(id) === "ready").length,
    processedAfterSeconds,
    residentBeforeBytes: before.residentBytes,
    samples,
  };
}

const inMb = (bytes) => formatNumber(bytes / MB);

function printTable(title, columns, rows) {
  const line = (cells) =>
    cells
      .map((cell, index) => (index === 0 ? cell.padEnd(columns[0][1]) : cell.padStart(columns[index][1])))
      .join("  ");
  console.log(`\n${title}`);
  console.log(line(columns.map(([heading]) => heading)));
  for (const row of rows) console.log(line(columns.map(([, , cell]) => cell(row))));
}

function printResults(result) {
  const { uploads } = result;
  printTable(
    `Bulk upload: ${uploads.photos} photos of ${PHOTOS.width} × ${PHOTOS.height} (${formatNumber(uploads.megabytes)} MB) at once, answered in ${formatNumber(uploads.uploadSeconds)} s; ${uploads.ready} ready${uploads.processedAfterSeconds === null ? ", not all processed within a minute" : ` after ≤ ${uploads.processedAfterSeconds} s`}`,
    [
      ["moment", 22, (row) => row.moment],
      ["resident MB", 11, (row) => inMb(row.residentBytes)],
      ["heap used MB", 12, (row) => inMb(row.heapUsedBytes)],
      ["processed", 9, (row) => `${row.processed}/${uploads.photos}`],
    ],
    [
      { moment: "before the uploads", residentBytes: uploads.residentBeforeBytes, heapUsedBytes: 0, processed: 0 },
      ...uploads.samples,
    ],
  );
  printTable(
    `${result.label}: ${VISITORS} visitors browsing and ${USERS} users racing for ${CONTESTED_DAYS} days, ${result.seconds} s`,
    [
      ["kind", 22, (row) => row.kind],
      ["requests", 8, (row) => String(row.requests)],
      ["req/s", 7, (row) => formatNumber(row.requestsPerSecond)],
      ["p50 ms", 7, (row) => formatNumber(row.p50Ms)],
      ["p99 ms", 7, (row) => formatNumber(row.p99Ms)],
      ["5xx", 5, (row) => String(row.serverErrors)],
      ["net err", 7, (row) => String(row.networkErrors)],
      [
        "statuses",
        8,
        (row) =>
          Object.entries(row.statuses)
            .map(([status, count]) => `${status}×${count}`)
            .join(" "),
      ],
    ],
    result.requests,
  );
  const { race } = result;
  console.log(
    `\nRace (${race.days.first} – ${race.days.last}): hold attempts/s ${formatNumber(race.attemptsPerSecond)}, ` +
      `holds/s ${formatNumber(race.holdsPerSecond)}, releases ${race.releases}, hold p50 ${formatNumber(race.holdP50Ms)} ms, ` +
      `p99 ${formatNumber(race.holdP99Ms)} ms, race errors ${race.errors}, 5xx ${race.serverErrors}`,
  );
  const orDash = (value, format) => (value === null ? "–" : format(value));
  printTable(
    "Server (GET /metrics; loop lag: the longest since the previous row)",
    [
      ["moment", 22, (row) => row.moment],
      ["resident MB", 11, (row) => inMb(row.residentBytes)],
      ["heap used MB", 12, (row) => orDash(row.heapUsedBytes, inMb)],
      ["heap total MB", 13, (row) => orDash(row.heapTotalBytes, inMb)],
      ["loop lag ms", 11, (row) => orDash(row.eventLoopLagMaxSeconds, (lag) => formatNumber(lag * 1000, 0))],
      ["db pool waiting", 15, (row) => orDash(row.poolWaiting, String)],
    ],
    result.serverFigures,
  );
  const { cpu, pageCache } = result;
  console.log(
    `\nCPU during the load, in cores: server ${formatNumber(cpu.serverCores, 2)}, this client ${formatNumber(cpu.clientCores, 2)} (of ${os.cpus().length})`,
  );
  console.log(`Page cache during the load: ${pageCache.hits} hits, ${pageCache.misses} misses`);
}

function uploadAndLoadMemoryChecks(uploads, serverFigures) {
  const settled = uploads.samples.at(-1);
  const peakUnderLoad = serverFigures.reduce((peak, figures) =>
    figures.residentBytes > peak.residentBytes ? figures : peak,
  );
  return [
    {
      check: "memory after a bulk upload",
      passed: uploads.ready === uploads.photos && settled.residentBytes / MB <= MAX_RESIDENT_AFTER_UPLOADS_MB,
      detail: `${uploads.ready}/${uploads.photos} ready; ${inMb(settled.residentBytes)} MB resident ${settled.moment} the uploads (at most ${MAX_RESIDENT_AFTER_UPLOADS_MB} MB within ${UPLOADS_SETTLE_SECONDS} s)`,
    },
    {
      check: "memory under load",
      passed: peakUnderLoad.residentBytes / MB <= MAX_RESIDENT_UNDER_LOAD_MB,
      detail: `at most ${inMb(peakUnderLoad.residentBytes)} MB resident (${peakUnderLoad.moment}; at most ${MAX_RESIDENT_UNDER_LOAD_MB} MB)`,
    },
  ];
}

function evaluate({ race: { doubleClaims }, requests, warmUpRequests, serverFigures, streams, uploads }) {
  const all = [...requests, ...warmUpRequests];
  const serverErrors = all.reduce((sum, row) => sum + row.serverErrors, 0);
  const networkErrors = all.reduce((sum, row) => sum + row.networkErrors, 0);
  const networkErrorCodes = [...new Set(all.flatMap((row) => row.networkErrorCodes))];
  const afterWarmUp = serverFigures[0];
  const afterPause = serverFigures.at(-1);
  const residentGrowthMb = (afterPause.residentBytes - afterWarmUp.residentBytes) / MB;
  const sign = residentGrowthMb >= 0 ? "+" : "";
  return [
    {
      check: "double claims",
      passed: doubleClaims.length === 0,
      detail:
        doubleClaims.length === 0
          ? "no day has two active claims"
          : `days with two active claims: ${doubleClaims.map((row) => row.day).join(", ")}`,
    },
    { check: "5xx responses", passed: serverErrors === 0, detail: `${serverErrors} during warm-up and load` },
    {
      check: "network errors",
      passed: networkErrors === 0,
      detail: `${networkErrors} during warm-up and load${networkErrorCodes.length > 0 ? ` (${networkErrorCodes.join(", ")})` : ""}`,
    },
    {
      check: "resident memory",
      passed: residentGrowthMb <= MAX_RESIDENT_GROWTH_MB,
      detail: `${inMb(afterWarmUp.residentBytes)} MB after the warm-up, ${inMb(afterPause.residentBytes)} MB ${afterPause.moment}: ${sign}${formatNumber(residentGrowthMb)} MB (at most +${MAX_RESIDENT_GROWTH_MB} MB)`,
    },
    ...uploadAndLoadMemoryChecks(uploads, serverFigures),
    ...streamChecks(streams),
  ];
}

function streamChecks({ opened, residentBeforeBytes, residentWithBytes, quietPage, pageWithStreams }) {
  const growthMb = (residentWithBytes - residentBeforeBytes) / MB;
  const allowedP50 = quietPage.p50Ms * MAX_STREAMS_SLOWDOWN + STREAMS_SLOWDOWN_SLACK_MS;
  return [
    {
      check: `${OPEN_STREAMS} open streams`,
      passed: opened === OPEN_STREAMS && growthMb <= MAX_STREAMS_GROWTH_MB,
      detail: `${opened} opened; resident ${inMb(residentBeforeBytes)} → ${inMb(residentWithBytes)} MB (${growthMb >= 0 ? "+" : ""}${formatNumber(growthMb)} MB, at most +${MAX_STREAMS_GROWTH_MB} MB)`,
    },
    {
      check: "pages with the streams open",
      passed: pageWithStreams.p50Ms <= allowedP50 && pageWithStreams.serverErrors === 0,
      detail: `page p50 ${formatNumber(quietPage.p50Ms)} ms without, ${formatNumber(pageWithStreams.p50Ms)} ms with (at most ${formatNumber(allowedP50)}); p99 ${formatNumber(quietPage.p99Ms)} → ${formatNumber(pageWithStreams.p99Ms)} ms`,
    },
  ];
}

async function run(engine, seconds) {
  const { dataDir, databaseUrl } = await createDataStore(engine, "load");
  console.log(`\n== ${engine.label}: starting the server (the first start seeds the demo content)…`);
  const server = await startServer({
    dataDir,
    databaseUrl,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  console.log(`The admin uploads ${PHOTOS.count} photos of ${PHOTOS.width} × ${PHOTOS.height} at once…`);
  const uploads = await bulkUpload(server.url);
  const users = await signUpUsers(server.url, USERS, { dataDir });
  const pages = await discoverPages(server.url);

  console.log(`Warming up for ${WARM_UP.seconds} s: ${WARM_UP.visitors} visitors, ${WARM_UP.users} users racing…`);
  const warmUpLog = createRequestLog();
  await busyEvening(server.url, {
    pages,
    visitors: WARM_UP.visitors,
    users: users.slice(0, WARM_UP.users),
    seconds: WARM_UP.seconds,
    log: warmUpLog,
  });

  const serverFigures = [{ moment: "after warm-up", ...(await readServerFigures(server.url)) }];
  console.log(
    `Loading for ${seconds} s: ${VISITORS} visitors browsing, ${USERS} users racing for ${CONTESTED_DAYS} days…`,
  );
  const log = createRequestLog();
  const loadStarted = Date.now();
  const clientCpuBefore = process.cpuUsage();
  const [race] = await Promise.all([
    busyEvening(server.url, { pages, visitors: VISITORS, users, seconds, log }),
    sampleDuringLoad(server.url, loadStarted, seconds, serverFigures),
  ]);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const loadSeconds = (Date.now() - loadStarted) / 1000;
  serverFigures.push({ moment: "load ended", ...(await readServerFigures(server.url)) });
  for (let waited = SETTLE_STEP_SECONDS; waited <= SETTLE_MAX_SECONDS; waited += SETTLE_STEP_SECONDS) {
    await sleep(SETTLE_STEP_SECONDS * 1000);
    const figures = await readServerFigures(server.url);
    serverFigures.push({ moment: `${waited} s after the load`, ...figures });
    if ((figures.residentBytes - serverFigures[0].residentBytes) / MB <= MAX_RESIDENT_GROWTH_MB) break;
  }

  console.log(
    `Page answers for ${STREAM_PHASE.seconds} s without, then with ${OPEN_STREAMS} open live-calendar streams…`,
  );
  const quiet = await pageLatency(server.url, pages, STREAM_PHASE);
  const beforeStreams = await readServerFigures(server.url);
  const streams = await openStreams(server.url, OPEN_STREAMS);
  await sleep(5_000);
  const withStreamsFigures = await readServerFigures(server.url);
  const withStreams = await pageLatency(server.url, pages, STREAM_PHASE);
  streams.close();
  const streamPhase = {
    opened: streams.opened,
    residentBeforeBytes: beforeStreams.residentBytes,
    residentWithBytes: withStreamsFigures.residentBytes,
    quietPage: quiet,
    pageWithStreams: withStreams,
  };

  await server.stop();
  const doubleClaims = await findDoubleClaims({ databaseUrl, dataDir });

  const [afterWarmUp, loadEnded] = [serverFigures[0], serverFigures.find((figures) => figures.moment === "load ended")];
  const result = {
    engine: engine.name,
    label: engine.label,
    seconds,
    visitors: VISITORS,
    users: USERS,
    requests: log.summarize(loadSeconds),
    warmUpRequests: warmUpLog.summarize(WARM_UP.seconds),
    race: { ...race, doubleClaims },
    serverFigures,
    cpu: {
      serverCores: (loadEnded.cpuSeconds - afterWarmUp.cpuSeconds) / loadSeconds,
      clientCores: (clientCpu.user + clientCpu.system) / 1e6 / loadSeconds,
    },
    pageCache: {
      hits: loadEnded.pageCacheHits - afterWarmUp.pageCacheHits,
      misses: loadEnded.pageCacheMisses - afterWarmUp.pageCacheMisses,
    },
    streams: streamPhase,
    uploads,
  };
  return { ...result, checks: evaluate(result) };
}

const seconds = readSeconds();
ensureBuild();
const engine = postgresAdminUrl ? postgresql(postgresAdminUrl) : PGLITE;

let result;
try {
  result = await run(engine, seconds);
} catch (error) {
  if (!wasInterrupted()) console.error(`\nThe load test failed: ${error.stack ?? error}`);
  await cleanUp();
  process.exit(wasInterrupted() ? 130 : 1);
}
await cleanUp();

printResults(result);
console.log("");
for (const { check, passed, detail } of result.checks) console.log(`${passed ? "PASS" : "FAIL"}  ${check}: ${detail}`);
const failed = result.checks.filter((check) => !check.passed);
console.log(
  failed.length === 0
    ? "\nVerdict: PASS, the server survives a busy evening"
    : `\nVerdict: FAIL (${failed.map((check) => check.check).join(", ")})`,
);

const [cpu] = os.cpus();
mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
writeFileSync(
  RESULTS_FILE,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpu: { model: cpu?.model ?? "unknown", count: os.cpus().length }, ...result }, null, 2)}\n`,
);
console.log(`Wrote ${RESULTS_FILE}`);
if (failed.length > 0) process.exit(1);
