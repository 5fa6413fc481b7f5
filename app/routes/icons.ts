import sharp from "sharp";
import { data } from "react-router";
import type { Route } from "./+types/icons";

/** The app icon (the favicon's play mark) in the sizes phones ask for, drawn once per size. */
const iconSvg = (size: number, maskable: boolean) => {
  const inset = maskable ? size * 0.1 : 0;
  const inner = size - inset * 2;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
      `<rect width="${size}" height="${size}" rx="${maskable ? 0 : size / 4}" fill="#a13a12"/>` +
      `<path transform="translate(${inset} ${inset}) scale(${inner / 32})" d="M11 23V9l12 7-12 7z" fill="#fff"/></svg>`,
  );
};

const allowed = new Set(["icon-192.png", "icon-512.png", "maskable-512.png", "apple-touch-icon.png"]);
const rendered = new Map<string, Promise<Buffer>>();

export async function loader({ params }: Route.LoaderArgs) {
  const file = params.file;
  if (!allowed.has(file)) throw data(null, { status: 404 });
  const size = file === "apple-touch-icon.png" ? 180 : file.includes("192") ? 192 : 512;
  if (!rendered.has(file))
    rendered.set(
      file,
      sharp(iconSvg(size, file.startsWith("maskable")))
        .png()
        .toBuffer(),
    );
  const png = await rendered.get(file)!;
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=604800" },
  });
}
