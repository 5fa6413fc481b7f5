// Compares the race for days of two builds in pairs: on a machine whose speed moves by half from one minute to the
// next, one build run after the other shows the machine, not the change (docs/performance.md, tenth session).
// Starts a server from each checkout side by side (a database and the bench's users each), warms both up, then
// races each for a few seconds in turn, the order alternating, and prints per round and the ratios B/A. Runs on
// PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set, else on PGlite. Each checkout needs its build.
//   npm run bench:pair -- <checkout A> <checkout B> [rounds=8]
// The first-started server tends to come out a few per cent ahead: compare in both orders, or A against A.
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  BENCH_RACE,
  cleanUp,
  createDataStore,
  PGLITE,
  postgresAdminUrl,
  postgresql,
  raceForDays,
  signUpUsers,
  startServer,
  wasInterrupted,
} from "./lib/server-under-test.mjs";

const WARM_UP_SECONDS = 10;
const ROUND_SECONDS = 5;

const [checkoutA, checkoutB, roundsArgument = "8"] = process.argv.slice(2);
const rounds = Number(roundsArgument);
if (!checkoutA || !checkoutB || !Number.isInteger(rounds) || rounds < 1) {
  console.error("usage: npm run bench:pair -- <checkout A> <checkout B> [rounds]");
  process.exit(2);
}
const engine = postgresAdminUrl ? postgresql(postgresAdminUrl) : PGLITE;

/** CPU time the process has used so far, in milliseconds (user and system, from /proc: Linux only). */
function cpuMillisecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ticksPerSecond = 100; // USER_HZ, 100 on Linux
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

async function startSide(name, checkout) {
  const { dataDir, databaseUrl } = await createDataStore(engine, "pair");
  const server = await startServer({ dataDir, databaseUrl, cwd: path.resolve(checkout) });
  const users = await signUpUsers(server.url, BENCH_RACE.users, { dataDir });
  return { name, checkout, server, users, rounds: [] };
}

async function race(side, seconds) {
  let requests = 0;
  const cpuBefore = cpuMillisecondsOf(side.server.pid);
  const result = await raceForDays(side.server.url, side.users, {
    dayCount: BENCH_RACE.contestedDays,
    seconds,
    onRequest: () => requests++,
  });
  const cpuMilliseconds = cpuMillisecondsOf(side.server.pid) - cpuBefore;
  return {
    attemptsPerSecond: result.attemptsPerSecond,
    holdP99Ms: result.holdP99Ms,
    cpuMsPerAttempt: cpuMilliseconds / result.attempts,
    cpuMsPerRequest: cpuMilliseconds / requests,
    failures: result.errors + result.serverErrors,
  };
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

try {
  console.log(`${engine.label}: A = ${checkoutA}, B = ${checkoutB}; ${rounds} rounds of ${ROUND_SECONDS} s each`);
  const sides = [await startSide("A", checkoutA), await startSide("B", checkoutB)];
  for (const side of sides) await race(side, WARM_UP_SECONDS);
  for (let round = 1; round <= rounds; round++) {
    for (const side of round % 2 === 1 ? sides : [...sides].reverse()) {
      const result = await race(side, ROUND_SECONDS);
      side.rounds.push(result);
      console.log(
        `round ${round} ${side.name}: ${result.attemptsPerSecond.toFixed(0)} attempts/s, hold p99 ${result.holdP99Ms.toFixed(0)} ms, server CPU ${result.cpuMsPerAttempt.toFixed(2)} ms per attempt (${result.cpuMsPerRequest.toFixed(2)} per request), ${result.failures} errors`,
      );
    }
  }
  const [a, b] = sides;
  for (const [label, key] of [
    ["attempts/s", "attemptsPerSecond"],
    ["hold p99 ms", "holdP99Ms"],
    ["CPU ms per attempt", "cpuMsPerAttempt"],
  ]) {
    const ratios = b.rounds.map((result, index) => result[key] / a.rounds[index][key]).sort((x, y) => x - y);
    console.log(
      `${label.padEnd(19)} A ${mean(a.rounds.map((result) => result[key])).toFixed(2)}, B ${mean(b.rounds.map((result) => result[key])).toFixed(2)}; B/A mean ${mean(ratios).toFixed(3)}, median ${ratios[Math.floor(ratios.length / 2)].toFixed(3)}, range ${ratios[0].toFixed(2)}–${ratios.at(-1).toFixed(2)}`,
    );
  }
  const failures = [...a.rounds, ...b.rounds].reduce((sum, result) => sum + result.failures, 0);
  if (failures > 0) {
    console.error(`${failures} requests failed`);
    process.exitCode = 1;
  }
} catch (error) {
  if (!wasInterrupted()) {
    console.error(`The comparison failed: ${error.stack ?? error}`);
    process.exitCode = 1;
  }
} finally {
  await cleanUp();
}
