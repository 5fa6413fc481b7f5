import sharp from "sharp";

export interface DemoImageSpec {
  /** Two colours of the background gradient. */
  from: string;
  to: string;
  /** Colours of the stage lights drawn on top. */
  lights: string[];
  width: number;
  height: number;
}

/** Draws an abstract "stage lights" picture, so the demo needs no downloaded or committed photos. */
export function demoImageSvg({ from, to, lights, width, height }: DemoImageSpec) {
  const beams = lights
    .map((colour, index) => {
      const x = ((index + 1) / (lights.length + 1)) * width;
      const spread = width / (lights.length + 2);
      return `<polygon points="${x},0 ${x - spread},${height} ${x + spread},${height}" fill="${colour}" opacity="0.28" filter="url(#blur)"/>
<circle cx="${x}" cy="${height * 0.08}" r="${height * 0.035}" fill="${colour}" opacity="0.9"/>`;
    })
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
  <filter id="blur"><feGaussianBlur stdDeviation="${Math.round(width / 60)}"/></filter>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
${beams}
<rect y="${height * 0.82}" width="100%" height="${height * 0.18}" fill="#0b0b10" opacity="0.75"/>
</svg>`;
}

export async function renderDemoImage(spec: DemoImageSpec) {
  return sharp(Buffer.from(demoImageSvg(spec)))
    .webp({ quality: 72 })
    .toBuffer();
}
