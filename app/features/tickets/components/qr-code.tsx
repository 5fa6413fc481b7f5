/** A QR code drawn from its path (`qrPath`), black on white whatever the colour mode, so every camera reads it. */
export function QrCode({
  path,
  size,
  label,
  className = "",
}: {
  path: string;
  size: number;
  label: string;
  className?: string;
}) {
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className={`bg-white ${className}`}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
