import { mensagens } from '@retaguarda/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { HttpError } from '../plugins/envelope.ts';
import { findDispositivo, type DispositivoRow } from '../session/ownerQueries.ts';
import { newSecret, sha256 } from '../session/tokens.ts';
import { confereSegredo } from './segredo.ts';

/** A device session lasts a day; the board signs in again with its credential (it keeps it) when it ends. */
export const DISPOSITIVO_SESSAO_MS = 24 * 60 * 60 * 1000;

export const CREDENCIAL_INVALIDA = 'Credencial do aparelho inválida ou revogada.';

/** A credential is `<id of its row>.<32 random bytes, base64url>`: the id finds the row, the secret proves it. */
export const novaCredencial = (id: string) => {
  const segredo = newSecret();
  return { credencial: `${id}.${segredo}`, segredoHash: sha256(segredo) };
};

/** The live credential a device presents, checked in constant time; null when unknown, revoked or wrong. */
export async function conferirCredencial(db: Database, credencial: string): Promise<DispositivoRow | null> {
  const ponto = credencial.indexOf('.');
  if (ponto < 1) return null;
  const row = await findDispositivo(db, { credencial: credencial.slice(0, ponto) });
  if (!row) return null;
  return confereSegredo(credencial.slice(ponto + 1), row.segredoHash) ? row : null;
}

export const novaSessaoDispositivo = () => {
  const token = newSecret();
  return { token, sessaoHash: sha256(token) };
};

/**
 * The device behind `Authorization: Bearer <token>`: a device session opens only the board's routes,
 * never a user's (those read the cookie). Checked on every call, so a revocation applies at once.
 */
export async function dispositivoDe(db: Database, request: FastifyRequest): Promise<DispositivoRow> {
  const cabecalho = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(cabecalho)?.[1];
  const row = token ? await findDispositivo(db, { sessaoHash: sha256(token) }) : null;
  if (!row) throw new HttpError(401, mensagens.sessaoExpirada);
  return row;
}
