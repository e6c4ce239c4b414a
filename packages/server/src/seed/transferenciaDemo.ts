import { findRecurso, somarDias } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { criarNaTransacao } from '../resources/pipeline.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { aprovarPedidoTransferencia, enviarPedidoTransferencia, solicitarTransferencia } from '../stock/pedidoTransferencia.ts';
import { criarTransferencia, receberTransferencia } from '../stock/transferenciaLojas.ts';

/**
 * Transfers of the demonstration, the group's first store acting as central kitchen for the second:
 * its transfer price table (cost + 10 %), a transfer received with a divergence (a missing part, valued),
 * a request approved in part and sent short of one line (in transit), and a request from the replenishment list awaiting
 * approval, with the store's par levels of the kitchen's products above its stock (its replenishment
 * list is not empty). Run after the sales fill (the kitchen then has stock). Once: nothing is added when the group
 * already has transfers.
 */
export async function prepararTransferenciasDemo(db: Database, s: SessaoRequest, hoje: string): Promise<void> {
  const lojas = (await withTenant(db, s, (tx) => tx.execute<{ id: string }>(sql`select id from empresa where lixo = false order by created_at, id limit 2`))).rows;
  if (lojas.length < 2) return;
  const [cozinha, loja] = [lojas[0]!.id, lojas[1]!.id];
  const naCozinha = { ...s, empresa: cozinha };
  const autor = (empresa: string) => ({ grupoEmpresarial: s.grupoEmpresarial, empresa, usuario: s.usuario });
  await withTenant(db, naCozinha, async (tx) => {
    const ja = await tx.execute(sql`select 1 from estoque_transferencia_lojas where grupo_empresarial_id = ${s.grupoEmpresarial} limit 1`);
    if (ja.rows.length) return;
    // Four products the kitchen has plenty of, in one location, and the store's sales location.
    const estoque = (
      await tx.execute<{ local: string; produto: string }>(sql`
        select s.local_id as local, s.produto_id as produto from estoque_saldo s
        join registro p on p.grupo_empresarial_id = s.grupo_empresarial_id and p.id = s.produto_id
        where s.grupo_empresarial_id = ${s.grupoEmpresarial} and s.empresa_id = ${cozinha} and s.quantidade >= 20
        order by s.local_id, p.dados->>'descricao' limit 4`)
    ).rows;
    const [destino] = (
      await tx.execute<{ id: string }>(sql`
        select id from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'estoqueCadastro' and empresa_id = ${loja} and not lixo
          and coalesce((dados->>'ativo')::boolean, true) order by coalesce((dados->>'baixaVendas')::boolean, false) desc, id limit 1`)
    ).rows;
    if (estoque.length < 4 || !destino || new Set(estoque.map((e) => e.local)).size !== 1) return;
    const local = estoque[0]!.local;
    const [a, b, c, d] = estoque.map((e) => e.produto) as [string, string, string, string];
    await criarNaTransacao(tx, findRecurso('tabelaPrecoTransferenciasLojas')!, naCozinha, {
      descricao: 'Cozinha central → lojas',
      empresaOrigem: cozinha,
      empresasDestino: [loja],
      validoDe: somarDias(hoje, -60),
      margemSobreCusto: '10',
      itens: [],
    });
    // Sent and received with half a unit of the second product missing.
    const recebida = await criarTransferencia(tx, autor(cozinha), { empresaDestino: loja, localOrigem: local, observacao: 'Reposição de sexta-feira', enviar: true, itens: [{ produto: a, quantidade: '6' }, { produto: b, quantidade: '4' }] });
    await receberTransferencia(tx, autor(loja), recebida._id, { local: destino.id, observacao: 'Uma embalagem chegou aberta.', itens: [{ linha: 1, quantidadeRecebida: '3.5' }] });
    // Asked by the store, approved in part (saying why) and sent: in transit.
    const pedido = await solicitarTransferencia(tx, autor(loja), { empresaFornecedora: cozinha, origem: 'manual', observacao: 'Para o fim de semana', itens: [{ produto: c, quantidade: '5' }, { produto: d, quantidade: '3' }] });
    await aprovarPedidoTransferencia(tx, autor(cozinha), pedido._id, { itens: [{ linha: 1, quantidadeAprovada: '2', justificativa: 'O resto vai na próxima rota' }] });
    await enviarPedidoTransferencia(tx, autor(cozinha), pedido._id, { localOrigem: local, itens: [{ linha: 0, quantidadeEnviada: '4', justificativa: 'Só 4 separadas: o resto vai na próxima rota' }] });
    // The store keeps par levels of what the kitchen supplies, above what it holds now: its replenishment
    // list shows them (less what it already asked for).
    await tx.execute(sql`
      update registro r set dados = r.dados || jsonb_build_object('estoqueMinimo', (ceil(coalesce(c.quantidade, 0)) + 6)::text, 'estoqueMaximo', (ceil(coalesce(c.quantidade, 0)) * 2 + 12)::text, 'controlaEstoque', true),
        version = r.version + 1
      from registro r2 left join estoque_custo c on c.grupo_empresarial_id = r2.grupo_empresarial_id and c.empresa_id = r2.empresa_id and c.produto_id = r2.dados->>'produtoGeral'
      where r2.grupo_empresarial_id = ${s.grupoEmpresarial} and r2.id = r.id and r.grupo_empresarial_id = ${s.grupoEmpresarial} and r.recurso = 'produtoGeralEmpresa'
        and r.empresa_id = ${loja} and r.dados->>'produtoGeral' = any(${sql.param([a, c, d])}::text[])`);
    // From the replenishment list, waiting for the kitchen.
    await solicitarTransferencia(tx, autor(loja), { empresaFornecedora: cozinha, origem: 'reposicao', observacao: 'Reposição pela lista de reposição', itens: [{ produto: a, quantidade: '8' }, { produto: c, quantidade: '4' }] });
  });
}
