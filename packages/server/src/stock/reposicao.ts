import { compararPt, qtd, textoQtd } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import type { AutorEstoque } from './razao.ts';

/**
 * The replenishment list of the session's store (estoqueGerarListaReposicao): each product whose stock in
 * the store is below its minimum, with what to ask to bring it up to the minimum or to the maximum (the
 * par level; the minimum where no maximum is set), less what open transfer requests already ask for. The
 * screen prints it and turns it into a request to the central kitchen.
 */
export async function listaDeReposicao(tx: Transaction, a: AutorEstoque, ate: 'minimo' | 'maximo') {
  const r = await tx.execute<{ produto: string; descricao: string | null; codigo: string | null; unidade: string | null; saldo: string; minimo: string; maximo: string | null; pedido: string }>(sql`
    with limites as (
      select dados->>'produtoGeral' as produto, (dados->>'estoqueMinimo')::numeric as minimo, (dados->>'estoqueMaximo')::numeric as maximo
      from registro
      where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'produtoGeralEmpresa' and empresa_id = ${a.empresa} and not lixo
        and dados->>'estoqueMinimo' is not null),
    abertos as (
      select l->>'produto' as produto, sum(coalesce(l->>'quantidadeAprovada', l->>'quantidade')::numeric) as quantidade
      from estoque_pedido_transferencia p, jsonb_array_elements(p.itens) l
      where p.grupo_empresarial_id = ${a.grupoEmpresarial} and p.empresa_id = ${a.empresa} and p.status in ('solicitado', 'aprovado', 'enviado')
      group by 1)
    select m.produto, p.dados->>'descricao' as descricao, p.dados->>'codigo' as codigo, u.dados->>'sigla' as unidade,
      coalesce(c.quantidade, 0)::text as saldo, m.minimo::text as minimo, m.maximo::text as maximo, coalesce(o.quantidade, 0)::text as pedido
    from limites m
    join registro p on p.grupo_empresarial_id = ${a.grupoEmpresarial} and p.id = m.produto and p.recurso = 'produtoGeral' and not p.lixo
    left join registro u on u.grupo_empresarial_id = p.grupo_empresarial_id and u.id = p.dados->>'unidade'
    left join estoque_custo c on c.grupo_empresarial_id = ${a.grupoEmpresarial} and c.empresa_id = ${a.empresa} and c.produto_id = m.produto
    left join abertos o on o.produto = m.produto
    where coalesce(c.quantidade, 0) < m.minimo`);
  const linhas = r.rows
    .map((l) => {
      const alvo = qtd(ate === 'maximo' && l.maximo !== null ? l.maximo : l.minimo);
      const falta = alvo - qtd(l.saldo) - qtd(l.pedido);
      return { ...l, saldo: textoQtd(qtd(l.saldo)), minimo: textoQtd(qtd(l.minimo)), maximo: l.maximo === null ? null : textoQtd(qtd(l.maximo)), emPedido: textoQtd(qtd(l.pedido)), quantidade: textoQtd(falta > 0n ? falta : 0n) };
    })
    .map(({ pedido: _, ...l }) => l)
    .sort((x, y) => compararPt(x.descricao, y.descricao));
  // The store that supplies this one by a transfer price table in force: the usual central kitchen.
  const sugerida = await tx.execute<{ empresa: string }>(sql`
    select dados->>'empresaOrigem' as empresa from registro
    where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'tabelaPrecoTransferenciasLojas' and not lixo and coalesce((dados->>'ativo')::boolean, true)
      and dados->>'empresaOrigem' <> ${a.empresa}
      and (jsonb_array_length(coalesce(dados->'empresasDestino', '[]'::jsonb)) = 0 or dados->'empresasDestino' ? ${a.empresa})
    order by dados->>'validoDe' desc limit 1`);
  return { ate, linhas, fornecedoraSugerida: sugerida.rows[0]?.empresa ?? null };
}

/** The other active stores of the group (to choose who sends or receives). */
export async function outrasLojas(tx: Transaction, a: AutorEstoque) {
  const r = await tx.execute<{ _id: string; nome: string }>(sql`
    select id as "_id", nome_fantasia as nome from empresa where grupo_empresarial_id = ${a.grupoEmpresarial} and not lixo and id <> ${a.empresa} order by nome_fantasia`);
  return r.rows;
}
