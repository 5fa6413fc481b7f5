import { useEffect, useRef, useState } from "react";
import type QrScanner from "qr-scanner";
import { buttonStyles } from "~/components/ui/button-link";

/** The same code seen again within this time is the same scan, not a second one. */
const SAME_SCAN_MS = 3000;
/** A few looks a second answer a queue at once and keep a phone that scans all evening cool. */
const SCANS_PER_SECOND = 4;

const noCamera = "Denne browser kan ikke læse QR-koder med kameraet. Skriv koden i stedet.";
const cameraRefused = "Kameraet kunne ikke åbnes. Giv siden lov til at bruge kameraet, eller skriv koden.";
// The page was opened with network and lost it before the camera was first started (or a new version was deployed).
const readerMissing = "QR-læseren kunne ikke hentes. Skriv koden i stedet, eller prøv igen med net.";

/**
 * Reads QR codes from the phone's back camera and hands each new code to `onCode`. The reading is qr-scanner's: the
 * browser's own BarcodeDetector where it has one (Chrome on Android, Safari on iOS 17+), otherwise its decoder in a
 * web worker (Firefox, desktop Chromium). The library is fetched only when the camera is started, so the door page's
 * first paint does not wait for it.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const last = useRef({ code: "", at: 0 });
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!on) return;
    let scanner: QrScanner | null = null;
    let stopped = false;
    // A start that fails after staff pressed stop is no longer news.
    const fail = (text: string) => {
      if (stopped) return;
      setProblem(text);
      setOn(false);
    };
    void import("qr-scanner").then(
      async ({ default: Scanner }) => {
        if (stopped || !video.current) return;
        scanner = new Scanner(
          video.current,
          ({ data }) => {
            // The scanner reports the code in every frame it is seen in; a ticket held up is one scan.
            const now = Date.now();
            if (data === last.current.code && now - last.current.at <= SAME_SCAN_MS) return;
            last.current = { code: data, at: now };
            handler.current(data);
          },
          {
            returnDetailedScanResult: true,
            preferredCamera: "environment",
            maxScansPerSecond: SCANS_PER_SECOND,
            // "No QR code found" comes with every frame without a ticket in it: nothing to say.
            onDecodeError: () => {},
          },
        );
        await scanner.start().catch(() => fail(cameraRefused));
      },
      () => fail(readerMissing),
    );
    return () => {
      stopped = true;
      // Also ends the camera stream and the decoder's worker.
      scanner?.destroy();
    };
  }, [on]);

  return (
    <div className="grid gap-2">
      <button
        type="button"
        onClick={() => {
          // Without a secure context (plain http) or in an old browser, there is no camera to ask for.
          const missing = !on && !navigator.mediaDevices?.getUserMedia;
          setProblem(missing ? noCamera : null);
          if (!missing) setOn((value) => !value);
        }}
        className={on ? buttonStyles.secondary : buttonStyles.primary}
      >
        {on ? "Stop kameraet" : "Scan med kameraet"}
      </button>
      {on && (
        // The picture is only for aiming; what it reads is answered in the status above.
        <video
          ref={video}
          muted
          playsInline
          aria-label="Kameraets billede"
          className="aspect-square w-full rounded-2xl bg-black object-cover"
        />
      )}
      {problem && (
        <p role="alert" className="font-medium text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}
