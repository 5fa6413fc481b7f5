import { data } from "react-router";
import { collaborators } from "~/lib/collaborators.server";
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
const rendered = new Map<string, Promise<Uint8Array>>();

export async function loader({ params }: Route.LoaderArgs) {
  const file = params.file;
  if (!allowed.has(file)) throw data(null, { status: 404 });
  const size = file === "apple-touch-icon.png" ? 180 : file.includes("192") ? 192 : 512;
  if (!rendered.has(file)) {
    const drawing = collaborators().images.rasterize(iconSvg(size, file.startsWith("maskable")), { format: "png" });
    // A failed drawing is tried again at the next request rather than kept.
    rendered.set(
      file,
      drawing.catch((error: unknown) => (rendered.delete(file), Promise.reject(error))),
    );
  }
  const png = await rendered.get(file)!;
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=604800" },
  });
}
