import { findRecurso, hojeNoFuso, semPermissoes, type AbrirPeriodoBody, type FecharPeriodoBody, type MovimentoCaixa, type MovimentoTerminalBody } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { alterarNaTransacao, criarNaTransacao } from '../../resources/pipeline.ts';
import type { Registro } from '../../resources/record.ts';
import { recusarNomeando } from '../../resources/validacao.ts';
import type { TerminalAutenticado } from '../../sales/credencial.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { registrarMovimentoCaixa } from './conciliacao.ts';

/**
 * Cash periods opened and closed by a terminal (its credential, like POST /api/vendas). A period is the
 * `periodo` record of SPEC §7, so the terminal still reads it with periodo/getPopulate; these calls
 * only add what opening and closing decide: one open period per terminal, the cashier and float it
 * starts with, who and when.
 */

const def = findRecurso('periodo')!;

/** The record pipeline runs for the terminal as a session of its company with no screen permissions. */
const sessaoDoTerminal = (t: TerminalAutenticado, operador: string | null): SessaoRequest => ({
  id: `terminal:${t.terminal}`,
  usuario: operador ?? t.terminal,
  grupoEmpresarial: t.grupoEmpresarial,
  empresa: t.empresa,
  permissoes: semPermissoes(),
});

/** The periodo record's fields as stored. */
export interface DadosPeriodo {
  caixa: string;
  periodoAberto: boolean;
  dataAbertura: string;
  dataFechamento: string | null;
  terminal: string | null;
  fundoTroco: number;
  abertoEm: string | null;
  fechadoEm: string | null;
}

/** The company's period, locked for the rest of the transaction (closing, approving, a sangria wait for each other), or 404. */
export async function travarPeriodo(tx: Transaction, a: { grupoEmpresarial: string; empresa: string }, id: string): Promise<DadosPeriodo & { _id: string; version: number }> {
  const [p] = (
    await tx.execute<{ id: string; version: number; dados: DadosPeriodo }>(sql`
      select id, version, dados from registro
      where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'periodo' and empresa_id = ${a.empresa} and id = ${id} and not lixo
      for update`)
  ).rows;
  if (!p) throw new HttpError(404, 'Período não encontrado nesta empresa.');
  return { ...p.dados, _id: p.id, version: p.version };
}

export async function abrirPeriodo(db: Database, t: TerminalAutenticado, b: AbrirPeriodoBody): Promise<Registro> {
  const s = sessaoDoTerminal(t, b.operador);
  return withTenant(db, s, async (tx) => {
    // The terminal's row is the lock: two opens at once from one terminal make one period.
    const [terminal] = (
      await tx.execute<{ caixa: string | null }>(sql`
        select dados->'configuracoes'->>'caixa' as caixa from registro
        where grupo_empresarial_id = ${t.grupoEmpresarial} and recurso = 'terminal' and id = ${t.terminal} for update`)
    ).rows;
    const caixaId = b.caixa ?? terminal?.caixa ?? null;
    if (!caixaId) recusarNomeando({ caixa: 'Informe o caixa: o terminal não tem um caixa configurado.' }, () => 'Caixa');
    const [caixa] = (
      await tx.execute<{ fundo: number | null }>(sql`
        select (dados->>'fundoTroco')::bigint as fundo from registro
        where grupo_empresarial_id = ${t.grupoEmpresarial} and recurso = 'caixa' and empresa_id = ${t.empresa} and id = ${caixaId} and not lixo`)
    ).rows;
    if (!caixa) recusarNomeando({ caixa: 'Caixa não encontrado nesta empresa.' }, () => 'Caixa');
    const [aberto] = (
      await tx.execute<{ id: string }>(sql`
        select id from registro
        where grupo_empresarial_id = ${t.grupoEmpresarial} and recurso = 'periodo' and empresa_id = ${t.empresa} and not lixo
          and dados->>'terminal' = ${t.terminal} and (dados->>'periodoAberto')::boolean`)
    ).rows;
    if (aberto) throw new HttpError(409, `Este terminal já tem um período aberto (${aberto.id}): feche-o antes de abrir outro.`, { periodo: aberto.id });
    return criarNaTransacao(tx, def, s, {
      caixa: caixaId,
      terminal: t.terminal,
      periodoAberto: true,
      dataAbertura: hojeNoFuso(new Date(b.abertoEm)),
      fundoTroco: b.fundoTroco ?? Number(caixa.fundo ?? 0),
      abertoEm: b.abertoEm,
      operadorAbertura: b.operador,
    });
  });
}

/** Closes an open period in the caller's transaction (the terminal's close, or an approval of a period left open). */
export async function fecharNaTransacao(tx: Transaction, s: SessaoRequest, p: DadosPeriodo & { _id: string; version: number }, operador: string | null, fechadoEm: string): Promise<Registro> {
  const dia = hojeNoFuso(new Date(fechadoEm));
  return alterarNaTransacao(tx, def, s, p._id, {
    version: p.version,
    periodoAberto: false,
    fechadoEm,
    dataFechamento: dia < p.dataAbertura ? p.dataAbertura : dia,
    operadorFechamento: operador,
  });
}

/** The terminal closes its period; closing it again (a retry) answers it as it is. */
export async function fecharPeriodo(db: Database, t: TerminalAutenticado, id: string, b: FecharPeriodoBody): Promise<{ periodo: Registro | DadosPeriodo; jaFechado: boolean }> {
  const s = sessaoDoTerminal(t, b.operador);
  return withTenant(db, s, async (tx) => {
    const p = await travarPeriodo(tx, t, id);
    if (p.terminal !== t.terminal) throw new HttpError(404, 'Período não encontrado neste terminal.');
    if (!p.periodoAberto) return { periodo: p, jaFechado: true };
    return { periodo: await fecharNaTransacao(tx, s, p, b.operador, b.fechadoEm ?? new Date().toISOString()), jaFechado: false };
  });
}

/** The terminal records a sangria or suprimento of its own period, counted in the closing's expected cash. */
export async function movimentoDoTerminal(db: Database, t: TerminalAutenticado, id: string, b: MovimentoTerminalBody): Promise<MovimentoCaixa> {
  const s = sessaoDoTerminal(t, b.operador);
  return withTenant(db, s, (tx) => registrarMovimentoCaixa(tx, { grupoEmpresarial: t.grupoEmpresarial, empresa: t.empresa, usuario: b.operador }, id, b, t.terminal));
}
