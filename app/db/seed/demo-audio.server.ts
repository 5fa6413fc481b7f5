import type { DemoTune } from "./demo-content";

const SAMPLE_RATE = 22_050;

/**
 * Renders a short tune as a 16-bit mono WAV: plucked notes of a melody over a soft bass drone, so the
 * demo's music player has something real to play without committing recordings.
 */
export function renderDemoTune({ rootHz, bpm, steps: melody }: DemoTune, repeats = 3): Uint8Array {
  // The melody, then a variation a fourth up, then the melody again: long enough to feel like a track.
  const steps = Array.from({ length: repeats }, (_, round) =>
    melody.map((step) => step + (round % 2 === 1 ? 5 : 0)),
  ).flat();
  const noteSeconds = 60 / bpm / 2;
  const totalSamples = Math.ceil((steps.length * noteSeconds + 0.8) * SAMPLE_RATE);
  const samples = new Float32Array(totalSamples);
  steps.forEach((step, index) => {
    const frequency = rootHz * 2 ** (step / 12);
    const start = Math.floor(index * noteSeconds * SAMPLE_RATE);
    const length = Math.floor((noteSeconds + 0.6) * SAMPLE_RATE);
    for (let i = 0; i < length && start + i < totalSamples; i++) {
      const t = i / SAMPLE_RATE;
      const envelope = Math.min(1, t * 200) * Math.exp(-t * 4);
      const tone = Math.sin(2 * Math.PI * frequency * t) + 0.3 * Math.sin(4 * Math.PI * frequency * t);
      samples[start + i]! += 0.35 * envelope * tone;
    }
  });
  for (let i = 0; i < totalSamples; i++) {
    const t = i / SAMPLE_RATE;
    const fade = Math.min(1, t * 2, (totalSamples - i) / SAMPLE_RATE);
    samples[i]! += 0.12 * fade * Math.sin(2 * Math.PI * (rootHz / 2) * t);
  }

  const dataBytes = totalSamples * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const writeAscii = (offset: number, text: string) =>
    [...text].forEach((char, i) => view.setUint8(offset + i, char.charCodeAt(0)));
  writeAscii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(8, "WAVE");
  writeAscii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  writeAscii(36, "data");
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < totalSamples; i++) {
    view.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32_000), true);
  }
  return new Uint8Array(buffer);
}
