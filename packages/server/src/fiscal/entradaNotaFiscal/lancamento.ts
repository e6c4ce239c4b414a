import { contaPadrao, converterQuantidade, custoDoItem, hojeNoFuso, type EntradaNotaFiscal, type ItemNota } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { financeiroParcela, financeiroTitulo } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { cancelarTitulo } from '../../finance/agenda/titulos.ts';
import { somarNoDre } from '../../finance/dre/rollup.ts';
import { conferirReferencias } from '../../finance/movimentacao.ts';
import { estornarMovimentos, lancar, type AutorEstoque, type MovimentoNovo } from '../../stock/razao.ts';
import { lerEntrada } from './consulta.ts';
import { centavosDoVUnCom, diaDaCompra, registrarUltimosPrecos } from '../../stock/ultimoPrecoFornecedor.ts';
import { custoUnitario } from './precoCompra.ts';
import { pedidosRecebidosPelaNota, receberPedidosDaNota, vincularPedidos } from './pedidoDaNota.ts';
import { politicaDeCredito } from './politicaCredito.ts';

export const DOCUMENTO_ENTRADA_NF = 'entradaNotaFiscal';

export interface LancarBody {
  local: string;
  /** Chart account of the payables; 3.01 Alimentos (CMV) when not given. */
  planoConta?: string | undefined;
  /** Take the recoverable ICMS/PIS/COFINS off the cost (normal regime only). */
  creditarImpostos?: boolean | undefined;
}

type Cabecalho = { id: string; empresa_id: string; arquivo_id: string; situacao: string; fornecedor_id: string; numero: number; serie: number; emissao: string; emitente_nome: string; duplicatas: { numero: string; vencimento: string; valor: number }[]; pagamentos: { tPag: string; valor: number }[]; titulos: string[] };

/** The entry under a row lock, in the session's company (another company's entry is 404 here, as it is on the list). */
async function travar(tx: Transaction, a: AutorEstoque, id: string): Promise<Cabecalho> {
  const [e] = (
    await tx.execute<Cabecalho>(sql`
      select id, empresa_id, arquivo_id, situacao, fornecedor_id, numero::int as numero, serie, emissao, emitente_nome, duplicatas, pagamentos, titulos
      from entrada_nota_fiscal where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and id = ${id} for update`)
  ).rows;
  if (!e) throw new HttpError(404, 'Entrada de nota fiscal não encontrada nesta empresa.');
  return e;
}

/** The dates of the payables: each duplicata, or one installment from pag (none for tPag 90, sem pagamento). */
function parcelasDe(e: Cabecalho): { numero: number; vencimento: string; valor: number }[] {
  const emissao = hojeNoFuso(new Date(e.emissao));
  if (e.duplicatas.length) return e.duplicatas.map((d, k) => ({ numero: k + 1, vencimento: /^\d{4}-\d{2}-\d{2}$/.test(d.vencimento) ? d.vencimento : emissao, valor: d.valor }));
  const valor = e.pagamentos.filter((p) => p.tPag !== '90').reduce((s, p) => s + p.valor, 0);
  return valor > 0 ? [{ numero: 1, vencimento: emissao, valor }] : [];
}

/**
 * Posts a pending entry in one transaction: each item into the location through the stock ledger at
 * its landed unit cost (in the stock unit), the payables from the duplicatas (or pag), the entry marked
 * posted. An item without a product or a unit factor is a 409 naming every such item.
 */
export async function lancarEntrada(tx: Transaction, a: AutorEstoque, id: string, body: LancarBody): Promise<EntradaNotaFiscal> {
  const e = await travar(tx, a, id);
  if (e.situacao !== 'pendente') throw new HttpError(409, e.situacao === 'cancelada' ? 'Nota cancelada pelo emitente: não pode ser lançada.' : `Esta entrada já está ${e.situacao === 'lancada' ? 'lançada' : 'estornada'}.`);
  // The request's own choices first (400), then what the entry still lacks (409).
  const [local] = (
    await tx.execute<{ id: string }>(sql`
      select id from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'estoqueCadastro' and empresa_id = ${a.empresa} and id = ${body.local} and lixo = false and coalesce((dados->>'ativo')::boolean, true)`)
  ).rows;
  if (!local) throw new HttpError(400, 'Local de estoque: não encontrado nesta empresa (ou inativo).', {}, { local: 'Local de estoque não encontrado nesta empresa (ou inativo).' });
  const planoConta = body.planoConta ?? contaPadrao('3.01')._id;
  await conferirReferencias(tx, a, [{ campo: 'planoConta', recurso: 'financeiroPlanoConta', id: planoConta }]);
  const politica = await politicaDeCredito(tx, a.grupoEmpresarial, a.empresa);
  // The posting's own choice, else the company's default (its fiscal settings).
  const creditar = body.creditarImpostos ?? politica.padrao;
  if (body.creditarImpostos && !politica.permitido) throw new HttpError(400, 'Crédito de impostos: só uma empresa do regime normal (CRT 3) credita ICMS, PIS e COFINS no custo.', {}, { creditarImpostos: 'Só no regime normal (CRT 3).' });

  // Orders opened since the import (or items matched since) get their link now.
  await vincularPedidos(tx, a, id);
  const itens = (
    await tx.execute<{ numero: number; dados: ItemNota; produto_id: string | null; fator: string | null; quantidade: string }>(sql`
      select numero, dados, produto_id, fator::text as fator, quantidade::text as quantidade from entrada_nota_fiscal_item
      where grupo_empresarial_id = ${a.grupoEmpresarial} and entrada_id = ${id} order by numero`)
  ).rows;
  const semProduto = itens.filter((i) => !i.produto_id);
  if (semProduto.length) throw new HttpError(409, `Itens sem produto: ${semProduto.map((i) => `${i.numero} (${i.dados.descricao})`).join(', ')}. Escolha o produto de cada um antes de lançar.`);
  const semFator = itens.filter((i) => !i.fator);
  if (semFator.length) throw new HttpError(409, `Itens sem fator de conversão: ${semFator.map((i) => `${i.numero} (${i.dados.unidade})`).join(', ')}. Informe quantas unidades de estoque uma unidade da nota faz.`);
  const agora = new Date();
  const movimentos: MovimentoNovo[] = itens.flatMap((i) => {
    const quantidade = converterQuantidade(i.quantidade, i.fator!);
    if (quantidade <= 0n) return [];
    const custo = custoDoItem(i.dados, { creditar });
    return [{ localId: body.local, produtoId: i.produto_id!, tipo: 'entrada', quantidade, custoProprio: custoUnitario(Math.max(custo, 0), quantidade), ocorridoEm: agora, documentoTipo: DOCUMENTO_ENTRADA_NF, documentoId: id }];
  });
  await lancar(tx, a, movimentos);
  // The orders the items deliver are received by this note: quantities and state only, the stock moved above.
  await receberPedidosDaNota(tx, a, id, body.local, agora);
  // The supplier's last price of each item, on its mapping (supplier + cProd).
  await registrarUltimosPrecos(tx, a.grupoEmpresarial, e.fornecedor_id, itens.map((i) => ({ produto: i.produto_id!, codigo: i.dados.cProd, preco: centavosDoVUnCom(i.dados.valorUnitario), em: diaDaCompra(agora) })));

  const parcelas = parcelasDe(e);
  const titulos: string[] = [];
  if (parcelas.length) {
    const tituloId = newId();
    await tx.insert(financeiroTitulo).values({
      grupoEmpresarialId: a.grupoEmpresarial,
      id: tituloId,
      empresaId: a.empresa,
      tipo: 'pagar',
      pessoaId: e.fornecedor_id,
      planoContaId: planoConta,
      descricao: `NF-e ${e.numero} ${e.emitente_nome}`.slice(0, 200),
      documento: `NF-e ${e.numero}/${e.serie}`,
      emissao: hojeNoFuso(new Date(e.emissao)),
      // The note's XML goes with the payable, as the boleto or invoice a user attaches by hand.
      anexos: [e.arquivo_id],
      usuarioId: a.usuario,
    });
    await tx.insert(financeiroParcela).values(parcelas.map((p) => ({ grupoEmpresarialId: a.grupoEmpresarial, id: newId(), tituloId, empresaId: a.empresa, numero: p.numero, vencimento: p.vencimento, valor: p.valor })));
    await somarNoDre(tx, a.grupoEmpresarial, { titulos: [tituloId] });
    titulos.push(tituloId);
  }
  await tx.execute(sql`
    update entrada_nota_fiscal set situacao = 'lancada', local_id = ${body.local}, titulos = ${sql.param(titulos)}::text[], lancada_em = ${agora}, lancada_por = ${a.usuario}, version = version + 1, updated_at = now()
    where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${id}`);
  return lerEntrada(tx, a, id);
}

/**
 * Reverses a posted entry, once: reversing stock rows at the same unit costs, the payables cancelled
 * (a payable with money settled is a 409: reverse its settlements first). A cancelled note that was
 * posted is reversed the same way.
 */
export async function estornarEntrada(tx: Transaction, a: AutorEstoque, id: string, motivo: string): Promise<EntradaNotaFiscal> {
  const e = await travar(tx, a, id);
  if (e.situacao === 'estornada') throw new HttpError(409, 'Esta entrada já foi estornada.');
  if (e.situacao !== 'lancada') throw new HttpError(409, 'Esta entrada não foi lançada: não há o que estornar.');
  // Receipts are never rewritten: an order received by this note would keep quantities the note no longer brings.
  const pedidos = await pedidosRecebidosPelaNota(tx, a.grupoEmpresarial, id);
  if (pedidos.length) throw new HttpError(409, `Esta nota recebeu ${pedidos.length === 1 ? 'o pedido' : 'os pedidos'} de compra nº ${pedidos.join(', ')}: o estorno da nota com pedido recebido ainda não é possível.`);
  await estornarMovimentos(tx, a, id);
  for (const titulo of e.titulos) await cancelarTitulo(tx, a, titulo, `Estorno da entrada da NF-e ${e.numero}: ${motivo}`);
  await tx.execute(sql`
    update entrada_nota_fiscal set situacao = 'estornada', estornada_em = now(), estornada_por = ${a.usuario}, version = version + 1, updated_at = now()
    where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${id}`);
  return lerEntrada(tx, a, id);
}
