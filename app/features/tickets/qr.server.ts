import QRCode from "qrcode";

/**
 * A QR code as one SVG path of its dark modules, in module units, with the quiet zone's width: the page draws it
 * with React (no markup injected), and it stays sharp at any size.
 */
export function qrPath(text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${column + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return { path, size: modules.size + 2 * quiet };
}
