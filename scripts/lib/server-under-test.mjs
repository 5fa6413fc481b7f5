// What the benchmark and the load test share: the production server on a fresh data directory (and a fresh
// PostgreSQL database), users signed up from addresses of their own, the race for days through the calendar form
// and the basket, and the check for days claimed twice. What a run sets up is undone last first, also on SIGINT.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import http from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";

export const PGLITE = { name: "pglite", label: "PGlite" };
export const postgresql = (adminUrl) => ({ name: "postgresql", label: "PostgreSQL", adminUrl });
export const postgresAdminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
/** The bench's race for days (`npm run bench`), which `npm run bench:pair` runs as well. */
export const BENCH_RACE = { users: 50, contestedDays: 30 };

/** Undo steps of what the run has set up (server, temp dir, database), undone last first. */
const cleanups = [];
let cleaning = null;
let interrupted = false;
/** One clean-up at a time: a signal and the failing main flow then wait for the same one. */
export function cleanUp() {
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
export const wasInterrupted = () => interrupted;

/** Builds the production bundle when it is missing or stale; exits when the build fails. */
export function ensureBuild() {
  const build = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
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

export const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped again at clean-up. Returns its URL. */
async function createDatabase(adminUrl, purpose) {
  const name = `scene_${purpose}_${randomBytes(4).toString("hex")}`;
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

/**
 * A temp data directory, and on PostgreSQL a fresh database, both removed at clean-up. `purpose` names them
 * (scene-bench-…, scene_bench_…). An empty databaseUrl means PGlite in the data directory.
 */
export async function createDataStore(engine, purpose) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `scene-${purpose}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = engine.adminUrl ? await createDatabase(engine.adminUrl, purpose) : "";
  return { dataDir, databaseUrl };
}

/**
 * How `npm start` runs the server (package.json's `start`: `VARIABLE=value … node --flag … server.js`), so that
 * every measurement runs it with the memory settings that ship (decision 019, docs/deploy.md).
 */
function startCommandOf(checkout) {
  const { start } = JSON.parse(readFileSync(path.join(checkout, "package.json"), "utf8")).scripts;
  const command = /(?:^|&& )((?:\w+=\S+ )*)node ((?:--\S+ )*)server\.js$/.exec(start);
  if (!command) throw new Error(`package.json's start script does not end in "node … server.js": ${start}`);
  const [, assignments, flags] = command;
  return {
    environment: Object.fromEntries(
      assignments
        .split(" ")
        .filter(Boolean)
        .map((pair) => pair.split("=")),
    ),
    nodeFlags: flags.split(" ").filter(Boolean),
  };
}

/**
 * Starts `node server.js` on a free port and waits for /healthz (the first start seeds the demo content).
 * With `cpuProfilePath` the server writes its CPU profile there when it stops; `env` adds to its environment;
 * `cwd` is the checkout whose build runs (this one by default). Returns its URL, its process id and how to stop it.
 */
export async function startServer({ dataDir, databaseUrl, cpuProfilePath, env = {}, cwd }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  if (cpuProfilePath) {
    mkdirSync(path.dirname(cpuProfilePath), { recursive: true });
    rmSync(cpuProfilePath, { force: true });
  }
  const profileFlags = cpuProfilePath
    ? ["--cpu-prof", "--cpu-prof-dir", path.dirname(cpuProfilePath), "--cpu-prof-name", path.basename(cpuProfilePath)]
    : [];
  const startCommand = startCommandOf(cwd ?? process.cwd());
  const child = spawn(process.execPath, [...profileFlags, ...startCommand.nodeFlags, "server.js"], {
    cwd,
    env: {
      ...process.env,
      ...startCommand.environment,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      PUBLIC_URL: url,
      // Lets each simulated user have its own address through X-Forwarded-For (sign-up allows 5 a minute per address).
      TRUST_PROXY: "loopback",
      ...env,
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
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error("The server did not answer /healthz within 120 s");
    await sleep(250);
  }
  return { url, pid: child.pid, stop };
}

/** The Cookie header a browser would send after receiving these Set-Cookie headers. */
export function cookieHeader(setCookies) {
  return keepCookies("", setCookies);
}

/**
 * The Cookie header a browser sends after it had `cookie` and got these Set-Cookie headers: a cookie set again is
 * replaced, one set with Max-Age=0 (or no value) is dropped. Renewed session cookie caches come this way.
 */
export function keepCookies(cookie, setCookies) {
  const jar = new Map(
    cookie
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair]),
  );
  for (const setCookie of setCookies) {
    const pair = setCookie.split(";")[0];
    const name = pair.slice(0, pair.indexOf("="));
    if (/;\s*max-age=0/i.test(setCookie) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** Signs an account in with its e-mail and password, as the login form does; answers the Cookie header. */
export async function signIn(baseUrl, account) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(account),
  });
  if (!response.ok)
    throw new Error(`Signing in ${account.email} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  return cookieHeader(response.headers.getSetCookie());
}

/** The verification link of the newest e-mail to `email` in a server's outbox (DATA_DIR/outbox/*.eml), once it is there. */
async function verificationLink(dataDir, email) {
  const directory = path.join(dataDir, "outbox");
  const deadline = Date.now() + 30_000;
  for (;;) {
    const names = (await readdir(directory).catch(() => []))
      .filter((name) => name.endsWith(".eml"))
      .sort()
      .reverse();
    for (const name of names) {
      const raw = await readFile(path.join(directory, name), "utf8");
      if (!raw.includes(email)) continue;
      // Quoted-printable: soft line breaks and "=3D" for "=".
      const text = raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
      const link = text.match(/https?:\/\/[^\s"<>]*verify-email\?token=[^\s"<>]+/)?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`No verification e-mail to ${email} within 30 s`);
    await sleep(100);
  }
}

/**
 * `count` users, each signed up from an address of its own and signed in by opening the link of its verification
 * e-mail (a sign-up gives no session before the address is proven), as a browser would. Returns each one's
 * address and Cookie header.
 */
export async function signUpUsers(baseUrl, count, { dataDir }) {
  const runId = randomBytes(3).toString("hex");
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const address = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
      const email = `bench-${runId}-${index + 1}@example.test`;
      const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
        method: "POST",
        // A browser sends its Origin with a POST; better-auth refuses a fetch without one.
        headers: { "content-type": "application/json", origin: baseUrl, "x-forwarded-for": address },
        body: JSON.stringify({ name: `Bench ${index + 1}`, email, password: "bench-password-123" }),
      });
      if (!response.ok)
        throw new Error(`Sign-up ${index + 1} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      await response.arrayBuffer();
      const verified = await fetch(await verificationLink(dataDir, email), {
        redirect: "manual",
        headers: { "x-forwarded-for": address },
      });
      await verified.arrayBuffer();
      const cookie = cookieHeader(verified.headers.getSetCookie());
      if (!cookie)
        throw new Error(`The verification link of user ${index + 1} set no session cookie (${verified.status})`);
      return { address, cookie };
    }),
  );
}

/** Today's date (YYYY-MM-DD) in Copenhagen, where the site's days begin and end. */
export function todayInCopenhagen() {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Copenhagen",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
}

function addDays(day, count) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

export async function decodeSingleFetch(response) {
  const { value } = await decodeTurboStream(response.body, globalThis);
  return value;
}

export function percentile(sortedValues, percent) {
  if (sortedValues.length === 0) return 0;
  return sortedValues[Math.min(sortedValues.length - 1, Math.ceil((percent / 100) * sortedValues.length) - 1)];
}

export const formatNumber = (value, digits = 1) => value.toFixed(digits);

/**
 * Connections the race keeps open between requests, as a browser does (one per user at a time). One left idle is
 * dropped after 4 s, before the server's 5 s (Node's keep-alive timeout) could close it under a request.
 */
const raceAgent = new http.Agent({ keepAlive: true, timeout: 4000 });

/**
 * One request as a browser sends it (compressed answers accepted, a form as URL-encoded text), over node:http:
 * the racing client costs a third of what fetch costs, and it shares the machine's two cores with the server.
 * Answers the status, the Set-Cookie headers and the whole body, decompressed.
 */
function requestOverKeptConnection(url, { method = "GET", headers = {}, body } = {}, timeoutMs) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(body.toString());
    const request = http.request(url, {
      method,
      agent: raceAgent,
      headers: {
        "accept-encoding": "br, gzip",
        ...headers,
        ...(payload && {
          "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
          "content-length": payload.length,
        }),
      },
    });
    const timer =
      timeoutMs && setTimeout(() => request.destroy(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
    const fail = (error) => {
      clearTimeout(timer);
      reject(error);
    };
    request.once("error", fail);
    request.once("response", (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.once("error", fail);
      response.once("end", () => {
        clearTimeout(timer);
        const raw = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        resolve({
          status: response.statusCode,
          setCookies: response.headers["set-cookie"] ?? [],
          body: encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw,
        });
      });
    });
    request.end(payload);
  });
}

/**
 * Every user loops for `seconds`: hold a random one of the `dayCount` days from tomorrow (the calendar form's
 * POST), and when it got the day, release it again from the basket. Only the hold request is timed here;
 * `onRequest` hears of every request (kind hold, basket or release) with its status, or its error, and the
 * milliseconds until its body was read. `requestTimeoutMs` gives up on a request that takes longer.
 */
export async function raceForDays(baseUrl, users, { dayCount, seconds, requestTimeoutMs, onRequest = () => {} }) {
  const tomorrow = addDays(todayInCopenhagen(), 1);
  const days = Array.from({ length: dayCount }, (_, index) => addDays(tomorrow, index));
  const holdLatenciesMs = [];
  const counts = { attempts: 0, holds: 0, releases: 0, errors: 0, serverErrors: 0 };
  const countFailedStatus = (status) => {
    if (status >= 500) counts.serverErrors++;
    else counts.errors++;
  };

  /**
   * The response's status and its whole body, decoded when `decode` and the status is 200. The user's cookies are
   * kept as a browser keeps them.
   */
  async function send(kind, url, init, { decode = false, user } = {}) {
    const started = performance.now();
    try {
      const response = await requestOverKeptConnection(url, init, requestTimeoutMs);
      if (user) user.cookie = keepCookies(user.cookie, response.setCookies);
      const body =
        decode && response.status === 200 ? await decodeSingleFetch(new Response(response.body)) : response.body;
      const milliseconds = performance.now() - started;
      onRequest({ kind, status: response.status, milliseconds });
      return { status: response.status, body, milliseconds };
    } catch (error) {
      onRequest({ kind, error, milliseconds: performance.now() - started });
      throw error;
    }
  }

  async function emptyBasket(user) {
    const headers = () => ({ cookie: user.cookie, origin: baseUrl, "x-forwarded-for": user.address });
    const basket = await send(
      "basket",
      `${baseUrl}/kurv.data?_routes=routes/kurv`,
      { headers: headers() },
      { decode: true, user },
    );
    if (basket.status !== 200) {
      countFailedStatus(basket.status);
      return;
    }
    const { items } = basket.body["routes/kurv"].data;
    // The hold said yes, so the day must be in the basket.
    if (items.length === 0) counts.errors++;
    for (const { claimId } of items) {
      const removal = await send(
        "release",
        `${baseUrl}/kurv.data`,
        { method: "POST", headers: headers(), body: new URLSearchParams({ intent: "remove", claimId }) },
        { user },
      );
      if (removal.status === 200) counts.releases++;
      else countFailedStatus(removal.status);
    }
  }

  async function userLoop(user, deadline) {
    while (Date.now() < deadline) {
      const day = days[Math.floor(Math.random() * days.length)];
      counts.attempts++;
      try {
        const hold = await send(
          "hold",
          `${baseUrl}/reservation.data`,
          {
            method: "POST",
            headers: { cookie: user.cookie, origin: baseUrl, "x-forwarded-for": user.address },
            body: new URLSearchParams({ day }),
          },
          { decode: true, user },
        );
        holdLatenciesMs.push(hold.milliseconds);
        if (hold.status !== 200) {
          countFailedStatus(hold.status);
          continue;
        }
        if (hold.body.data.toast.kind !== "success") continue; // taken by someone else, blocked or already booked
        counts.holds++;
        await emptyBasket(user);
      } catch (error) {
        counts.errors++;
        if (counts.errors === 1) console.error(`First failed request in the race: ${error.message}`);
      }
    }
  }

  // A user picks a day in a calendar the browser has loaded, over the connection it loaded it with. Fifty
  // connections opened at once on a busy server were taken one at a time between rounds of its work (5–6 s for the
  // last, docs/performance.md): that measured the accept queue, not the holds.
  const month = tomorrow.slice(0, 7);
  await Promise.all(
    users.map(async (user) => {
      const calendar = await requestOverKeptConnection(
        `${baseUrl}/reservation.data?maaned=${month}`,
        { headers: { cookie: user.cookie, "x-forwarded-for": user.address } },
        requestTimeoutMs,
      );
      if (calendar.status !== 200) throw new Error(`The calendar answered ${calendar.status} before the race`);
      user.cookie = keepCookies(user.cookie, calendar.setCookies);
    }),
  );
  const started = performance.now();
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(users.map((user) => userLoop(user, deadline)));
  const elapsedSeconds = (performance.now() - started) / 1000;
  holdLatenciesMs.sort((a, b) => a - b);
  return {
    users: users.length,
    days: { first: days[0], last: days.at(-1) },
    seconds: elapsedSeconds,
    ...counts,
    attemptsPerSecond: counts.attempts / elapsedSeconds,
    holdsPerSecond: counts.holds / elapsedSeconds,
    holdP50Ms: percentile(holdLatenciesMs, 50),
    holdP99Ms: percentile(holdLatenciesMs, 99),
  };
}

const DOUBLE_CLAIMS_QUERY =
  "select day::text, count(*)::int as claims from day_claims where released_at is null group by day having count(*) > 1";

/**
 * Runs `work(query)` on the site's database directly, `query(sql, params)` answering the rows: PostgreSQL at any
 * time, PGlite (which lives in the server's process) only while the server is stopped.
 */
export async function withDatabase({ databaseUrl, dataDir }, work) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(async (sql, params) => (await client.query(sql, params)).rows);
    } finally {
      await client.end();
    }
  }
  const database = new PGlite(path.join(dataDir, "db"));
  try {
    return await work(async (sql, params) => (await database.query(sql, params)).rows);
  } finally {
    await database.close();
  }
}

/** Days with more than one active claim, read directly from the database (PGlite only once the server has stopped). */
export function findDoubleClaims(store) {
  return withDatabase(store, (query) => query(DOUBLE_CLAIMS_QUERY));
}
