/** A fan waiting on a concert's waitlist, in the order they asked. */
export interface WaitingFan {
  id: string;
  wanted: number;
}

/** A ticket type's places free now, in the admin's order of the types. */
export interface FreePlaces {
  typeId: string;
  free: number;
}

export interface WaitlistOffer {
  fanId: string;
  /** How many of each type are held for the fan. */
  quantities: Record<string, number>;
  count: number;
}

/** How long tickets offered from the waitlist are held for the fan before they go to the next. */
export const WAITLIST_OFFER_HOURS = 24;

export const waitlistOfferExpiresAt = (now: Date) => new Date(now.getTime() + WAITLIST_OFFER_HOURS * 3_600_000);

/**
 * Who on the waitlist is offered the tickets that are free, and which (decision 038). The first fan waiting comes
 * first and is offered as many as they asked for (within what they may still hold), or all that are free if
 * fewer; then the next, until nothing is free. The places come from the types in the admin's order, and the concert's own free places bound them all:
 * a type may have room that the concert as a whole has not.
 */
export function waitlistOffers(waiting: WaitingFan[], types: FreePlaces[], concertFree: number): WaitlistOffer[] {
  const left = new Map(types.map(({ typeId, free }) => [typeId, Math.max(0, free)]));
  let free = Math.min(
    Math.max(0, concertFree),
    [...left.values()].reduce((sum, places) => sum + places, 0),
  );
  const offers: WaitlistOffer[] = [];
  for (const fan of waiting) {
    if (free <= 0) break;
    // One who may hold no more (the limit per e-mail) keeps their place for later.
    if (fan.wanted <= 0) continue;
    let count = Math.min(fan.wanted, free);
    const quantities: Record<string, number> = {};
    for (const { typeId } of types) {
      const taken = Math.min(count, left.get(typeId)!);
      if (taken === 0) continue;
      quantities[typeId] = taken;
      left.set(typeId, left.get(typeId)! - taken);
      count -= taken;
    }
    const offered = Object.values(quantities).reduce((sum, places) => sum + places, 0);
    free -= offered;
    offers.push({ fanId: fan.id, quantities, count: offered });
  }
  return offers;
}
