import { Cron } from "croner";

/** Whether `cron` is a schedule croner understands (five or six fields). */
export function isCronExpression(cron: string) {
  try {
    new Cron(cron, { paused: true });
    return true;
  } catch {
    return false;
  }
}
