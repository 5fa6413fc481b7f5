import { describe, expect, it } from "vitest";
import { retryDelaySeconds } from "./retry";

describe("a retry's pause", () => {
  it.each([
    [0, 30],
    [1, 30],
    [2, 60],
    [3, 120],
    [7, 1920],
    [8, 3600],
    [30, 3600],
  ])("after %i attempts is %i seconds: doubling from 30 s, at most an hour", (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });
});
