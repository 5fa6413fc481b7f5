import { execFileSync, spawn } from "node:child_process";
import { accessSync, chmodSync, constants, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";

/** The nginx executable, or undefined when nginx is not installed (it often lives in /usr/sbin, outside PATH). */
export function findNginx() {
  const directories = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin"];
  return directories
    .filter(Boolean)
    .map((directory) => path.join(directory, "nginx"))
    .find((candidate) => {
      try {
        accessSync(candidate, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** A self-signed certificate for `hostname`, valid for a day. */
export function createSelfSignedCertificate(directory: string, hostname: string) {
  const certificate = path.join(directory, "certificate.pem");
  const key = path.join(directory, "key.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"].concat([
      "-subj",
      `/CN=${hostname}`,
      "-addext",
      `subjectAltName=DNS:${hostname}`,
      "-keyout",
      key,
      "-out",
      certificate,
    ]),
    { stdio: "pipe" },
  );
  return { certificate, key };
}

export interface ProxyPorts {
  http: number;
  https: number;
  app: number;
}

/**
 * deploy/nginx.conf with its machine-specific lines swapped for the test's: loopback ports, the temporary
 * certificate and log, deploy/scene-proxy.conf from this checkout. Each swap must find its text, so the test
 * fails rather than silently running something else when the deployed file changes.
 */
export function renderSiteConfig(options: { ports: ProxyPorts; certificate: string; key: string; accessLog: string }) {
  const swaps: [string | RegExp, string][] = [
    [/^\s*listen \[::\]:.*\n/gm, ""],
    ["listen 80;", `listen 127.0.0.1:${options.ports.http};`],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${options.ports.https} ssl http2;`],
    ["server 127.0.0.1:3000;", `server 127.0.0.1:${options.ports.app};`],
    ["/etc/letsencrypt/live/scene.example.dk/fullchain.pem", options.certificate],
    ["/etc/letsencrypt/live/scene.example.dk/privkey.pem", options.key],
    ["/etc/nginx/snippets/scene-proxy.conf", path.resolve("deploy/scene-proxy.conf")],
    ["/var/log/nginx/scene.access.log", options.accessLog],
  ];
  return swaps.reduce(
    (config, [from, to]) => {
      const swapped = config.replaceAll(from, to);
      if (swapped === config) throw new Error(`deploy/nginx.conf no longer contains ${String(from)}`);
      return swapped;
    },
    readFileSync("deploy/nginx.conf", "utf8"),
  );
}

export interface RunningNginx {
  /** nginx's error log so far, for failure messages. */
  errorLog(): string;
  /** Stops nginx (SIGTERM) and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Runs nginx in the foreground with `siteConfig` inside its http block, everything it writes (logs, pid,
 * request bodies) in `directory`, and waits until it accepts connections on `readyPort`.
 */
export async function startNginx(options: {
  executable: string;
  directory: string;
  siteConfig: string;
  readyPort: number;
}) {
  const { directory } = options;
  // Run as root, nginx's workers are `nobody` and must reach the temporary files under this directory.
  chmodSync(directory, 0o755);
  const errorLogPath = path.join(directory, "error.log");
  const configPath = path.join(directory, "nginx.conf");
  const temporaryPaths = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${path.join(directory, kind)};`)
    .join("\n");
  writeFileSync(
    configPath,
    `worker_processes 1;\nevents { worker_connections 64; }\nhttp {\n${temporaryPaths}\n${options.siteConfig}\n}\n`,
  );
  const child = spawn(
    options.executable,
    [
      "-p",
      directory,
      "-c",
      configPath,
      "-e",
      errorLogPath,
      "-g",
      `daemon off; pid ${path.join(directory, "nginx.pid")};`,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const errorLog = () => {
    let log = output;
    try {
      log += readFileSync(errorLogPath, "utf8");
    } catch {
      // nginx had not opened its log yet.
    }
    return log;
  };

  const deadline = Date.now() + 10_000;
  while (!(await acceptsConnections(options.readyPort))) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}:\n${errorLog()}`);
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`nginx did not accept connections within 10 s:\n${errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    errorLog,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  } satisfies RunningNginx;
}

function acceptsConnections(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
