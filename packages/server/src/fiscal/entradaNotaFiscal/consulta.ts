import { custoDoItem, textoCusto, type EntradaListada, type EntradaNotaFiscal, type ItemEntrada, type ItemNota } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { registro } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { AutorEstoque } from '../../stock/razao.ts';
import { fatoresDe } from './correspondencia.ts';
import { pedidosDosItens, vincularPedidos } from './pedidoDaNota.ts';
import { politicaDeCredito } from './politicaCredito.ts';
import { precosDosItens } from './precoCompra.ts';

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/** One entry of the session's company with its items and the products they are matched to. */
export async function lerEntrada(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>, id: string): Promise<EntradaNotaFiscal> {
  const [e] = (
    await tx.execute<Record<string, unknown>>(sql`
      select e.*, e.numero::int as numero_int, p.dados->>'nome' as fornecedor_nome from entrada_nota_fiscal e
      left join registro p on p.grupo_empresarial_id = e.grupo_empresarial_id and p.id = e.fornecedor_id
      where e.grupo_empresarial_id = ${a.grupoEmpresarial} and e.empresa_id = ${a.empresa} and e.id = ${id}`)
  ).rows;
  if (!e) throw new HttpError(404, 'Entrada de nota fiscal não encontrada nesta empresa.');
  const itens = (
    await tx.execute<{ numero: number; c_prod: string; gtin: string | null; descricao: string; unidade: string; quantidade: string; valor_produto: string; dados: ItemNota; produto_id: string | null; fator: string | null; produto_descricao: string | null; produto_unidade: string | null }>(sql`
      select i.numero, i.c_prod, i.gtin, i.descricao, i.unidade, i.quantidade::text as quantidade, i.valor_produto, i.dados, i.produto_id, i.fator::text as fator,
        p.dados->>'descricao' as produto_descricao, u.dados->>'sigla' as produto_unidade
      from entrada_nota_fiscal_item i
      left join registro p on p.grupo_empresarial_id = i.grupo_empresarial_id and p.id = i.produto_id
      left join registro u on u.grupo_empresarial_id = p.grupo_empresarial_id and u.id = p.dados->>'unidade'
      where i.grupo_empresarial_id = ${a.grupoEmpresarial} and i.entrada_id = ${id} order by i.numero`)
  ).rows;
  const precos = await precosDosItens(tx, a, id, itens.map((i) => ({ numero: i.numero, dados: i.dados, produto: i.produto_id, fator: i.fator, quantidade: i.quantidade })));
  const pedidos = await pedidosDosItens(tx, a, id);
  const politica = await politicaDeCredito(tx, a.grupoEmpresarial, a.empresa);
  return {
    _id: e.id as string,
    chave: e.chave as string,
    modelo: e.modelo as string,
    serie: e.serie as number,
    numero: e.numero_int as number,
    emissao: iso(e.emissao)!,
    fornecedor: e.fornecedor_id as string,
    fornecedorNome: (e.fornecedor_nome as string | null) ?? null,
    emitenteDocumento: e.emitente_documento as string,
    emitenteNome: e.emitente_nome as string,
    valorTotal: Number(e.valor_total),
    situacao: e.situacao as EntradaNotaFiscal['situacao'],
    avisos: e.avisos as string[],
    duplicatas: e.duplicatas as EntradaNotaFiscal['duplicatas'],
    pagamentos: e.pagamentos as EntradaNotaFiscal['pagamentos'],
    arquivo: e.arquivo_id as string,
    nomeArquivo: e.nome_arquivo as string,
    local: (e.local_id as string | null) ?? null,
    titulos: e.titulos as string[],
    importadaEm: iso(e.created_at)!,
    lancadaEm: iso(e.lancada_em),
    estornadaEm: iso(e.estornada_em),
    canceladaEm: iso(e.cancelada_em),
    version: e.version as number,
    creditoPermitido: politica.permitido,
    creditarImpostos: politica.padrao,
    itens: itens.map((i) => ({
      numero: i.numero,
      cProd: i.c_prod,
      gtin: i.gtin,
      descricao: i.descricao,
      unidade: i.unidade,
      quantidade: i.quantidade,
      valorProduto: Number(i.valor_produto),
      custo: custoDoItem(i.dados, { creditar: politica.padrao }),
      ncm: i.dados.ncm,
      cfop: i.dados.cfop,
      produto: i.produto_id,
      produtoDescricao: i.produto_descricao,
      produtoUnidade: i.produto_unidade,
      fator: i.fator,
      custoUnitario: precos.has(i.numero) ? textoCusto(precos.get(i.numero)!.custoUnitario) : null,
      ultimoCusto: precos.get(i.numero)?.ultimoCusto != null ? textoCusto(precos.get(i.numero)!.ultimoCusto!) : null,
      altaDePreco: precos.get(i.numero)?.alta ?? null,
      pedido: pedidos.get(i.numero) ?? null,
    })),
  };
}

/** The warning of a flagged price jump, as the import lists it. */
export const avisoDeAlta = (i: Pick<ItemEntrada, 'numero' | 'descricao' | 'altaDePreco'>) => `Item ${i.numero} (${i.descricao}): custo ${i.altaDePreco}% acima da última compra.`;

export interface FiltroEntradas {
  situacao?: EntradaNotaFiscal['situacao'] | undefined;
  busca?: string | undefined;
  limite?: number | undefined;
}

/** The session company's entries, newest first, with how many items still lack a product. */
export async function listarEntradas(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>, f: FiltroEntradas) {
  const busca = f.busca?.trim() ? `%${f.busca.trim().toLowerCase()}%` : null;
  const r = await tx.execute<Record<string, unknown>>(sql`
    select e.id as "_id", e.chave, e.numero::int as numero, e.serie, e.emissao, e.emitente_nome as "emitenteNome", e.emitente_documento as "emitenteDocumento",
      e.valor_total::bigint as "valorTotal", e.situacao, e.created_at as "importadaEm", e.lancada_em as "lancadaEm", e.cancelada_em as "canceladaEm",
      (select count(*)::int from entrada_nota_fiscal_item i where i.grupo_empresarial_id = e.grupo_empresarial_id and i.entrada_id = e.id) as itens,
      (select count(*)::int from entrada_nota_fiscal_item i where i.grupo_empresarial_id = e.grupo_empresarial_id and i.entrada_id = e.id and i.produto_id is null) as "itensSemProduto"
    from entrada_nota_fiscal e
    where e.grupo_empresarial_id = ${a.grupoEmpresarial} and e.empresa_id = ${a.empresa}
      ${f.situacao ? sql`and e.situacao = ${f.situacao}` : sql``}
      ${busca ? sql`and (lower(e.emitente_nome) like ${busca} or e.chave like ${busca} or e.numero::text like ${busca})` : sql``}
    order by e.created_at desc
    limit ${Math.min(f.limite ?? 200, 1000)}`);
  return r.rows.map((l): EntradaListada => ({ ...(l as unknown as EntradaListada), valorTotal: Number(l.valorTotal), emissao: new Date(l.emissao as string).toISOString(), importadaEm: iso(l.importadaEm), lancadaEm: iso(l.lancadaEm), canceladaEm: iso(l.canceladaEm) }));
}

/**
 * The user's match of one item: the product (and, when the note's unit needs it, the factor). It is
 * remembered in estoqueProdutoFornecedor (supplier + code), so the next note of the supplier comes
 * matched; and applied to every other pending item of this entry with the same code.
 */
export async function corresponderItem(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>, id: string, numero: number, body: { produto: string; fator?: string | null | undefined }): Promise<EntradaNotaFiscal> {
  const [e] = (
    await tx.execute<{ situacao: string; fornecedor_id: string }>(sql`
      select situacao, fornecedor_id from entrada_nota_fiscal where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and id = ${id} for update`)
  ).rows;
  if (!e) throw new HttpError(404, 'Entrada de nota fiscal não encontrada nesta empresa.');
  if (e.situacao !== 'pendente') throw new HttpError(409, 'Só uma entrada pendente tem itens a corresponder.');
  const [item] = (
    await tx.execute<{ c_prod: string; gtin: string | null; descricao: string; unidade: string }>(sql`
      select c_prod, gtin, descricao, unidade from entrada_nota_fiscal_item where grupo_empresarial_id = ${a.grupoEmpresarial} and entrada_id = ${id} and numero = ${numero}`)
  ).rows;
  if (!item) throw new HttpError(404, `A nota não tem o item ${numero}.`);
  const [produto] = (await tx.execute<{ id: string }>(sql`select id from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'produtoGeral' and lixo = false and id = ${body.produto}`)).rows;
  if (!produto) throw new HttpError(400, 'Produto: não encontrado.', {}, { produto: 'Produto não encontrado.' });
  const fatorInformado = body.fator ?? null;
  const fator = (await fatoresDe(tx, a.grupoEmpresarial, [{ produto: body.produto, unidade: item.unidade, fatorMapeado: fatorInformado }])).get(`${body.produto}|${item.unidade}|${fatorInformado ?? ''}`) ?? null;
  const dados = { fornecedor: e.fornecedor_id, codigo: item.c_prod, produto: body.produto, descricao: item.descricao.slice(0, 120), gtin: item.gtin && /^(\d{8}|\d{12,14})$/.test(item.gtin) ? item.gtin : null, unidadeCompra: item.unidade.slice(0, 6) || null, fator: fatorInformado };
  // The remembered match: updated in place when the supplier's code is already mapped.
  const atualizado = await tx.execute(sql`
    update registro set dados = dados || ${JSON.stringify(dados)}::jsonb, version = version + 1, updated_at = now()
    where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'estoqueProdutoFornecedor' and lixo = false and dados->>'fornecedor' = ${e.fornecedor_id} and dados->>'codigo' = ${item.c_prod}
    returning id`);
  if (!atualizado.rows.length) {
    await tx.insert(registro).values({ grupoEmpresarialId: a.grupoEmpresarial, id: newId(), recurso: 'estoqueProdutoFornecedor', empresaId: null, dados });
  }
  await tx.execute(sql`
    update entrada_nota_fiscal_item set produto_id = ${body.produto}, fator = ${fator},
      -- Another product: the order line it was linked to (or the choice of none) no longer applies.
      pedido_id = case when produto_id is distinct from ${body.produto} then null else pedido_id end,
      pedido_linha = case when produto_id is distinct from ${body.produto} then null else pedido_linha end
    where grupo_empresarial_id = ${a.grupoEmpresarial} and entrada_id = ${id} and c_prod = ${item.c_prod}`);
  await vincularPedidos(tx, a, id);
  return lerEntrada(tx, a, id);
}
