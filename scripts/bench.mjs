// Load benchmark of the production server: throughput and latency of typical requests, then 50 signed-in users
// racing for the same 30 days. Runs on PGlite, and also on PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set
// (in a fresh database that is dropped afterwards). Prints a table per engine and writes bench/results.json.
//   npm run bench [-- --profile]    --profile: CPU-profiles the server and prints the top functions by self time
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import {
  BENCH_RACE,
  cleanUp,
  createDataStore,
  ensureBuild,
  findDoubleClaims,
  formatNumber,
  keepCookies,
  PGLITE,
  postgresAdminUrl,
  postgresql,
  raceForDays,
  signUpUsers,
  startServer,
  todayInCopenhagen,
  wasInterrupted,
} from "./lib/server-under-test.mjs";

const CONNECTIONS = 50;
const WARM_UP_SECONDS = 2;
const MEASURE_SECONDS = 10;
const USERS = BENCH_RACE.users;
const CONTESTED_DAYS = BENCH_RACE.contestedDays;
const CONTENTION_SECONDS = 10;
// The race's own code (the hold's transaction, the basket, the release) runs only in the race: like the targets'
// warm-up, a first race that is not measured lets the server compile it before the measured one.
const CONTENTION_WARM_UP_SECONDS = 10;
const PROFILE_TOP = 15;
const PROFILE_DIR = "bench/profiles";
const RESULTS_FILE = "bench/results.json";
// As a browser asks: the server compresses HTML, data and assets on the fly, and that is part of the cost.
const BROWSER_HEADERS = { "accept-encoding": "br, gzip" };

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
const profiling = process.argv.includes("--profile");

function largestScriptAsset() {
  const directory = "build/client/assets";
  const scripts = readdirSync(directory).filter((name) => name.endsWith(".js"));
  return scripts.reduce((largest, name) =>
    statSync(path.join(directory, name)).size > statSync(path.join(directory, largest)).size ? name : largest,
  );
}

async function expectOk(url, headers) {
  const response = await fetch(url, { headers });
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status} before measuring: ${(await response.text()).slice(0, 300)}`);
  await response.arrayBuffer();
  return response.headers.getSetCookie();
}

async function measureTargets(baseUrl, signedInCookie) {
  const month = todayInCopenhagen().slice(0, 7);
  const targets = [
    { name: "static asset", path: `/assets/${largestScriptAsset()}` },
    { name: "home /", path: "/" },
    { name: "/musik", path: "/musik" },
    { name: "/reservation (visitor)", path: "/reservation" },
    { name: "page API (frontpage)", path: "/api/prisma/get-page-by-name/frontpage" },
    // What the browser fetches when a signed-in user moves to a month: React Router's single-fetch data URL.
    {
      name: "calendar data (signed in)",
      path: `/reservation.data?maaned=${month}`,
      headers: { cookie: signedInCookie },
    },
  ];
  const results = [];
  for (const target of targets) {
    const url = `${baseUrl}${target.path}`;
    let headers = { ...BROWSER_HEADERS, ...target.headers };
    const setCookies = await expectOk(url, headers);
    // As a browser: a renewed session cookie cache (better-auth's, 30 s) is sent from then on; a run is shorter.
    if (headers.cookie) headers = { ...headers, cookie: keepCookies(headers.cookie, setCookies) };
    await autocannon({ url, headers, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
    const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: MEASURE_SECONDS });
    results.push({
      target: target.name,
      path: target.path,
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
  const [staticAsset] = results;
  return results.map((result) => ({
    ...result,
    requestsPerSecondRatio: result.requestsPerSecond / staticAsset.requestsPerSecond,
    p99Ratio: result.p99Ms / staticAsset.p99Ms,
  }));
}

/** The functions with the most self time in a .cpuprofile: each sample lasts until the next one. */
function topFunctionsBySelfTime(profilePath, count) {
  const profile = JSON.parse(readFileSync(profilePath, "utf8"));
  const nodesById = new Map(profile.nodes.map((node) => [node.id, node]));
  const microsecondsByFunction = new Map();
  profile.samples.forEach((nodeId, index) => {
    const { functionName, url, lineNumber } = nodesById.get(nodeId).callFrame;
    const name = functionName || "(anonymous)";
    const file = url.replace(/^file:\/\/.*\/node_modules\//, "").replace(`file://${process.cwd()}/`, "");
    const key = url ? `${name} ${file}:${lineNumber + 1}` : name;
    microsecondsByFunction.set(key, (microsecondsByFunction.get(key) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
  });
  const totalMicroseconds = [...microsecondsByFunction.values()].reduce((sum, value) => sum + value, 0);
  return [...microsecondsByFunction]
    .sort(([, a], [, b]) => b - a)
    .slice(0, count)
    .map(([name, microseconds]) => ({ name, selfMs: microseconds / 1000, share: microseconds / totalMicroseconds }));
}

function printTargets(label, targets) {
  const columns = [
    ["target", 28, (row) => row.target],
    ["req/s", 9, (row) => formatNumber(row.requestsPerSecond)],
    ["p50 ms", 8, (row) => formatNumber(row.p50Ms)],
    ["p99 ms", 8, (row) => formatNumber(row.p99Ms)],
    ["non-2xx", 8, (row) => String(row.non2xx)],
    ["errors", 7, (row) => String(row.errors)],
    ["req/s ×", 8, (row) => formatNumber(row.requestsPerSecondRatio, 2)],
    ["p99 ×", 7, (row) => formatNumber(row.p99Ratio, 2)],
  ];
  const line = (cells) =>
    cells
      .map((cell, index) => (index === 0 ? cell.padEnd(columns[0][1]) : cell.padStart(columns[index][1])))
      .join("  ");
  console.log(
    `\n${label}: ${CONNECTIONS} connections, ${MEASURE_SECONDS} s per target (× = relative to the static asset)`,
  );
  console.log(line(columns.map(([title]) => title)));
  for (const row of targets) console.log(line(columns.map(([, , cell]) => cell(row))));
}

function printContention(contention) {
  console.log(
    `\nContention: ${contention.users} users racing for ${CONTESTED_DAYS} days (${contention.days.first} – ${contention.days.last}) for ${formatNumber(contention.seconds)} s`,
  );
  console.log(
    `  hold attempts/s ${formatNumber(contention.attemptsPerSecond)}, successful holds/s ${formatNumber(contention.holdsPerSecond)}`,
  );
  console.log(`  hold p50 ${formatNumber(contention.holdP50Ms)} ms, p99 ${formatNumber(contention.holdP99Ms)} ms`);
  console.log(`  releases ${contention.releases}, errors ${contention.errors}, 5xx ${contention.serverErrors}`);
  const { warmUp } = contention;
  console.log(
    `  before it, not measured: ${formatNumber(warmUp.seconds)} s of warm-up race, hold attempts/s ${formatNumber(warmUp.attemptsPerSecond)}, p99 ${formatNumber(warmUp.holdP99Ms)} ms, errors ${warmUp.errors}, 5xx ${warmUp.serverErrors}`,
  );
  console.log(`  double claims: ${contention.doubleClaims.length}`);
}

async function runEngine(engine) {
  const { dataDir, databaseUrl } = await createDataStore(engine, "bench");

  console.log(`\n== ${engine.label}: starting the server (the first start seeds the demo content)…`);
  const profilePath = path.join(PROFILE_DIR, `server-${engine.name}.cpuprofile`);
  const server = await startServer({ dataDir, databaseUrl, cpuProfilePath: profiling ? profilePath : undefined });
  const users = await signUpUsers(server.url, USERS, { dataDir });
  console.log(
    `Measuring ${CONNECTIONS} connections for ${MEASURE_SECONDS} s per target, after ${WARM_UP_SECONDS} s of warm-up…`,
  );
  const targets = await measureTargets(server.url, users[0].cookie);
  console.log(
    `Racing ${users.length} users for ${CONTESTED_DAYS} days: ${CONTENTION_WARM_UP_SECONDS} s of warm-up, then ${CONTENTION_SECONDS} s measured…`,
  );
  const warmUp = await raceForDays(server.url, users, {
    dayCount: CONTESTED_DAYS,
    seconds: CONTENTION_WARM_UP_SECONDS,
  });
  const contention = await raceForDays(server.url, users, { dayCount: CONTESTED_DAYS, seconds: CONTENTION_SECONDS });
  contention.warmUp = warmUp;
  await server.stop();
  contention.doubleClaims = await findDoubleClaims({ databaseUrl, dataDir });

  printTargets(engine.label, targets);
  printContention(contention);
  if (profiling) {
    console.log(`\nServer CPU profile (${profilePath}), top ${PROFILE_TOP} by self time:`);
    for (const { name, selfMs, share } of topFunctionsBySelfTime(profilePath, PROFILE_TOP)) {
      console.log(`${formatNumber(selfMs, 0).padStart(9)} ms ${formatNumber(share * 100).padStart(5)} %  ${name}`);
    }
  }
  return { engine: engine.name, targets, contention };
}

ensureBuild();

const engines = [PGLITE, ...(postgresAdminUrl ? [postgresql(postgresAdminUrl)] : [])];

const runs = [];
try {
  for (const engine of engines) {
    try {
      runs.push(await runEngine(engine));
    } finally {
      await cleanUp();
    }
  }
} catch (error) {
  if (!wasInterrupted()) console.error(`\nThe benchmark failed: ${error.stack ?? error}`);
  process.exit(wasInterrupted() ? 130 : 1);
}

const [cpu] = os.cpus();
mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
writeFileSync(
  RESULTS_FILE,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpu: { model: cpu?.model ?? "unknown", count: os.cpus().length }, runs }, null, 2)}\n`,
);
console.log(`\nWrote ${RESULTS_FILE}`);

const failures = runs.flatMap(({ engine, targets, contention }) => [
  ...targets
    .filter((target) => target.non2xx > 0 || target.errors > 0)
    .map((target) => `${engine}: ${target.target} had ${target.non2xx} non-2xx and ${target.errors} errors`),
  ...[contention.warmUp, contention]
    .filter((race) => race.errors > 0 || race.serverErrors > 0)
    .map((race) => `${engine}: a race had ${race.errors} errors and ${race.serverErrors} 5xx`),
  ...(contention.doubleClaims.length > 0
    ? [`${engine}: days with two active claims: ${contention.doubleClaims.map((row) => row.day).join(", ")}`]
    : []),
]);
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
