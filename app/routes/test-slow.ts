import { z } from "zod";
import type { Route } from "./+types/test-slow";

/**
 * A response that starts at once and ends after `ms` milliseconds (`GET /_test/langsom?ms=1500`), so a test
 * can stop the server while a request is in flight. Loopback only, with ENABLE_TEST_ROUTES (features/accounts/access.ts).
 */
export function loader({ url }: Route.LoaderArgs) {
  const milliseconds = z.coerce.number().int().min(0).max(20_000).catch(1_000).parse(url.searchParams.get("ms"));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode("begyndt\n"));
      await new Promise((resolve) => setTimeout(resolve, milliseconds));
      controller.enqueue(new TextEncoder().encode("færdig\n"));
      controller.close();
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store, no-transform" },
  });
}
