import { filtroAgingSchema, filtroResumoSchema, filtroTaxasCartaoSchema, rotulosFiltroAging, rotulosFiltroTaxasCartao } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { recusarNomeando } from '../../resources/validacao.ts';
import { empresasDoFiltro } from '../../sales/relatorios/filtroVendas.ts';
import { sessaoDe } from '../../session/requireSession.ts';
import { conferirReferencias } from '../movimentacao.ts';
import { rotasDaTela } from '../rotas.ts';
import { relatorioAging } from './aging.ts';
import { resumoFinanceiro } from './resumo.ts';
import { relatorioTaxasCartao } from './taxasCartao.ts';

/** The operadora's name (the audit takes every store's record of it), or 400 naming Operadora when the id is not one of the group's. */
async function nomeDaOperadora(tx: Transaction, grupo: string, id: string | undefined): Promise<string | null> {
  if (!id) return null;
  const [o] = (await tx.execute<{ nome: string }>(sql`select dados->>'nome' as nome from registro where grupo_empresarial_id = ${grupo} and recurso = 'operadora' and id = ${id}`)).rows;
  if (!o) recusarNomeando({ operadora: 'Operadora não encontrada.' }, (c) => rotulosFiltroTaxasCartao[c] ?? c);
  return o.nome;
}

/**
 * The finance reports and dashboard (issue 14), read-only, each with its screen's 'ver': the aging
 * (relatorioFinanceiroAgenda), the dashboard (financeiroResumo) and the card fee audit
 * (relatorioFinanceiroTaxasCartao). Group from the session; the stores asked must be ones the user may use.
 */
export async function relatoriosFinanceirosRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const aging = rotasDaTela(app, ctx, 'relatorioFinanceiroAgenda', rotulosFiltroAging);
  aging.rota(
    'post',
    '/api/relatorioFinanceiroAgenda',
    'ver',
    'Aging das contas a pagar ou a receber em aberto numa data: por pessoa, a vencer e vencido há 1–30, 31–60, 61–90 e mais de 90 dias, com os totais (centavos)',
    filtroAgingSchema,
    200,
    async (tx, a, req) => {
      const f = aging.ler(filtroAgingSchema, req.body);
      const { empresas } = await empresasDoFiltro(tx, sessaoDe(req), f.empresas);
      await conferirReferencias(tx, a, [
        { campo: 'planoConta', recurso: 'financeiroPlanoConta', id: f.planoConta ?? null },
        { campo: 'pessoa', recurso: 'pessoa', id: f.pessoa ?? null },
      ]);
      return relatorioAging(tx, a, f, empresas);
    },
  );

  const resumo = rotasDaTela(app, ctx, 'financeiroResumo', { empresas: 'Empresas' });
  resumo.rota(
    'post',
    '/api/financeiroResumo',
    'ver',
    'Painel financeiro: saldo de cada conta, vencimentos de hoje e vencidos (a pagar e a receber), e o fluxo de caixa dia a dia, realizado nos últimos 30 dias e previsto nos próximos 60 (parcelas em aberto e recebíveis de cartão)',
    filtroResumoSchema,
    200,
    async (tx, a, req) => {
      const f = resumo.ler(filtroResumoSchema, req.body);
      const { empresas, nomes } = await empresasDoFiltro(tx, sessaoDe(req), f.empresas);
      return resumoFinanceiro(tx, a.grupoEmpresarial, empresas, nomes);
    },
  );

  const taxas = rotasDaTela(app, ctx, 'relatorioFinanceiroTaxasCartao', rotulosFiltroTaxasCartao);
  taxas.rota(
    'post',
    '/api/relatorioFinanceiroTaxasCartao',
    'ver',
    'Auditoria de taxas de cartão: por operadora, bandeira e dia, a taxa do contrato (regras da operadora) contra a cobrada (bruto menos o crédito conciliado no banco) e a diferença, em centavos; até três meses',
    filtroTaxasCartaoSchema,
    200,
    async (tx, a, req) => {
      const f = taxas.ler(filtroTaxasCartaoSchema, req.body);
      const { empresas, nomes } = await empresasDoFiltro(tx, sessaoDe(req), f.empresas);
      const operadora = await nomeDaOperadora(tx, a.grupoEmpresarial, f.operadora);
      return relatorioTaxasCartao(tx, a.grupoEmpresarial, { ...f, operadora }, empresas, nomes);
    },
  );
}
