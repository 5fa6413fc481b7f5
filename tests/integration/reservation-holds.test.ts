import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, profiles, users } from "~/db/schema";
import type { Auth } from "~/features/accounts/auth.server";
import { demoProvider } from "~/features/payment/provider.server";
import { stripeProvider } from "~/features/payment/stripe.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { blockDays } from "~/features/rental/admin.server";
import { calendarDays } from "~/features/rental/calendar.server";
import { holdDay, removeExpiredHolds } from "~/features/rental/holds.server";
import { confirmOrder, createOrder } from "~/features/rental/orders.server";
import { takeFlashToast } from "~/features/toast/flash.server";
import type { Toast } from "~/features/toast/toast";
import { setCollaborators } from "~/lib/collaborators.server";
import { dayBounds, formatDateLong } from "~/lib/format";
import { action as payAction } from "~/routes/betaling";
import { action as basketAction, loader as basketLoader } from "~/routes/kurv";
import { selectRentalOrders } from "~/features/rental/rental-order.server";
import { signUpUser } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const MINUTE = 60_000;

interface Member {
  id: string;
  cookie: string;
}

describe.each(databaseKinds)("holds that run out or whose day is closed, on %s", (kind) => {
  let database: TestDatabase;
  let auth: Auth;
  let members = 0;
  let daysUsed = 0;

  /** A signed-in user with a verified e-mail and an address, ready to pay. */
  async function addMember(): Promise<Member> {
    members += 1;
    const email = `medlem${members}@example.dk`;
    const member = await signUpUser(auth, { name: `Medlem ${members}`, email, password: "Havnen-2026-kaj" });
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, member.id));
    const details = { address: `Kajgade ${members}, 8000 Aarhus C`, phone: "+4520123456" };
    await database.db
      .insert(profiles)
      .values({ userId: member.id, name: `Medlem ${members}`, email, lastLoginAt: new Date(), ...details })
      .onConflictDoUpdate({ target: profiles.userId, set: details });
    return member;
  }

  /** A day of its own for each test, well inside the horizon. */
  function freshDay() {
    daysUsed += 1;
    return addDays(todayInCopenhagen(), 30 + daysUsed);
  }

  const openBasket = (member: Member) => basketLoader(routeArgs("/kurv", { headers: { Cookie: member.cookie } }));

  const checkout = (member: Member) =>
    basketAction(
      routeArgs("/kurv", {
        method: "POST",
        body: new URLSearchParams({ intent: "checkout", kontrakt: "ja" }),
        headers: { Cookie: member.cookie },
      }),
    ).catch((thrown: unknown) => thrown);

  /** The demo payment page's "Betal": a redirect to /success when booked, a toast when not. */
  const pay = (member: Member, orderId: string) =>
    payAction(
      routeArgs("/betaling", {
        method: "POST",
        body: new URLSearchParams({ ordre: orderId }),
        headers: { Cookie: member.cookie },
      }),
    ).catch((thrown: unknown) => thrown) as Promise<Response | { data: { toast: Toast }; init: { status: number } }>;

  const stateOf = async (day: string, member: Member) =>
    (await calendarDays(database.db, { from: day, to: day }, member.id))[0]?.state;

  const orderOf = async (orderId: string) => (await selectRentalOrders(database.db).where(eq(orders.id, orderId)))[0]!;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    ({ auth } = collaborators);
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  describe("a payment that arrives after the hold ran out", () => {
    /** Holds a day, goes to payment 40 minutes ago (the 15-minute hold ran out long since), answers the order. */
    async function lateOrder(member: Member, day: string) {
      const orderedAt = new Date(Date.now() - 40 * MINUTE);
      expect((await holdDay(database.db, member.id, day, orderedAt)).ok).toBe(true);
      const order = await createOrder(database.db, member.id, demoProvider, orderedAt);
      if (!order.ok) throw new Error(order.reason);
      return order.orderId;
    }

    async function meanwhile(member: Member, steps: readonly ("basket" | "job")[]) {
      for (const step of steps) {
        if (step === "basket") expect((await openBasket(member)).items).toEqual([]);
        else await removeExpiredHolds(database.db);
      }
    }

    it.each([
      ["nobody looked", []],
      ["the customer opened /kurv", ["basket"]],
      ["the cleanup job ran", ["job"]],
      ["the customer opened /kurv and the job ran", ["basket", "job"]],
    ] as const)("books the day if it is still free, whatever happened before: %s", async (_what, steps) => {
      const member = await addMember();
      const day = freshDay();
      const orderId = await lateOrder(member, day);
      await meanwhile(member, steps);

      const paid = await pay(member, orderId);
      expect(paid).toBeInstanceOf(Response);
      expect((paid as Response).headers.get("Location")).toBe(`/success?ordre=${orderId}`);
      expect((await orderOf(orderId)).status).toBe("paid");
      expect(await stateOf(day, member)).toBe("mine");
    });

    it.each([
      ["nobody looked", []],
      ["the customer opened /kurv", ["basket"]],
      ["the cleanup job ran", ["job"]],
    ] as const)("books nothing once someone else has claimed the day: %s", async (_what, steps) => {
      const [member, other] = [await addMember(), await addMember()];
      const day = freshDay();
      const orderId = await lateOrder(member, day);
      await meanwhile(member, steps);
      expect((await holdDay(database.db, other.id, day)).ok).toBe(true);

      const refused = await pay(member, orderId);
      expect(refused).toMatchObject({
        init: { status: 409 },
        data: {
          toast: {
            message: "Reservationen kunne ikke gennemføres",
            detail: "En af dagene blev optaget, før betalingen kom igennem. Der er ikke trukket penge.",
          },
        },
      });
      expect(await orderOf(orderId)).toMatchObject({
        status: "failed",
        failureReason: "En eller flere dage blev optaget, før betalingen blev gennemført.",
      });
      expect(await stateOf(day, other)).toBe("in-basket");
    });

    it("gives the day to exactly one of a late payment and a new hold arriving at once", async () => {
      const [member, other] = [await addMember(), await addMember()];
      const days = Array.from({ length: 5 }, () => freshDay());
      for (const day of days) {
        const orderId = await lateOrder(member, day);
        const [payment, hold] = await Promise.all([
          confirmOrder(database.db, orderId),
          holdDay(database.db, other.id, day),
        ]);
        expect(payment.status === "confirmed").toBe(!hold.ok);
        expect(await stateOf(day, member)).toBe(hold.ok ? "held-by-others" : "mine");
      }
    });

    it("keeps the days for the whole of Stripe's checkout, longer than the hold time", async () => {
      const [member, other] = [await addMember(), await addMember()];
      const day = freshDay();
      const orderedAt = new Date(Date.now() - 31 * MINUTE);
      await holdDay(database.db, member.id, day, orderedAt);
      const stripe = stripeProvider(database.db, { secretKey: "sk_test_scene", webhookSecret: "whsec_scene" });
      expect((await createOrder(database.db, member.id, stripe, orderedAt)).ok).toBe(true);

      expect(await holdDay(database.db, other.id, day)).toEqual({ ok: false, reason: "held-by-others" });
      expect(await stateOf(day, other)).toBe("held-by-others");
      const closedCheckout = new Date(orderedAt.getTime() + stripe.checkoutSessionSeconds * 1000);
      expect((await holdDay(database.db, other.id, day, closedCheckout)).ok).toBe(true);
    });
  });

  describe("a day the admin blocks after it went into a basket", () => {
    const label = (day: string) => formatDateLong(dayBounds(day).start);

    it("leaves the basket with the admin's title, once, and the other days are paid for", async () => {
      const member = await addMember();
      const [closed, kept] = [freshDay(), freshDay()];
      for (const day of [closed, kept]) expect((await holdDay(database.db, member.id, day)).ok).toBe(true);
      await blockDays(database.db, { from: closed, to: closed }, "Lukket for maling");
      expect(await stateOf(closed, member)).toBe("blocked");

      const basket = await openBasket(member);
      expect(basket.closed).toEqual([{ day: closed, label: label(closed), blockedTitle: "Lukket for maling" }]);
      expect(basket.items.map((item) => item.label)).toEqual([label(kept)]);
      expect((await openBasket(member)).closed).toEqual([]);

      const redirect = (await checkout(member)) as Response;
      expect(redirect.headers.get("Location")).toMatch(/^\/betaling\?ordre=/);
      const orderId = new URL(redirect.headers.get("Location")!, "http://localhost").searchParams.get("ordre")!;
      expect((await orderOf(orderId)).days).toEqual([kept]);
      expect(await pay(member, orderId)).toBeInstanceOf(Response);
      expect(await stateOf(kept, member)).toBe("mine");
    });

    it("is left out when the user goes to payment without opening the basket again, and the user is told why", async () => {
      const member = await addMember();
      const [closed, kept] = [freshDay(), freshDay()];
      for (const day of [closed, kept]) await holdDay(database.db, member.id, day);
      await blockDays(database.db, { from: closed, to: closed }, "Julefrokost");

      const redirect = (await checkout(member)) as Response;
      const orderId = new URL(redirect.headers.get("Location")!, "http://localhost").searchParams.get("ordre")!;
      expect((await orderOf(orderId)).days).toEqual([kept]);
      expect(takeFlashToast(redirect.headers.get("Set-Cookie")).toast).toEqual({
        kind: "info",
        message: "Lukket: Julefrokost",
        detail: `Vi har taget ${label(closed)} ud af din kurv.`,
      });
    });

    it("tells the user when every day of the basket was closed", async () => {
      const member = await addMember();
      const closed = freshDay();
      await holdDay(database.db, member.id, closed);
      await blockDays(database.db, { from: closed, to: closed }, "Vinterlukket");

      expect(await checkout(member)).toMatchObject({
        init: { status: 409 },
        data: { toast: { kind: "info", message: "Lukket: Vinterlukket" } },
      });
      expect((await openBasket(member)).items).toEqual([]);
    });

    it("fails a payment for it with the admin's title, and the next checkout is not held up by it", async () => {
      const member = await addMember();
      const [closed, later] = [freshDay(), freshDay()];
      await holdDay(database.db, member.id, closed);
      const order = await createOrder(database.db, member.id, demoProvider);
      if (!order.ok) throw new Error(order.reason);
      await blockDays(database.db, { from: closed, to: closed }, "Lukket for maling");

      const reason = `Lukket: Lukket for maling (${label(closed)}).`;
      expect(await pay(member, order.orderId)).toMatchObject({
        init: { status: 409 },
        data: { toast: { detail: `${reason} Der er ikke trukket penge.` } },
      });
      expect(await orderOf(order.orderId)).toMatchObject({ status: "failed", failureReason: reason });

      await holdDay(database.db, member.id, later);
      const next = await createOrder(database.db, member.id, demoProvider);
      if (!next.ok) throw new Error(next.reason);
      expect((await orderOf(next.orderId)).days).toEqual([later]);
      expect(await pay(member, next.orderId)).toBeInstanceOf(Response);
    });
  });
});
