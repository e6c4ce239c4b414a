import { randomFillSync } from 'node:crypto';

// Random bytes drawn 4 KiB at a time: one call into the system's generator per 256 ids instead of one
// per id (a sale takes about ten ids: the sale, its stock movements, its pendências).
const reserva = Buffer.alloc(4096);
let usados = reserva.length;

/**
 * UUID version 7 (RFC 9562): 48-bit millisecond timestamp then random bits, so ids sort by creation
 * time, which keeps b-tree inserts at the right edge of the index.
 */
export function newId(now: number = Date.now()): string {
  if (usados + 16 > reserva.length) {
    randomFillSync(reserva);
    usados = 0;
  }
  const i = usados;
  usados += 16;
  reserva.writeUIntBE(now, i, 6);
  reserva[i + 6] = (reserva[i + 6]! & 0x0f) | 0x70;
  reserva[i + 8] = (reserva[i + 8]! & 0x3f) | 0x80;
  const hex = reserva.toString('hex', i, i + 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
