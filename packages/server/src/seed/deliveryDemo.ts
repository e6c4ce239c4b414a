import { hojeNoFuso, valorDe, type PedidoDelivery } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { deliveryMapa, deliveryPedido, deliveryRetorno, registro } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { integracaoDaEmpresa } from '../integrations/delivery/integracao.ts';
import { aceitarPedido, receberEvento, recusarPedido } from '../integrations/delivery/pedidos.ts';
import { enfileirarSituacaoLoja } from '../integrations/delivery/situacaoLoja.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { garantir, type CatalogoDemo } from './catalogoDemo.ts';

/** The marketplace's item ids and names → our products (Batata rústica is on iFood's menu only: the unmapped item). */
const CARDAPIO_IFOOD: readonly [string, string, string | null, number][] = [
  ['IF-XB', 'X-Bacon artesanal', 'Xis bacon', 3590],
  ['IF-XS', 'X-Salada', 'Xis salada', 3190],
  ['IF-HB', 'Hambúrguer da casa', 'Hambúrguer artesanal', 3990],
  ['IF-PC', 'Pizza média calabresa', 'Pizza média calabresa', 5490],
  ['IF-FJ', 'Feijoada completa (serve 1)', 'Feijoada completa', 4790],
  ['IF-BF', 'Batata frita porção', 'Batata frita porção', 2590],
  ['IF-RL', 'Refrigerante lata 350 ml', 'Refrigerante lata', 750],
  ['IF-BR', 'Batata rústica com cheddar', null, 2890],
];

/** [minutes ago, code, customer, items [id, qty], delivery fee, store's campaign, iFood's campaign, what then happens]. */
const PEDIDOS: readonly [number, string, string, [string, number][], number, number, number, 'aceitar' | 'cancelar' | 'recusar' | null][] = [
  [150, '7311', 'Carla M.', [['IF-XS', 1], ['IF-RL', 1]], 699, 0, 0, 'recusar'],
  [95, '7324', 'Rodrigo A.', [['IF-XB', 2], ['IF-RL', 2]], 799, 500, 300, 'aceitar'],
  [70, '7330', 'Patrícia L.', [['IF-PC', 1], ['IF-BF', 1]], 899, 0, 1000, 'cancelar'],
  [40, '7342', 'Marcos V.', [['IF-HB', 1], ['IF-BF', 1], ['IF-RL', 1]], 599, 0, 0, 'aceitar'],
  [12, '7351', 'Juliana S.', [['IF-FJ', 1], ['IF-RL', 1]], 799, 0, 0, null],
  [5, '7356', 'Felipe R.', [['IF-XS', 1], ['IF-BR', 1]], 699, 0, 500, null],
];

/** iFood's fee on the demo orders: 12% of the items, rounded to the centavo (integers only). */
const comissao = (itens: number) => Math.round((itens * 12) / 100);

/**
 * An iFood integration of the first store with its item mapping and a few orders of today in every
 * state (refused, accepted, accepted then cancelled by the customer, two waiting: one of them with an
 * item not mapped), through the same intake as the webhook. The webhook secret is not set: it is the one
 * iFood gives, typed on the screen. Once a day: a day's orders already there are not made again.
 */
export async function prepararDeliveryDemo(db: Database, s: SessaoRequest, catalogo: CatalogoDemo, agora: number): Promise<void> {
  const loja = catalogo.lojas[0];
  if (!loja) return;
  const produtos = new Map(catalogo.produtos.map((p) => [p.descricao, p.id]));
  const naLoja = { ...s, empresa: loja.empresa };
  const hoje = hojeNoFuso(new Date(agora));
  await withTenant(db, naLoja, async (tx) => {
    const forma = await garantir(tx, naLoja, 'formaPagamento', 'descricao', { descricao: 'iFood (pago no app)', tipo: 'Outros' }, loja.empresa);
    const terminal = await garantir(tx, naLoja, 'terminal', 'descricao', { descricao: 'iFood', tipo: 'PDV' }, loja.empresa);
    const [carteira] = await tx
      .select({ id: registro.id })
      .from(registro)
      .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.recurso, 'financeiroConta'), sql`${registro.dados}->>'nome' = 'Carteira iFood'`))
      .limit(1);
    const id = await garantir(
      tx,
      naLoja,
      'appIntegracaoDelivery',
      'descricao',
      {
        descricao: 'iFood da loja',
        provedor: 'iFood',
        merchantId: 'a1f4c9e2-7d3b-4e8a-9c51-2b6d0f3e8a47',
        terminal,
        formaPagamento: forma,
        descontoMotivo: catalogo.descontoMotivo,
        financeiroConta: carteira?.id ?? null,
        aceiteAutomatico: false,
        situacaoLoja: 'Aberta',
      },
      loja.empresa,
    );
    for (const [item, nome, produto] of CARDAPIO_IFOOD) {
      const produtoId = produto ? produtos.get(produto) : undefined;
      if (produtoId) await tx.insert(deliveryMapa).values({ grupoEmpresarialId: s.grupoEmpresarial, integracaoId: id, itemExterno: item, descricaoExterna: nome, produtoId }).onConflictDoNothing();
    }
    // The store's status history on the screen: opened today (this demo's iFood has no API address, so it is kept without a call).
    const [avisada] = await tx.select({ id: deliveryRetorno.id }).from(deliveryRetorno).where(and(eq(deliveryRetorno.grupoEmpresarialId, s.grupoEmpresarial), eq(deliveryRetorno.integracaoId, id), eq(deliveryRetorno.evento, 'loja'))).limit(1);
    if (!avisada) await enfileirarSituacaoLoja(tx, await integracaoDaEmpresa(tx, naLoja, id), { situacao: 'Aberta', motivo: null, ate: null });
    const [feito] = await tx
      .select({ id: deliveryPedido.id })
      .from(deliveryPedido)
      .where(and(eq(deliveryPedido.grupoEmpresarialId, s.grupoEmpresarial), eq(deliveryPedido.integracaoId, id), eq(deliveryPedido.pedidoExterno, `${hoje}-${PEDIDOS[0]![1]}`)));
    if (feito) return;
    const integracao = await integracaoDaEmpresa(tx, naLoja, id);
    const cardapio = new Map(CARDAPIO_IFOOD.map(([item, nome, , preco]) => [item, { nome, preco }]));
    for (const [minutos, codigo, cliente, itens, taxaEntrega, descontoLoja, subsidio, destino] of PEDIDOS) {
      const criadoEm = new Date(agora - minutos * 60_000).toISOString();
      const linhas = itens.map(([item, q]) => ({ id: item, nome: cardapio.get(item)!.nome, quantidade: `${q}.000`, precoUnitario: cardapio.get(item)!.preco, observacao: null }));
      const pedido: PedidoDelivery = {
        id: `${hoje}-${codigo}`,
        codigo,
        cliente,
        criadoEm,
        itens: linhas,
        taxaEntrega,
        descontoLoja,
        subsidio,
        comissao: comissao(linhas.reduce((soma, l) => soma + valorDe(l.quantidade, l.precoUnitario), 0)),
      };
      const evento = { eventoId: `demo-${pedido.id}`, tipo: 'pedido' as const, merchantId: integracao.merchantId, em: criadoEm, pedido };
      await receberEvento(tx, integracao, evento, { demonstracao: true, ...evento });
      const [linha] = await tx
        .select({ id: deliveryPedido.id })
        .from(deliveryPedido)
        .where(and(eq(deliveryPedido.grupoEmpresarialId, s.grupoEmpresarial), eq(deliveryPedido.integracaoId, id), eq(deliveryPedido.pedidoExterno, pedido.id)));
      if (destino === 'recusar') await recusarPedido(tx, naLoja, linha!.id, 'Sem entregador disponível');
      // Accepted three minutes after it came, on the demonstration's clock: no sale closes after its 'now'.
      if (destino === 'aceitar' || destino === 'cancelar') await aceitarPedido(tx, naLoja, linha!.id, async () => integracao, new Date(agora - (minutos - 3) * 60_000));
      if (destino === 'cancelar') {
        const em = new Date(agora - (minutos - 8) * 60_000).toISOString();
        const cancelamento = { eventoId: `demo-${pedido.id}-can`, tipo: 'cancelamento' as const, merchantId: integracao.merchantId, em, pedidoId: pedido.id, motivo: 'Cliente cancelou: endereço errado' };
        await receberEvento(tx, integracao, cancelamento, { demonstracao: true, ...cancelamento });
      }
    }
  });
}
