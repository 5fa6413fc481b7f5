import path from "node:path";
import { z } from "zod";
import { isCronExpression } from "~/features/operations/cron";

const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((value) => value === "1" || value === "true" || value === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// connection string")
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  BUILD_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, "may only hold letters, digits, '.', '_' and '-' (at most 64)")
    .optional(),
  /**
   * Which proxies may set X-Forwarded-*: "false" (none), a hop count ("1" for one reverse proxy; "true" means 1),
   * or Express's names and subnets ("loopback", "10.0.0.0/8"). Never "trust all": a client could fake its address.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(false|true|\d{1,2}|[a-z0-9.:/, -]+)$/i, "must be false, a hop count, or proxy addresses/subnets")
    .default("false")
    .transform((value): boolean | number | string => {
      if (value === "false" || value === "0") return false;
      if (value === "true") return 1;
      return /^\d+$/.test(value) ? Number(value) : value;
    }),
  ENABLE_TEST_ROUTES: booleanFlag.default(false),
  /** How long a page rendered for visitors may be served again (0 turns the visitor page cache off). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  SEED_DEMO_CONTENT: booleanFlag.optional(),
  /** Keeps the demo's encoded pictures between seeds of fresh databases (the tests); unset, nothing is kept. */
  DEMO_IMAGE_CACHE_DIR: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// address")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** S3-compatible storage instead of DATA_DIR/storage, when S3_BUCKET is set. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a valid bucket name")
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Stripe Checkout instead of the demo payment, when set (sk_live_… or sk_test_…). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
    .optional(),
  /** The labelled test payment where "Betal" books without money; on by default except in a declared deployment. */
  DEMO_PAYMENTS: booleanFlag.optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, "must be a Stripe webhook signing secret (whsec_…)")
    .optional(),
  ADMIN_EMAIL: z.email("must be an e-mail address").optional(),
  ADMIN_PASSWORD: z.string().min(10, "must be at least 10 characters").optional(),
  /** Where `npm run backup` and the scheduled backups write their archives (default DATA_DIR/backups). */
  BACKUP_DIR: z.string().min(1).optional(),
  /** A cron schedule in Copenhagen time ("0 3 * * *": each night at 03:00) for automatic backups; unset: none. */
  BACKUP_CRON: z
    .string()
    .refine(isCronExpression, 'must be a cron schedule, e.g. "0 3 * * *" for each night at 03:00')
    .optional(),
  /** How many archives to keep in BACKUP_DIR after a scheduled backup. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  /** Server and browser errors go to this Sentry project (no personal data); unset, nothing leaves the machine. */
  SENTRY_DSN: z
    .url({ protocol: /^https?$/, error: "must be a Sentry DSN (https://<key>@<host>/<project>)" })
    .optional(),
  /** Required as `Authorization: Bearer …` by /metrics; unset, /metrics answers only direct loopback requests. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, "PUBLIC_URL" | "LOG_LEVEL" | "SEED_DEMO_CONTENT" | "DEMO_PAYMENTS" | "BACKUP_DIR"> & {
  BACKUP_DIR: string;
  SEED_DEMO_CONTENT: boolean;
  DEMO_PAYMENTS: boolean;
  PUBLIC_URL: string;
  LOG_LEVEL: NonNullable<Env["LOG_LEVEL"]>;
  isProduction: boolean;
  /** A declared deployment on PostgreSQL: secrets must be given, since instances share them. */
  requiresExplicitSecrets: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Reads and validates every environment variable the server uses. Empty strings count as unset,
 * so `FOO=` in a shell or a compose file means "use the default". `declaredDeployment`: the operator
 * set NODE_ENV=production (server.js tells; a plain `npm start` is production mode but not declared).
 */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  { declaredDeployment = source.NODE_ENV === "production" }: { declaredDeployment?: boolean } = {},
): Config {
  const raw = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, source[key] === "" ? undefined : source[key]]),
  );
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        const secret = /SECRET|PASSWORD|_URL$|KEY_ID$/.test(name) && name !== "PUBLIC_URL";
        const shown = secret ? "" : ` (got ${JSON.stringify(raw[name])})`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const requiresExplicitSecrets = declaredDeployment && env.DATABASE_URL !== undefined;
  const problems = [
    (env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined) &&
      "ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither",
    env.S3_BUCKET &&
      !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) &&
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: are required with S3_BUCKET",
    env.STRIPE_SECRET_KEY &&
      !env.STRIPE_WEBHOOK_SECRET &&
      "STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY (payments are confirmed only by the signed webhook)",
    declaredDeployment &&
      !env.PUBLIC_URL &&
      "PUBLIC_URL: is required with NODE_ENV=production (links in e-mails and sign-in checks use it)",
    requiresExplicitSecrets &&
      !env.AUTH_SECRET &&
      "AUTH_SECRET: is required with NODE_ENV=production and DATABASE_URL set (generate one with `openssl rand -base64 48`)",
  ].filter((problem) => typeof problem === "string");
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    BACKUP_DIR: env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups"),
    LOG_LEVEL: env.LOG_LEVEL ?? (isProduction ? "info" : "debug"),
    // A real deployment starts empty unless asked; a local start gets the demo venue.
    SEED_DEMO_CONTENT: env.SEED_DEMO_CONTENT ?? !declaredDeployment,
    // A real deployment never gives days away by accident: the demo payment must be asked for there.
    DEMO_PAYMENTS: env.DEMO_PAYMENTS ?? !declaredDeployment,
    isProduction,
    requiresExplicitSecrets,
  };
}
