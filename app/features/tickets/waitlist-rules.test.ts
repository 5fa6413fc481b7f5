import { describe, expect, it } from "vitest";
import { waitlistOffers, type FreePlaces, type WaitingFan } from "./waitlist-rules";

const fans = (...wanted: number[]): WaitingFan[] =>
  wanted.map((count, index) => ({ id: `fan-${index + 1}`, wanted: count }));
const types = (...free: number[]): FreePlaces[] =>
  free.map((places, index) => ({ typeId: `type-${index + 1}`, free: places }));

describe("waitlistOffers", () => {
  it.each([
    { case: "nothing free, nobody offered", waiting: fans(2, 1), free: types(0), concert: 0, offers: [] },
    { case: "nobody waiting", waiting: fans(), free: types(3), concert: 3, offers: [] },
    {
      case: "the first fan first, with all they asked for",
      waiting: fans(2, 1),
      free: types(2),
      concert: 2,
      offers: [{ fanId: "fan-1", quantities: { "type-1": 2 }, count: 2 }],
    },
    {
      case: "fewer free than the first asked for: they are offered what there is, and nobody after them",
      waiting: fans(4, 1),
      free: types(3),
      concert: 3,
      offers: [{ fanId: "fan-1", quantities: { "type-1": 3 }, count: 3 }],
    },
    {
      case: "enough for several, in the order they asked",
      waiting: fans(1, 2, 3),
      free: types(4),
      concert: 4,
      offers: [
        { fanId: "fan-1", quantities: { "type-1": 1 }, count: 1 },
        { fanId: "fan-2", quantities: { "type-1": 2 }, count: 2 },
        { fanId: "fan-3", quantities: { "type-1": 1 }, count: 1 },
      ],
    },
    {
      case: "the types in the admin's order, one fan across two",
      waiting: fans(3),
      free: types(1, 5),
      concert: 6,
      offers: [{ fanId: "fan-1", quantities: { "type-1": 1, "type-2": 2 }, count: 3 }],
    },
    {
      case: "the concert's own free places bound the types'",
      waiting: fans(2, 2),
      free: types(5, 5),
      concert: 3,
      offers: [
        { fanId: "fan-1", quantities: { "type-1": 2 }, count: 2 },
        { fanId: "fan-2", quantities: { "type-1": 1 }, count: 1 },
      ],
    },
    {
      case: "a fan who may hold no more keeps their place, and the next is offered",
      waiting: fans(0, 2),
      free: types(2),
      concert: 2,
      offers: [{ fanId: "fan-2", quantities: { "type-1": 2 }, count: 2 }],
    },
    {
      case: "a type without room is skipped",
      waiting: fans(2),
      free: types(0, 2),
      concert: 2,
      offers: [{ fanId: "fan-1", quantities: { "type-2": 2 }, count: 2 }],
    },
  ])("$case", ({ waiting, free, concert, offers }) => {
    expect(waitlistOffers(waiting, free, concert)).toEqual(offers);
  });
});
