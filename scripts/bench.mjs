// Load benchmark of the production server: throughput and latency of typical requests, then 50 signed-in users
// racing for the same 30 days. Runs on PGlite, and also on PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set
// (in a fresh database that is dropped afterwards). Prints a table per engine and writes bench/results.json.
//   npm run bench [-- --profile]    --profile: CPU-profiles the server and prints the top functions by self time
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import pg from "pg";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";

const CONNECTIONS = 50;
const WARM_UP_SECONDS = 2;
const MEASURE_SECONDS = 10;
const USERS = 50;
const CONTESTED_DAYS = 30;
const CONTENTION_SECONDS = 10;
const PROFILE_TOP = 15;
const PROFILE_DIR = "bench/profiles";
const RESULTS_FILE = "bench/results.json";
// As a browser asks: the server compresses HTML, data and assets on the fly, and that is part of the cost.
const BROWSER_HEADERS = { "accept-encoding": "br, gzip" };

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
const profiling = process.argv.includes("--profile");

/** Undo steps of what the run has set up (server, temp dir, database), undone last first. */
const cleanups = [];
let cleaning = null;
let interrupted = false;
/** One clean-up at a time: a signal and the failing main flow then wait for the same one. */
function cleanUp() {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const cleanup = cleanups.pop();
      try {
        await cleanup();
      } catch (error) {
        console.error(`Cleaning up failed: ${error.message}`);
        process.exitCode = 1;
      }
    }
  })().finally(() => {
    cleaning = null;
  });
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the server and cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Starts `node server.js` on a free port and waits for /healthz (the first start seeds the demo content). */
async function startServer({ engine, dataDir, databaseUrl }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const profilePath = path.join(PROFILE_DIR, `server-${engine}.cpuprofile`);
  if (profiling) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    rmSync(profilePath, { force: true });
  }
  const profileFlags = profiling ? ["--cpu-prof", "--cpu-prof-dir", PROFILE_DIR, "--cpu-prof-name", path.basename(profilePath)] : [];
  const child = spawn(process.execPath, [...profileFlags, "server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      PUBLIC_URL: url,
      // Lets each simulated user have its own address through X-Forwarded-For (sign-up allows 5 a minute per address).
      TRUST_PROXY: "loopback",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  cleanups.push(stop);

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before answering /healthz`);
    }
    const healthy = await fetch(`${url}/healthz`).then((response) => response.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error("The server did not answer /healthz within 120 s");
    await sleep(250);
  }
  return { url, stop, profilePath };
}

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped again at clean-up. Returns its URL. */
async function createDatabase(adminUrl) {
  const name = `scene_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await dropper.end();
    }
  });
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  return databaseUrl.toString();
}

/** The Cookie header a browser would send after receiving these Set-Cookie headers. */
function cookieHeader(setCookies) {
  return setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

async function signUpUsers(baseUrl, count) {
  const runId = randomBytes(3).toString("hex");
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const address = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
      const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
        method: "POST",
        // A browser sends its Origin with a POST; better-auth refuses a fetch without one.
        headers: { "content-type": "application/json", origin: baseUrl, "x-forwarded-for": address },
        body: JSON.stringify({ name: `Bench ${index + 1}`, email: `bench-${runId}-${index + 1}@example.test`, password: "bench-password-123" }),
      });
      if (!response.ok) throw new Error(`Sign-up ${index + 1} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      const cookie = cookieHeader(response.headers.getSetCookie());
      if (!cookie) throw new Error(`Sign-up ${index + 1} set no session cookie`);
      return { address, cookie };
    }),
  );
}

/** Today's date (YYYY-MM-DD) in Copenhagen, where the site's days begin and end. */
function todayInCopenhagen() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

function addDays(day, count) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

function largestScriptAsset() {
  const directory = "build/client/assets";
  const scripts = readdirSync(directory).filter((name) => name.endsWith(".js"));
  return scripts.reduce((largest, name) => (statSync(path.join(directory, name)).size > statSync(path.join(directory, largest)).size ? name : largest));
}

async function expectOk(url, headers) {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status} before measuring: ${(await response.text()).slice(0, 300)}`);
  await response.arrayBuffer();
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
    { name: "calendar data (signed in)", path: `/reservation.data?maaned=${month}`, headers: { cookie: signedInCookie } },
  ];
  const results = [];
  for (const target of targets) {
    const url = `${baseUrl}${target.path}`;
    const headers = { ...BROWSER_HEADERS, ...target.headers };
    await expectOk(url, headers);
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

async function decodeSingleFetch(response) {
  const { value } = await decodeTurboStream(response.body, globalThis);
  return value;
}

function percentile(sortedValues, percent) {
  if (sortedValues.length === 0) return 0;
  return sortedValues[Math.min(sortedValues.length - 1, Math.ceil((percent / 100) * sortedValues.length) - 1)];
}

/**
 * Every user loops: hold a random day of the contested ones (the calendar form's POST), and when it got the day,
 * release it again from the basket. Only the hold request is timed.
 */
async function raceForDays(baseUrl, users) {
  const tomorrow = addDays(todayInCopenhagen(), 1);
  const days = Array.from({ length: CONTESTED_DAYS }, (_, index) => addDays(tomorrow, index));
  const holdLatenciesMs = [];
  const counts = { attempts: 0, holds: 0, releases: 0, errors: 0, serverErrors: 0 };
  const countFailedStatus = (status) => {
    if (status >= 500) counts.serverErrors++;
    else counts.errors++;
  };

  async function emptyBasket(user) {
    const headers = { cookie: user.cookie, origin: baseUrl, "x-forwarded-for": user.address };
    const basket = await fetch(`${baseUrl}/kurv.data?_routes=routes/kurv`, { headers });
    if (basket.status !== 200) {
      await basket.arrayBuffer();
      countFailedStatus(basket.status);
      return;
    }
    const { items } = (await decodeSingleFetch(basket))["routes/kurv"].data;
    // The hold said yes, so the day must be in the basket.
    if (items.length === 0) counts.errors++;
    for (const { claimId } of items) {
      const removal = await fetch(`${baseUrl}/kurv.data`, { method: "POST", headers, body: new URLSearchParams({ intent: "remove", claimId }) });
      await removal.arrayBuffer();
      if (removal.status === 200) counts.releases++;
      else countFailedStatus(removal.status);
    }
  }

  async function userLoop(user, deadline) {
    while (Date.now() < deadline) {
      const day = days[Math.floor(Math.random() * days.length)];
      counts.attempts++;
      try {
        const started = performance.now();
        const response = await fetch(`${baseUrl}/reservation.data`, {
          method: "POST",
          headers: { cookie: user.cookie, origin: baseUrl, "x-forwarded-for": user.address },
          body: new URLSearchParams({ day }),
        });
        const body = response.status === 200 ? await decodeSingleFetch(response) : await response.arrayBuffer();
        holdLatenciesMs.push(performance.now() - started);
        if (response.status !== 200) {
          countFailedStatus(response.status);
          continue;
        }
        if (body.data.toast.kind !== "success") continue; // taken by someone else, blocked or already booked
        counts.holds++;
        await emptyBasket(user);
      } catch (error) {
        counts.errors++;
        if (counts.errors === 1) console.error(`First failed request in the race: ${error.message}`);
      }
    }
  }

  const started = performance.now();
  const deadline = Date.now() + CONTENTION_SECONDS * 1000;
  await Promise.all(users.map((user) => userLoop(user, deadline)));
  const seconds = (performance.now() - started) / 1000;
  holdLatenciesMs.sort((a, b) => a - b);
  return {
    users: users.length,
    days: { first: days[0], last: days.at(-1) },
    seconds,
    ...counts,
    attemptsPerSecond: counts.attempts / seconds,
    holdsPerSecond: counts.holds / seconds,
    holdP50Ms: percentile(holdLatenciesMs, 50),
    holdP99Ms: percentile(holdLatenciesMs, 99),
  };
}

const DOUBLE_CLAIMS_QUERY = "select day::text, count(*)::int as claims from day_claims where released_at is null group by day having count(*) > 1";

/** Days with more than one active claim, read directly from the database (PGlite only once the server has stopped). */
async function findDoubleClaims({ databaseUrl, dataDir }) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(DOUBLE_CLAIMS_QUERY)).rows;
    } finally {
      await client.end();
    }
  }
  const database = new PGlite(path.join(dataDir, "db"));
  try {
    return (await database.query(DOUBLE_CLAIMS_QUERY)).rows;
  } finally {
    await database.close();
  }
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

const formatNumber = (value, digits = 1) => value.toFixed(digits);

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
  const line = (cells) => cells.map((cell, index) => (index === 0 ? cell.padEnd(columns[0][1]) : cell.padStart(columns[index][1]))).join("  ");
  console.log(`\n${label}: ${CONNECTIONS} connections, ${MEASURE_SECONDS} s per target (× = relative to the static asset)`);
  console.log(line(columns.map(([title]) => title)));
  for (const row of targets) console.log(line(columns.map(([, , cell]) => cell(row))));
}

function printContention(contention) {
  console.log(
    `\nContention: ${contention.users} users racing for ${CONTESTED_DAYS} days (${contention.days.first} – ${contention.days.last}) for ${formatNumber(contention.seconds)} s`,
  );
  console.log(`  hold attempts/s ${formatNumber(contention.attemptsPerSecond)}, successful holds/s ${formatNumber(contention.holdsPerSecond)}`);
  console.log(`  hold p50 ${formatNumber(contention.holdP50Ms)} ms, p99 ${formatNumber(contention.holdP99Ms)} ms`);
  console.log(`  releases ${contention.releases}, errors ${contention.errors}, 5xx ${contention.serverErrors}`);
  console.log(`  double claims: ${contention.doubleClaims.length}`);
}

async function runEngine(engine) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "scene-bench-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = engine.adminUrl ? await createDatabase(engine.adminUrl) : "";

  console.log(`\n== ${engine.label}: starting the server (the first start seeds the demo content)…`);
  const server = await startServer({ engine: engine.name, dataDir, databaseUrl });
  const users = await signUpUsers(server.url, USERS);
  console.log(`Measuring ${CONNECTIONS} connections for ${MEASURE_SECONDS} s per target, after ${WARM_UP_SECONDS} s of warm-up…`);
  const targets = await measureTargets(server.url, users[0].cookie);
  console.log(`Racing ${users.length} users for ${CONTESTED_DAYS} days for ${CONTENTION_SECONDS} s…`);
  const contention = await raceForDays(server.url, users);
  await server.stop();
  contention.doubleClaims = await findDoubleClaims({ databaseUrl, dataDir });

  printTargets(engine.label, targets);
  printContention(contention);
  if (profiling) {
    console.log(`\nServer CPU profile (${server.profilePath}), top ${PROFILE_TOP} by self time:`);
    for (const { name, selfMs, share } of topFunctionsBySelfTime(server.profilePath, PROFILE_TOP)) {
      console.log(`${formatNumber(selfMs, 0).padStart(9)} ms ${formatNumber(share * 100).padStart(5)} %  ${name}`);
    }
  }
  return { engine: engine.name, targets, contention };
}

const build = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const postgresAdminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const engines = [
  { name: "pglite", label: "PGlite" },
  ...(postgresAdminUrl ? [{ name: "postgresql", label: "PostgreSQL", adminUrl: postgresAdminUrl }] : []),
];

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
  if (!interrupted) console.error(`\nThe benchmark failed: ${error.stack ?? error}`);
  process.exit(interrupted ? 130 : 1);
}

const [cpu] = os.cpus();
mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
writeFileSync(
  RESULTS_FILE,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpu: { model: cpu?.model ?? "unknown", count: os.cpus().length }, runs }, null, 2)}\n`,
);
console.log(`\nWrote ${RESULTS_FILE}`);

const failures = runs.flatMap(({ engine, targets, contention }) => [
  ...targets.filter((target) => target.non2xx > 0 || target.errors > 0).map((target) => `${engine}: ${target.target} had ${target.non2xx} non-2xx and ${target.errors} errors`),
  ...(contention.errors > 0 || contention.serverErrors > 0 ? [`${engine}: the race had ${contention.errors} errors and ${contention.serverErrors} 5xx`] : []),
  ...(contention.doubleClaims.length > 0 ? [`${engine}: days with two active claims: ${contention.doubleClaims.map((row) => row.day).join(", ")}`] : []),
]);
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
