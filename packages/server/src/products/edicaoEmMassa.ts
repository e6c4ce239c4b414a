import { camposEdicaoEmMassa, findRecurso, novoValorEdicao, reais, rotulosOrigem, type EdicaoEmMassa, compararPt } from '@retaguarda/domain';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '../db/client.ts';
import { registro } from '../db/schema/index.ts';
import { HttpError } from '../plugins/envelope.ts';
import { simularAlteracao } from '../resources/pipeline.ts';
import { escopo, findMany } from '../resources/repository.ts';
import type { SessaoRequest } from '../session/requireSession.ts';

/** Which products a bulk edit reaches: the ticked ones, or every active one matching a search. */
export const selecaoSchema = z
  .object({
    produtos: z.array(z.string().min(1)).max(5000, 'No máximo 5.000 produtos por vez.').optional(),
    busca: z.string().trim().max(120).optional(),
    agrupador: z.string().min(1).optional(),
  })
  .refine((s) => (s.produtos?.length ?? 0) > 0 || Boolean(s.busca) || Boolean(s.agrupador), { message: 'Marque os produtos ou informe uma busca ou um agrupador.' });
export type Selecao = z.output<typeof selecaoSchema>;

export interface ProdutoRef {
  _id: string;
  codigo: string;
  descricao: string;
}

/** One product's planned change: the record it touches, as read now. */
export interface Plano {
  produto: ProdutoRef;
  recurso: 'produtoGeral' | 'produtoGeralEmpresa';
  registroId: string;
  version: number;
  antes: unknown;
  depois: unknown;
}

export interface Recusa {
  produto: ProdutoRef;
  motivo: string;
}

const texto = (v: unknown) => (typeof v === 'string' ? v : '');
const refDe = (id: string, dados: Record<string, unknown>): ProdutoRef => ({ _id: id, codigo: texto(dados.codigo), descricao: texto(dados.descricao) });
export const nomeProduto = (p: ProdutoRef) => `${p.codigo} - ${p.descricao}`;

/** The group's live products the selection names or matches, in description order. */
export async function produtosDaSelecao(tx: Transaction, s: SessaoRequest, selecao: Selecao) {
  const def = findRecurso('produtoGeral')!;
  const conds = [escopo(def, s), eq(registro.lixo, false)];
  if (selecao.produtos?.length) conds.push(inArray(registro.id, selecao.produtos));
  else {
    conds.push(sql`coalesce(${registro.dados}->>'ativo', 'true') <> 'false'`);
    if (selecao.busca) {
      const termo = `%${selecao.busca.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conds.push(or(ilike(sql`${registro.dados}->>'descricao'`, termo), ilike(sql`${registro.dados}->>'codigo'`, termo), ilike(sql`${registro.dados}->>'gtin'`, termo))!);
    }
    if (selecao.agrupador) conds.push(sql`${registro.dados}->>'agrupador' = ${selecao.agrupador}::text`);
  }
  const rows = await tx.select({ id: registro.id, version: registro.version, dados: registro.dados }).from(registro).where(and(...conds)).limit(5001);
  if (rows.length > 5000) throw new HttpError(400, 'Produtos: a busca encontrou mais de 5.000 produtos; refine-a.', {}, { busca: 'Mais de 5.000 produtos.' });
  return rows.sort((a, b) => compararPt(texto(a.dados.descricao), texto(b.dados.descricao)));
}

/**
 * What the edit would do to each product, read now: the record it touches (the group's product, or
 * the active company's for price, cost, taxes and sector) and the value it would get. Products the
 * company does not sell, or ids not found in the group, are refused with the reason.
 */
export async function planejar(tx: Transaction, s: SessaoRequest, edicao: EdicaoEmMassa, selecao: Selecao): Promise<{ planos: Plano[]; recusados: Recusa[] }> {
  const campo = camposEdicaoEmMassa[edicao.campo];
  const produtos = await produtosDaSelecao(tx, s, selecao);
  const recusados: Recusa[] = [];
  const achados = new Set(produtos.map((p) => p.id));
  for (const id of selecao.produtos ?? []) if (!achados.has(id)) recusados.push({ produto: { _id: id, codigo: '', descricao: '' }, motivo: 'Produto não encontrado (excluído ou de outro grupo).' });
  const daEmpresa = new Map<string, { id: string; version: number; dados: Record<string, unknown> }>();
  if (campo.recurso === 'produtoGeralEmpresa' && produtos.length) {
    const def = findRecurso('produtoGeralEmpresa')!;
    const rows = await tx
      .select({ id: registro.id, version: registro.version, dados: registro.dados })
      .from(registro)
      .where(and(escopo(def, s), eq(registro.lixo, false), inArray(sql<string>`${registro.dados}->>'produtoGeral'`, produtos.map((p) => p.id))));
    for (const r of rows) daEmpresa.set(texto(r.dados.produtoGeral), r);
  }
  const planos: Plano[] = [];
  for (const p of produtos) {
    const produto = refDe(p.id, p.dados);
    const alvo = campo.recurso === 'produtoGeral' ? p : daEmpresa.get(p.id);
    if (!alvo) {
      recusados.push({ produto, motivo: 'Não é vendido nesta empresa: cadastre-o antes em Produtos da empresa.' });
      continue;
    }
    const antes = alvo.dados[edicao.campo] ?? null;
    planos.push({ produto, recurso: campo.recurso, registroId: alvo.id, version: alvo.version, antes, depois: novoValorEdicao(edicao, antes) });
  }
  return { planos, recusados };
}

/** A refusal of the pipeline for one product, said with the product's name. */
export function comProduto(error: unknown, produto: ProdutoRef): never {
  if (error instanceof HttpError) throw new HttpError(error.statusCode, `${nomeProduto(produto)}: ${error.message}`, {}, error.campos);
  throw error;
}

/**
 * The preview: each plan run through the update pipeline without writing (schema, rules,
 * references, hooks), so a refusal here is the one applying would get. The value shown as "after" is
 * the one that would be stored (NCM without dots…); unchanged products are counted, not listed.
 */
export async function simular(tx: Transaction, s: SessaoRequest, edicao: EdicaoEmMassa, planos: Plano[]) {
  const aceitos: Plano[] = [];
  const recusados: Recusa[] = [];
  let semMudanca = 0;
  for (const plano of planos) {
    try {
      const dados = await simularAlteracao(tx, findRecurso(plano.recurso)!, s, plano.registroId, { version: plano.version, [edicao.campo]: plano.depois });
      const depois = dados[edicao.campo] ?? null;
      if (JSON.stringify(depois) === JSON.stringify(plano.antes)) semMudanca++;
      else aceitos.push({ ...plano, depois });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      recusados.push({ produto: plano.produto, motivo: error.message });
    }
  }
  return { aceitos, recusados, semMudanca };
}

/** The values of a field in words: money in reais, the origin's label, a record's name. */
export async function rotuladorDe(tx: Transaction, s: SessaoRequest, campo: EdicaoEmMassa['campo'], valores: unknown[]): Promise<(v: unknown) => string> {
  const def = camposEdicaoEmMassa[campo];
  const vazio = '(vazio)';
  if (def.tipo === 'dinheiro') return (v) => (typeof v === 'number' ? reais(v) : vazio);
  if (def.tipo === 'opcao') return (v) => (typeof v === 'string' ? (rotulosOrigem as Record<string, string>)[v] ?? v : vazio);
  if (def.tipo !== 'referencia') return (v) => (v === null || v === undefined || v === '' ? vazio : String(v));
  const ids = [...new Set(valores.filter((v): v is string => typeof v === 'string'))];
  const nomes = new Map((await findMany(tx, findRecurso(def.alvo)!, s, ids)).map((r) => [r.id, [texto(r.dados.sigla), texto(r.dados.descricao)].filter(Boolean).join(' - ') || r.id]));
  return (v) => (typeof v === 'string' ? (nomes.get(v) ?? v) : vazio);
}
