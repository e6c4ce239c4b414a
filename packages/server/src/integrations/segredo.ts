import { timingSafeEqual } from 'node:crypto';
import { sha256 } from '../session/tokens.ts';

/** Whether `segredo` is the one whose sha256 (hex) was kept, compared in constant time (a device's credential, an API client's secret). */
export function confereSegredo(segredo: string, hashGuardado: string): boolean {
  const dado = Buffer.from(sha256(segredo), 'hex');
  const guardado = Buffer.from(hashGuardado, 'hex');
  return dado.length === guardado.length && timingSafeEqual(dado, guardado);
}
