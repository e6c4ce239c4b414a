import { ehAdministrador, type EmpresaSessao, type SessaoData } from '@retaguarda/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { configuracoesEmpresaPadrao, empresa, grupoEmpresarial, registro, usuario } from '../db/schema/index.ts';
import { permissoesDe } from './permissoes.ts';
import { ordemPt } from '../db/ordemPt.ts';

type EmpresaRow = typeof empresa.$inferSelect;
type UsuarioRow = typeof usuario.$inferSelect;

export function toEmpresaSessao(row: EmpresaRow): EmpresaSessao {
  // Older rows may lack a key added later; defaults fill the gap so the web always gets the full shape.
  const padrao = configuracoesEmpresaPadrao();
  const cfg = { ...padrao, ...row.configuracoes };
  return {
    _id: row.id,
    grupoEmpresarial: row.grupoEmpresarialId,
    nomeFantasia: row.nomeFantasia,
    razaoSocial: row.razaoSocial,
    cnpj: row.cnpj,
    configuracoes: {
      callCenter: cfg.callCenter,
      empresasCallCenter: cfg.empresasCallCenter,
      expedicao: { setorImpressaoExpedicao: cfg.expedicao?.setorImpressaoExpedicao ?? null },
      googleKeyApi: cfg.googleKeyApi,
      googleVersaoApi: cfg.googleVersaoApi,
    },
  };
}

/** Companies of the group the user may use: all for administrators, else those listed on the user. */
export async function empresasPermitidas(tx: Transaction, user: UsuarioRow): Promise<EmpresaRow[]> {
  const rows = await tx
    .select()
    .from(empresa)
    .where(and(eq(empresa.grupoEmpresarialId, user.grupoEmpresarialId), eq(empresa.lixo, false)))
    .orderBy(asc(ordemPt(empresa.nomeFantasia)));
  return ehAdministrador(user) ? rows : rows.filter((row) => user.empresas.includes(row.id));
}

/** empresasPermitidas of the session's user, read by id in the group (none when there is no such user). */
export async function empresasDoUsuario(tx: Transaction, grupoEmpresarialId: string, usuarioId: string | null | undefined): Promise<EmpresaRow[]> {
  if (!usuarioId) return [];
  const [user] = await tx.select().from(usuario).where(and(eq(usuario.grupoEmpresarialId, grupoEmpresarialId), eq(usuario.id, usuarioId)));
  return user ? empresasPermitidas(tx, user) : [];
}

export interface SessaoContext {
  user: UsuarioRow;
  data: SessaoData;
}

/**
 * What the web keeps about the signed-in user. Runs inside withTenant. The active company is the
 * preferred one if still allowed, then the user's default, then the first; null when none is allowed.
 */
export async function loadSessaoData(tx: Transaction, usuarioId: string, preferida?: string | null): Promise<SessaoContext | null> {
  const [user] = await tx.select().from(usuario).where(and(eq(usuario.id, usuarioId), eq(usuario.lixo, false)));
  if (!user) return null;
  const [grupo] = await tx.select().from(grupoEmpresarial).where(eq(grupoEmpresarial.id, user.grupoEmpresarialId));
  if (!grupo) return null;
  const empresas = await empresasPermitidas(tx, user);
  const ativa =
    empresas.find((e) => e.id === preferida) ?? empresas.find((e) => e.id === user.empresaPadrao) ?? empresas[0];
  if (!ativa) return null;
  const [perfil] = user.acessoSistemaId
    ? await tx
        .select({ dados: registro.dados })
        .from(registro)
        .where(and(eq(registro.id, user.acessoSistemaId), eq(registro.recurso, 'acessoSistema'), eq(registro.lixo, false)))
    : [];
  return {
    user,
    data: {
      // Listed field by field: the password hash must never reach a response.
      usuario: {
        _id: user.id,
        nome: user.nome,
        login: user.login,
        email: user.email,
        atribuicaoSistema: user.atribuicaoSistema,
        administrador: ehAdministrador(user),
        permissoes: permissoesDe(user, perfil?.dados ?? null),
      },
      grupoEmpresarial: { _id: grupo.id, nome: grupo.nome },
      empresas: empresas.map(toEmpresaSessao),
      empresa: toEmpresaSessao(ativa),
    },
  };
}
