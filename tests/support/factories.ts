/**
 * How the integration tests make the records they start from (EXAMPLES 10): users, sessions, content and
 * bookings. Each goes through the app's own code where the app has it (createRecord, holdDay/createOrder/
 * confirmOrder, better-auth's adapter), so a fixture is a record the app could have made itself.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Database } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { ADMIN_ROLE, DOOR_ROLE, events, profiles, ticketTypes, users } from "~/db/schema";
import { renderDemoTune } from "~/db/seed/demo-audio.server";
import type { Auth } from "~/features/accounts/auth.server";
import { demoProvider } from "~/features/payment/provider.server";
import { holdDay } from "~/features/rental/holds.server";
import { confirmOrder, createOrder } from "~/features/rental/orders.server";
import type { Storage } from "~/features/storage/storage.server";
import { saveTicketSale } from "~/features/tickets/setup.server";
import { ticketSaleSetupSchema } from "~/features/tickets/sale-settings";
import { TEST_SECRET } from "./accounts";

export interface UserSpec {
  id?: string;
  name?: string;
  email?: string;
  role?: "user" | "admin" | "door";
  emailVerified?: boolean;
  /** The profile a first sign-in makes; `false` for an account that has never signed in. */
  profile?: { address?: string | null; phone?: string | null; lastLoginAt?: Date } | false;
}

export interface CreatedUser {
  id: string;
  name: string;
  email: string;
}

/** A verified user (unless told otherwise), with a profile (unless `profile: false`), inserted directly. */
export async function createUser(db: Database, spec: UserSpec = {}): Promise<CreatedUser> {
  const id = spec.id ?? `user-${randomBytes(6).toString("hex")}`;
  const name = spec.name ?? "Test Bruger";
  const email = spec.email ?? `${id}@example.dk`;
  await db.insert(users).values({
    id,
    name,
    email,
    emailVerified: spec.emailVerified ?? true,
    role: spec.role === "admin" ? ADMIN_ROLE : spec.role === "door" ? DOOR_ROLE : "user",
  });
  if (spec.profile !== false) {
    const { address = null, phone = null, lastLoginAt = new Date() } = spec.profile ?? {};
    await db.insert(profiles).values({ userId: id, name, email, address, phone, lastLoginAt });
  }
  return { id, name, email };
}

/**
 * A real session for the user, opened through better-auth's adapter, as the Cookie header a browser would send
 * (better-auth signs the token with HMAC-SHA256 and the secret).
 */
export async function createSession(auth: Auth, userId: string) {
  const { internalAdapter } = await auth.$context;
  const { token } = await internalAdapter.createSession(userId);
  const signature = createHmac("sha256", TEST_SECRET).update(token).digest("base64");
  return `scene.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * Signed-in accounts for a test, by id: each verified, with an address, "Bruger {id}" by name and the role given;
 * answers each one's session cookie.
 */
export async function signedInAccounts(
  db: Database,
  auth: Auth,
  accounts: Record<string, "user" | "admin" | "door">,
  address = (id: string) => `${id}vej 1, 8000 Aarhus C`,
) {
  const cookies: Record<string, string> = {};
  for (const [id, role] of Object.entries(accounts)) {
    await createUser(db, { id, role, name: `Bruger ${id}`, profile: { address: address(id) } });
    cookies[id] = await createSession(auth, id);
  }
  return cookies;
}

/**
 * Booked days: holds them, makes an order with the demo payment and confirms it, as a user paying would.
 * The user needs an address (createUser's `profile.address`). Returns the order's id.
 */
export async function createBooking(db: Database, userId: string, days: string | string[], now = new Date()) {
  for (const day of [days].flat()) {
    const held = await holdDay(db, userId, day, now);
    if (!held.ok) throw new Error(`could not hold ${day}: ${held.reason}`);
  }
  const order = await createOrder(db, userId, demoProvider, now);
  if (!order.ok) throw new Error(`no order: ${order.reason}`);
  const confirmed = await confirmOrder(db, order.orderId, now);
  if (confirmed.status !== "confirmed") throw new Error(`order not confirmed: ${confirmed.status}`);
  return order.orderId;
}

/** A small PNG as an upload, in a colour of choice. */
export async function pngUpload(background: string, width = 64, height = 64) {
  const { default: sharp } = await import("sharp");
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(buffer)], "cover.png", { type: "image/png" });
}

/** A short WAV: `notes` eighth notes at 120 bpm plus the renderer's 0.8 s tail, so notes × 0.25 + 0.8 seconds long. */
export function wavUpload(notes = 4) {
  const steps = Array.from({ length: notes }, (_, index) => index * 2);
  return new File([new Uint8Array(renderDemoTune({ rootHz: 220, bpm: 120, steps }, 1))], "nummer.wav", {
    type: "audio/wav",
  });
}

/** Loaded when a test makes content: it brings image and audio processing, which the other tests do not need. */
async function contentAdmin() {
  const [{ createRecord }, { contentTypes }] = await Promise.all([
    import("~/features/content/admin/record-writes.server"),
    import("~/features/content/content-types"),
  ]);
  return { createRecord, contentTypes };
}

export const albumData = (title: string, year = 2024) => ({
  album_artist: "Kajens Kvartet",
  album_year: year,
  album_title: title,
});

/** An album with a cover, through the admin's own createRecord; returns its id. */
export async function createAlbum(
  db: Database,
  storage: Storage,
  title: string,
  options: { published?: boolean; color?: string } = {},
) {
  const { createRecord, contentTypes } = await contentAdmin();
  return createRecord(db, storage, contentTypes.album, {
    data: albumData(title),
    files: { image: await pngUpload(options.color ?? "#224466") },
    published: options.published ?? true,
  });
}

/** A track of an album with a short WAV, through createRecord; returns its id. */
export async function createTrack(db: Database, storage: Storage, albumId: string, title: string, published = true) {
  const { createRecord, contentTypes } = await contentAdmin();
  return createRecord(db, storage, contentTypes.audio, {
    data: { audio_title: title, audio_text: "" },
    files: { audio: wavUpload(1) },
    published,
    parentId: albumId,
  });
}

/**
 * A concert with an open sale, set up through the admin's form schema and `saveTicketSale`: by default 50 Ordinær
 * tickets at 195 kr (at most 6 an order, 10 an e-mail, no fee). `event` adds to the concert's row, `sale` to the
 * sale's form fields. Answers the concert's id and its ticket types' ids by name.
 */
export async function createConcertOnSale(
  db: Database,
  {
    title,
    startsAt,
    event = {},
    sale = {},
  }: { title: string; startsAt: Date; event?: Partial<typeof events.$inferInsert>; sale?: Record<string, string> },
) {
  const [concert] = await db
    .insert(events)
    .values({ title, startsAt, ticketSale: "own", ...event })
    .returning({ id: events.id });
  const setup = ticketSaleSetupSchema.parse({
    capacity: "50",
    opensAt: "2020-01-01T10:00",
    closesAt: "2099-01-01T10:00",
    maxPerOrder: "6",
    maxPerEmail: "10",
    feeOere: "0",
    type_navn_0: "Ordinær",
    type_pris_0: "195",
    type_antal_0: "50",
    ...sale,
  });
  const refused = await saveTicketSale(db, concert!.id, setup);
  if (refused) throw new Error(`The test's ticket sale was refused: ${JSON.stringify(refused)}`);
  const types = await db.select().from(ticketTypes).where(eq(ticketTypes.eventId, concert!.id));
  const typeId = (name: string) => types.find((type) => type.name === name)?.id ?? "";
  return { eventId: concert!.id, ordinary: typeId("Ordinær"), student: typeId("Studerende") };
}
