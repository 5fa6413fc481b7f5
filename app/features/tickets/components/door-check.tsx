import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useRevalidator } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { formatTime } from "~/lib/format";
import { keepScan, queuedScans, sendKeptScans, sendScan, type DoorAnswer } from "./door-queue";
import { CameraScanner } from "./camera-scanner";

const answerStyles: Record<DoorAnswer["colour"], string> = {
  green: "bg-green-700 text-white",
  amber: "bg-amber-400 text-black",
  red: "bg-red-700 text-white",
};

/**
 * The door's check-in for one concert: a scan, a typed code or a search result goes to `/indgang/tjek`, and the
 * answer is shown large and in colour. Without network, scans are kept on the phone and sent when it is back;
 * their answers are listed afterwards, conflicts first. Without JavaScript the code form posts to the page.
 */
export function DoorCheck({ concertId, answer: served }: { concertId: string; answer: DoorAnswer | null }) {
  const [answer, setAnswer] = useState<DoorAnswer | null>(served);
  const [kept, setKept] = useState(0);
  const [late, setLate] = useState<{ code: string; scannedAt: string; answer: DoorAnswer }[]>([]);
  const revalidator = useRevalidator();
  const codeInput = useRef<HTMLInputElement>(null);

  const flush = useCallback(async () => {
    const sent = await sendKeptScans();
    setKept(queuedScans().length);
    if (sent.length === 0) return;
    setLate((before) => [
      ...sent.map(({ scan, answer }) => ({ code: scan.code, scannedAt: scan.scannedAt, answer })),
      ...before,
    ]);
    void revalidator.revalidate();
  }, [revalidator]);

  useEffect(() => {
    // Scans kept from before the page was (re)opened go first, once the page is live.
    queueMicrotask(() => void flush());
    const online = () => void flush();
    window.addEventListener("online", online);
    const timer = window.setInterval(() => {
      if (navigator.onLine) void revalidator.revalidate();
    }, 15_000);
    return () => {
      window.removeEventListener("online", online);
      window.clearInterval(timer);
    };
    // Once per concert: the listeners read the latest state through flush.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [concertId]);

  const check = useCallback(
    async (code: string) => {
      const sent = navigator.onLine ? await sendScan(concertId, code) : null;
      if (sent) {
        setAnswer(sent);
        void revalidator.revalidate();
        return;
      }
      keepScan({ concertId, code, scannedAt: formatTime(new Date()) });
      setKept((count) => count + 1);
      setAnswer({ colour: "amber", text: "Uden net: scanningen er gemt på telefonen og sendes, når der er net igen" });
    },
    [concertId, revalidator],
  );

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = codeInput.current?.value.trim() ?? "";
    if (!code) return;
    void check(code);
    codeInput.current!.value = "";
    codeInput.current!.focus();
  };

  return (
    <div className="grid gap-5">
      <div
        role="status"
        aria-live="assertive"
        className={`min-h-28 rounded-3xl p-6 text-center text-2xl font-bold sm:text-3xl ${answer ? answerStyles[answer.colour] : "border-2 border-dashed border-border text-muted"}`}
      >
        {answer ? answer.text : "Scan eller skriv en billet"}
      </div>
      {kept > 0 && (
        <p className="rounded-2xl bg-amber-100 px-4 py-3 font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          {kept === 1 ? "1 scanning venter" : `${kept} scanninger venter`} på net og sendes af sig selv.
        </p>
      )}
      <CameraScanner onCode={(code) => void check(code)} />
      <Form method="post" onSubmit={submitCode} className="flex gap-2">
        <input type="hidden" name="intent" value="tjek-ind" />
        <input type="hidden" name="koncert" value={concertId} />
        <label htmlFor="door-code" className="sr-only">
          Billettens kode
        </label>
        <input
          ref={codeInput}
          id="door-code"
          name="kode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="7K3M-Q9XD"
          className="min-w-0 flex-1 rounded-xl border border-control-border bg-surface-raised px-4 py-3 font-mono text-lg tracking-widest"
        />
        <button type="submit" className={buttonStyles.primary}>
          Tjek ind
        </button>
      </Form>
      {late.length > 0 && (
        <section aria-labelledby="late-heading" className="rounded-2xl border border-border p-4">
          <h2 id="late-heading" className="font-semibold">
            Sendt, da nettet kom tilbage
          </h2>
          <ul className="mt-2 grid gap-2">
            {[...late]
              .sort((one, other) => Number(one.answer.colour === "green") - Number(other.answer.colour === "green"))
              .map((entry, index) => (
                <li
                  key={`${entry.code}-${index}`}
                  className={`rounded-xl px-3 py-2 ${answerStyles[entry.answer.colour]}`}
                >
                  <span className="font-mono">{entry.code}</span> (scannet {entry.scannedAt}): {entry.answer.text}
                </li>
              ))}
          </ul>
        </section>
      )}
      <p className="text-sm text-muted">
        Kan billetten ikke scannes, så skriv koden under QR-koden, eller søg på navnet herunder.
      </p>
    </div>
  );
}

/** A search result's own check-in button. */
export function CheckInButton({ concertId, token }: { concertId: string; token: string }) {
  const [answer, setAnswer] = useState<DoorAnswer | null>(null);
  const revalidator = useRevalidator();
  if (answer)
    return (
      <span className={`rounded-full px-3 py-1 text-sm font-semibold ${answerStyles[answer.colour]}`}>
        {answer.text}
      </span>
    );
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        void sendScan(concertId, token).then((sent) => {
          setAnswer(sent ?? { colour: "amber", text: "Ikke sendt: intet net" });
          void revalidator.revalidate();
        });
      }}
    >
      <input type="hidden" name="intent" value="tjek-ind" />
      <input type="hidden" name="koncert" value={concertId} />
      <input type="hidden" name="kode" value={token} />
      <button
        type="submit"
        className="rounded-full border border-control-border px-3 py-1 text-sm font-semibold hover:border-accent"
      >
        Tjek ind
      </button>
    </Form>
  );
}
