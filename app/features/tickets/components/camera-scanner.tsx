import { useEffect, useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-link";

interface DetectedCode {
  rawValue: string;
}
interface QrDetector {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}
type DetectorConstructor = new (options: { formats: string[] }) => QrDetector;

const detectorOf = () => (window as Window & { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;

/** The same code seen again within this time is the same scan, not a second one. */
const SAME_SCAN_MS = 3000;

/**
 * Reads QR codes from the phone's back camera with the browser's own BarcodeDetector (Chrome on Android, Safari on
 * iOS 17+), a few times a second, and hands each new code to `onCode`. Where the browser has none, it says so, and
 * staff type the code.
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
    const Detector = detectorOf();
    if (!on || !Detector) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const detector = new Detector({ formats: ["qr_code"] });
    void navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then(async (granted) => {
        stream = granted;
        if (stopped || !video.current) return;
        video.current.srcObject = granted;
        await video.current.play();
        const look = async () => {
          if (stopped || !video.current) return;
          const [found] = await detector.detect(video.current).catch(() => []);
          const now = Date.now();
          if (found && (found.rawValue !== last.current.code || now - last.current.at > SAME_SCAN_MS)) {
            last.current = { code: found.rawValue, at: now };
            handler.current(found.rawValue);
          }
          timer = window.setTimeout(look, 250);
        };
        void look();
      })
      .catch(() => {
        setProblem("Kameraet kunne ikke åbnes. Giv siden lov til at bruge kameraet, eller skriv koden.");
        setOn(false);
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on]);

  return (
    <div className="grid gap-2">
      <button
        type="button"
        onClick={() => {
          const missing = !on && !detectorOf();
          setProblem(missing ? "Denne browser kan ikke læse QR-koder med kameraet. Skriv koden i stedet." : null);
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
