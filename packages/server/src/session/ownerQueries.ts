/**
 * The only queries that run as the owner, across business groups: before sign-in, session lookup or a
 * reset link the tenant is not known yet. Everything after them runs in withTenant (RLS applies).
 * Keep this file small.
 */
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { chaveSenha, dispositivoCredencial, grupoEmpresarial, registro, sessao, usuario } from '../db/schema/index.ts';
import { ordemPt } from '../db/ordemPt.ts';

export interface LoginCandidate {
  id: string;
  grupoEmpresarial: string;
  grupoNome: string;
  senhaHash: string;
  ativo: boolean;
}

/** Users whose login or e-mail is `login` (case-insensitive), in groups not in the trash. */
export async function findLoginCandidates(db: Database, login: string, grupo?: string): Promise<LoginCandidate[]> {
  const lower = login.trim().toLowerCase();
  return db
    .select({
      id: usuario.id,
      grupoEmpresarial: usuario.grupoEmpresarialId,
      grupoNome: grupoEmpresarial.nome,
      senhaHash: usuario.senhaHash,
      ativo: usuario.ativo,
    })
    .from(usuario)
    .innerJoin(grupoEmpresarial, eq(grupoEmpresarial.id, usuario.grupoEmpresarialId))
    .where(
      and(
        or(eq(sql`lower(${usuario.login})`, lower), eq(sql`lower(${usuario.email})`, lower)),
        eq(usuario.lixo, false),
        eq(grupoEmpresarial.lixo, false),
        grupo ? eq(usuario.grupoEmpresarialId, grupo) : undefined,
      ),
    )
    .orderBy(asc(ordemPt(grupoEmpresarial.nome)));
}

export interface SessionRow {
  id: string;
  grupoEmpresarial: string;
  usuario: string;
  empresa: string;
  lastSeenAt: Date;
  expiresAt: Date;
  administrador: boolean;
  atribuicaoSistema: string;
  /** The acessoSistema record's grid and PDV actions; null without a profile (or one in the trash). */
  perfil: { telas?: unknown; pdv?: unknown } | null;
}

const perfil = alias(registro, 'perfil');

/**
 * The live session of a cookie token, only while its user is active and not in the trash, with the
 * user's access profile read in the same query: a profile change applies to the next request.
 */
export async function findSession(db: Database, tokenHash: string): Promise<SessionRow | null> {
  const [row] = await db
    .select({
      id: sessao.id,
      grupoEmpresarial: sessao.grupoEmpresarialId,
      usuario: sessao.usuarioId,
      empresa: sessao.empresaId,
      lastSeenAt: sessao.lastSeenAt,
      expiresAt: sessao.expiresAt,
      administrador: usuario.administrador,
      atribuicaoSistema: usuario.atribuicaoSistema,
      perfil: perfil.dados,
    })
    .from(sessao)
    .innerJoin(usuario, and(eq(usuario.grupoEmpresarialId, sessao.grupoEmpresarialId), eq(usuario.id, sessao.usuarioId)))
    .leftJoin(
      perfil,
      and(
        eq(perfil.grupoEmpresarialId, usuario.grupoEmpresarialId),
        eq(perfil.id, usuario.acessoSistemaId),
        eq(perfil.recurso, 'acessoSistema'),
        eq(perfil.lixo, false),
      ),
    )
    .where(and(eq(sessao.tokenHash, tokenHash), gt(sessao.expiresAt, sql`now()`), eq(usuario.ativo, true), eq(usuario.lixo, false)))
    .limit(1);
  return row ?? null;
}

export interface RecoveryTarget {
  id: string;
  grupoEmpresarial: string;
  grupoNome: string;
  nome: string;
  email: string;
}

/** Active users with this e-mail, in every group. */
export async function findUsersByEmail(db: Database, email: string): Promise<RecoveryTarget[]> {
  const rows = await db
    .select({
      id: usuario.id,
      grupoEmpresarial: usuario.grupoEmpresarialId,
      grupoNome: grupoEmpresarial.nome,
      nome: usuario.nome,
      email: usuario.email,
    })
    .from(usuario)
    .innerJoin(grupoEmpresarial, eq(grupoEmpresarial.id, usuario.grupoEmpresarialId))
    .where(
      and(
        eq(sql`lower(${usuario.email})`, email.trim().toLowerCase()),
        eq(usuario.ativo, true),
        eq(usuario.lixo, false),
        eq(grupoEmpresarial.lixo, false),
      ),
    )
    .orderBy(asc(ordemPt(grupoEmpresarial.nome)));
  return rows.map((row) => ({ ...row, email: row.email ?? email }));
}

/** An unused, unexpired reset key (the clock is the database's, like the one that set expires_at). */
export async function findValidKey(db: Database, chaveHash: string): Promise<{ id: string; grupoEmpresarial: string; usuario: string } | null> {
  const [row] = await db
    .select({ id: chaveSenha.id, grupoEmpresarial: chaveSenha.grupoEmpresarialId, usuario: chaveSenha.usuarioId })
    .from(chaveSenha)
    .where(and(eq(chaveSenha.chaveHash, chaveHash), isNull(chaveSenha.usedAt), gt(chaveSenha.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

export interface DispositivoRow {
  credencial: string;
  grupoEmpresarial: string;
  empresa: string;
  appSistema: string;
  segredoHash: string;
  dados: Record<string, unknown>;
}

const app = alias(registro, 'app');

/**
 * A live device credential (not revoked, its appSistema active and not in the trash), by the credential's
 * id (sign-in: `segredo` null) or by its session token's hash (every call of the device).
 */
export async function findDispositivo(db: Database, por: { credencial: string } | { sessaoHash: string }): Promise<DispositivoRow | null> {
  const [row] = await db
    .select({
      credencial: dispositivoCredencial.id,
      grupoEmpresarial: dispositivoCredencial.grupoEmpresarialId,
      empresa: dispositivoCredencial.empresaId,
      appSistema: dispositivoCredencial.appSistemaId,
      segredoHash: dispositivoCredencial.segredoHash,
      dados: app.dados,
    })
    .from(dispositivoCredencial)
    .innerJoin(
      app,
      and(eq(app.grupoEmpresarialId, dispositivoCredencial.grupoEmpresarialId), eq(app.id, dispositivoCredencial.appSistemaId), eq(app.recurso, 'appSistema'), eq(app.lixo, false)),
    )
    .innerJoin(grupoEmpresarial, and(eq(grupoEmpresarial.id, dispositivoCredencial.grupoEmpresarialId), eq(grupoEmpresarial.lixo, false)))
    .where(
      and(
        isNull(dispositivoCredencial.revogadaEm),
        sql`(${app.dados}->>'ativo')::boolean`,
        'credencial' in por
          ? eq(dispositivoCredencial.id, por.credencial)
          : and(eq(dispositivoCredencial.sessaoHash, por.sessaoHash), gt(dispositivoCredencial.sessaoExpiraEm, sql`now()`)),
      ),
    )
    .limit(1);
  return (row as DispositivoRow | undefined) ?? null;
}
