import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { registro, terminalCredencial } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { HttpError } from '../plugins/envelope.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { newSecret, sha256 } from '../session/tokens.ts';
import { IDLE_TIMEOUTS_MS } from '../timeouts.ts';

/** Who is sending sales: a terminal of a company of a group, known by its credential only. */
export interface TerminalAutenticado {
  grupoEmpresarial: string;
  empresa: string;
  terminal: string;
}

export const PREFIXO_CREDENCIAL = 'rtq_';

/**
 * Issues a new credential for a terminal of the session's company and revokes the previous ones.
 * The token is answered once; only its hash is kept.
 */
export async function gerarCredencial(db: Database, s: SessaoRequest, terminalId: string): Promise<{ token: string }> {
  const token = `${PREFIXO_CREDENCIAL}${newSecret()}`;
  await withTenant(db, s, async (tx) => {
    const [terminal] = await tx
      .select({ id: registro.id })
      .from(registro)
      .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.recurso, 'terminal'), eq(registro.empresaId, s.empresa), eq(registro.id, terminalId), eq(registro.lixo, false)));
    if (!terminal) throw new HttpError(404, 'Terminal não encontrado.');
    await tx
      .update(terminalCredencial)
      .set({ revogadaEm: new Date() })
      .where(and(eq(terminalCredencial.grupoEmpresarialId, s.grupoEmpresarial), eq(terminalCredencial.terminalId, terminalId), isNull(terminalCredencial.revogadaEm)));
    await tx.insert(terminalCredencial).values({ grupoEmpresarialId: s.grupoEmpresarial, empresaId: s.empresa, terminalId, tokenHash: sha256(token), criadaPor: s.usuario });
  });
  for (const [hash, t] of conhecidas) if (t.terminal === terminalId) conhecidas.delete(hash);
  return { token };
}

/**
 * Credentials recently seen, so a terminal sending an order a second does not cost a query each.
 * Revoking in this process forgets them at once; another process (several servers on one database)
 * stops accepting a revoked one within VALIDADE_CACHE_MS.
 */
const VALIDADE_CACHE_MS = IDLE_TIMEOUTS_MS.terminalCredentialCache;
const MAXIMO_CACHE = 10_000;
const conhecidas = new Map<string, TerminalAutenticado & { ate: number }>();

const mensagemSemCredencial = 'Credencial do terminal ausente ou inválida: gere uma em Terminais e envie-a em Authorization: Bearer.';

/** The terminal behind `Authorization: Bearer rtq_…`, or 401. Looked up as the owner, like sessions. */
export async function autenticarTerminal(db: Database, authorization: string | undefined): Promise<TerminalAutenticado> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token?.startsWith(PREFIXO_CREDENCIAL)) throw new HttpError(401, mensagemSemCredencial);
  const hash = sha256(token);
  const conhecida = conhecidas.get(hash);
  if (conhecida && conhecida.ate > Date.now()) return { grupoEmpresarial: conhecida.grupoEmpresarial, empresa: conhecida.empresa, terminal: conhecida.terminal };
  const [credencial] = await db
    .select({ grupoEmpresarial: terminalCredencial.grupoEmpresarialId, empresa: terminalCredencial.empresaId, terminal: terminalCredencial.terminalId })
    .from(terminalCredencial)
    .where(and(eq(terminalCredencial.tokenHash, hash), isNull(terminalCredencial.revogadaEm)));
  if (!credencial) throw new HttpError(401, mensagemSemCredencial);
  if (conhecidas.size >= MAXIMO_CACHE) conhecidas.clear();
  conhecidas.set(hash, { ...credencial, ate: Date.now() + VALIDADE_CACHE_MS });
  return credencial;
}
