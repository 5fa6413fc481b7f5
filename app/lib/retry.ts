/**
 * How long a durable queue waits before it tries a failed message again (decision 058): 30 s, then doubling, at most
 * an hour. The mail outbox and the newsletter's deliveries both wait by it.
 */
export function retryDelaySeconds(attempts: number) {
  return Math.min(60 * 60, 30 * 2 ** Math.max(0, attempts - 1));
}
