import zlib from "node:zlib";

/** A gzip member's header: deflate, no name, no time, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Deflates each part of a body on its own, every part but the last ending on a byte boundary (a sync flush), so
 * that `gzipAround` can send them compressed once with something new between them (a cached page's nonce).
 */
export function deflateParts(parts: Buffer[]): Buffer[] {
  return parts.map((part, index) =>
    zlib.deflateRawSync(part, {
      finishFlush: index === parts.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
    }),
  );
}

/**
 * The gzip of `parts` joined by `between`, from the parts deflated in advance: `between` goes in as a stored
 * (uncompressed) block, and only the checksum is computed per call. RFC 1951 lets blocks of separate
 * compressions follow each other once each ends byte-aligned; no part refers back into another.
 */
export function gzipAround(parts: Buffer[], deflatedParts: Buffer[], between: Buffer): Buffer {
  if (between.length > 0xffff) throw new RangeError("the text between the parts must fit one stored block");
  const storedBetween = Buffer.alloc(5 + between.length);
  // BFINAL 0, BTYPE 00 (stored), padded to the byte; then LEN and its one's complement.
  storedBetween.writeUInt16LE(between.length, 1);
  storedBetween.writeUInt16LE(~between.length & 0xffff, 3);
  between.copy(storedBetween, 5);

  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(storedBetween);
      crc = zlib.crc32(between, crc);
      length += between.length;
    }
    pieces.push(deflatedParts[index]!);
    // An empty part adds nothing (and zlib.crc32 has answered 0 for an empty buffer that went through deflate).
    if (part.length > 0) crc = zlib.crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}
