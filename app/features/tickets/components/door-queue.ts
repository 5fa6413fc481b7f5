/**
 * The door's scans while the phone has no network (decision 038): kept in the phone's own storage and sent, in the
 * order they were made, once it is back. The server decides each one as if it had come at once; a ticket admitted
 * elsewhere meanwhile comes back "Allerede", which the page shows afterwards.
 */
export interface QueuedScan {
  concertId: string;
  code: string;
  /** When it was scanned on the phone, shown beside its late answer ("20.14"). */
  scannedAt: string;
}

export interface DoorAnswer {
  colour: "green" | "amber" | "red";
  text: string;
}

const KEY = "scene-door-queue";

export function queuedScans(): QueuedScan[] {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(stored) ? (stored as QueuedScan[]) : [];
  } catch {
    return [];
  }
}

export function keepScan(scan: QueuedScan) {
  localStorage.setItem(KEY, JSON.stringify([...queuedScans(), scan]));
}

function forgetFirstScan() {
  localStorage.setItem(KEY, JSON.stringify(queuedScans().slice(1)));
}

/** Sends one check-in; null when the network failed (the scan is then to be kept). */
export async function sendScan(concertId: string, code: string): Promise<DoorAnswer | null> {
  try {
    const response = await fetch("/indgang/tjek", {
      method: "POST",
      body: new URLSearchParams({ intent: "tjek-ind", koncert: concertId, kode: code }),
      headers: { accept: "application/json" },
    });
    if (!response.headers.get("content-type")?.includes("application/json")) return null;
    return (await response.json()) as DoorAnswer;
  } catch {
    return null;
  }
}

/** Sends the kept scans, first to last, until the network fails again; answers what each got. */
export async function sendKeptScans(): Promise<{ scan: QueuedScan; answer: DoorAnswer }[]> {
  const sent: { scan: QueuedScan; answer: DoorAnswer }[] = [];
  for (let scan = queuedScans()[0]; scan; scan = queuedScans()[0]) {
    const answer = await sendScan(scan.concertId, scan.code);
    if (!answer) break;
    forgetFirstScan();
    sent.push({ scan, answer });
  }
  return sent;
}
