import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { instant, updatedAt as rowUpdatedAt } from "./columns";

/**
 * better-auth's tables (core, admin, email OTP, two-factor, rate limit), in our naming. The model names
 * better-auth uses are mapped to these in app/features/accounts/auth.server.ts.
 */
const createdAt = instant("created_at").notNull().defaultNow();
const updatedAt = instant("updated_at").notNull().defaultNow();
/** The user a row belongs to, deleted with them. */
export const ownedBy = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const ADMIN_ROLE = "kab-webadmin";
/** Door staff (dørpersonale, issue 36): the check-in page at the door, and nothing else of the admin. */
export const DOOR_ROLE = "doerpersonale";

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt,
    updatedAt,
    role: text("role").notNull().default("user"),
    banned: boolean("banned").notNull().default(false),
    banReason: text("ban_reason"),
    banExpires: instant("ban_expires"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  },
  (table) => [
    check("users_email_lowercase", sql`${table.email} = lower(${table.email})`),
    check("users_role_known", sql`${table.role} in ('user', 'kab-webadmin', 'doerpersonale')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: instant("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt,
    updatedAt,
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: ownedBy(),
    impersonatedBy: text("impersonated_by"),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: ownedBy(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: instant("access_token_expires_at"),
    refreshTokenExpiresAt: instant("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt,
    updatedAt,
  },
  (table) => [index("auth_accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: instant("expires_at").notNull(),
    createdAt,
    updatedAt,
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: ownedBy(),
    verified: boolean("verified").notNull().default(false),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: instant("locked_until"),
  },
  (table) => [index("two_factors_user_id_idx").on(table.userId), index("two_factors_secret_idx").on(table.secret)],
);

export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Files the server stored for a user (their avatars). A profile can point only at a file recorded here for its
 * own user, and the server removes only files recorded for the user whose file it replaces.
 */
export const userFiles = pgTable(
  "user_files",
  {
    key: text("key").primaryKey(),
    userId: ownedBy(),
    createdAt,
  },
  (table) => [unique("user_files_user_id_key_unique").on(table.userId, table.key)],
);

/**
 * The spec's profile record (§3), one per user, created at first sign-in. Name and e-mail are copies of the
 * account's, written only from it; the avatar is a file stored for this user (its key; the address is derived).
 */
export const profiles = pgTable(
  "profiles",
  {
    userId: ownedBy().primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    lastLoginAt: instant("last_login_at").notNull(),
    updatedAt: rowUpdatedAt(),
    avatarKey: text("avatar_key"),
    address: text("address"),
    phone: text("phone"),
  },
  (table) => [
    foreignKey({
      name: "profiles_avatar_file_fk",
      columns: [table.userId, table.avatarKey],
      foreignColumns: [userFiles.userId, userFiles.key],
    }),
    check("profiles_address_not_blank", sql`${table.address} is null or length(btrim(${table.address})) > 0`),
    check("profiles_phone_format", sql`${table.phone} is null or ${table.phone} ~ '^\\+45[0-9]{8}$'`),
  ],
);

/**
 * The owner's set-up link (decision 018): while no admin exists, one row (id = 1) holds the token of
 * `/opsaetning/<token>`, the same for every instance and every start. The transaction that makes the first admin
 * deletes it.
 */
export const siteClaim = pgTable(
  "site_claim",
  {
    id: smallint("id").primaryKey().default(1),
    token: text("token").notNull(),
    createdAt,
  },
  (table) => [check("site_claim_single_row", sql`${table.id} = 1`)],
);

export const usersRelations = relations(users, ({ one, many }) => ({
  profile: one(profiles, { fields: [users.id], references: [profiles.userId] }),
  sessions: many(sessions),
}));
export const profilesRelations = relations(profiles, ({ one }) => ({
  user: one(users, { fields: [profiles.userId], references: [users.id] }),
}));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
