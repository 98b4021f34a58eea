// The add-in's icons, drawn in code (three rising bars on a blue tile) and encoded as PNG, so
// no binary lives in the repository. PNG = signature + IHDR + IDAT (zlib) + IEND, each chunk
// with its CRC-32.
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** RGBA of pixel (x, y) of the icon of `size` pixels. */
function pixel(x, y, size) {
  const u = x / size;
  const v = y / size;
  const bars = [
    [0.18, 0.34, 0.6],
    [0.42, 0.58, 0.42],
    [0.66, 0.82, 0.22],
  ];
  if (bars.some(([from, to, top]) => u >= from && u < to && v >= top && v < 0.82)) return [255, 255, 255, 255];
  return [0x1f, 0x6f, 0xb5, 255];
}

export function iconPng(size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) raw.set(pixel(x, y, size), y * (size * 4 + 1) + 1 + x * 4);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

/** The sizes the manifest names (icon 32/64, high resolution 64, ribbon 16/32/80). */
export const ICON_SIZES = [16, 32, 64, 80];
