import { CANAL_PROPRIO, motivoFechada, PedidoQrRecusado, pagamentosNaEntrega, precificarPedidoDelivery, valorDe, type CardapioDelivery, type FaixaCepDelivery, type PagamentoNaEntrega, type PedidoDelivery, type PedidoDeliveryProprio, type SituacaoParaCliente, type StatusPedidoDelivery } from '@retaguarda/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { deliveryPedido, deliveryRetorno, kdsItem, kdsPedido, registro } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { ClienteLogado } from '../otp/clienteSessao.ts';
import { cardapioPublico } from '../cardapioPublico.ts';
import { colunas, integracaoDe, type IntegracaoDelivery } from './integracao.ts';
import { receberPedido } from './pedidos.ts';

/**
 * The store's own delivery page (/d/<token>, issue 17): an appIntegracaoDelivery of the channel 'Delivery
 * próprio', so its orders are kept, accepted, dispatched, paid out and messaged exactly as a marketplace's;
 * only their arrival differs (our page, a signed-in customer, instead of a signed webhook).
 */
export interface PaginaDelivery extends IntegracaoDelivery {
  cardapio: string | null;
  tabelaVenda: string | null;
  taxaEntrega: number;
  faixasCep: FaixaCepDelivery[];
  pedidoMinimo: number;
  abreAs: string | null;
  fechaAs: string | null;
  motivoPausa: string | null;
  tempoEstimado: number;
  formas: Partial<Record<PagamentoNaEntrega, string>>;
}

const PAGINA_NAO_ENCONTRADA = 'Página de delivery não encontrada: confira o endereço com a loja.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The page of a token (the integration's id): found before the group is known, read as the owner like a table's token. */
export async function paginaPorToken(db: Database | Transaction, token: string): Promise<PaginaDelivery> {
  if (!UUID.test(token)) throw new HttpError(404, PAGINA_NAO_ENCONTRADA);
  const [l] = await db
    .select(colunas)
    .from(registro)
    .where(and(eq(registro.id, token), eq(registro.recurso, 'appIntegracaoDelivery'), eq(registro.lixo, false), sql`${registro.dados}->>'provedor' = ${CANAL_PROPRIO}`, sql`coalesce((${registro.dados}->>'ativo')::boolean, true)`));
  if (!l) throw new HttpError(404, PAGINA_NAO_ENCONTRADA);
  const d = l.dados as Record<string, unknown>;
  const ref = (c: string) => (typeof d[c] === 'string' && d[c] ? (d[c] as string) : null);
  const formas: Partial<Record<PagamentoNaEntrega, string>> = {};
  for (const [p, c] of [['Dinheiro', 'formaDinheiro'], ['Cartão na entrega', 'formaCartao'], ['Pix', 'formaPix']] as const) if (ref(c)) formas[p] = ref(c)!;
  return {
    ...integracaoDe(l),
    cardapio: ref('cardapio'),
    tabelaVenda: ref('tabelaVenda'),
    taxaEntrega: Number(d.taxaEntrega ?? 0),
    faixasCep: (d.faixasCep as FaixaCepDelivery[] | undefined) ?? [],
    pedidoMinimo: Number(d.pedidoMinimo ?? 0),
    abreAs: ref('abreAs'),
    fechaAs: ref('fechaAs'),
    motivoPausa: ref('motivoPausa'),
    tempoEstimado: Number(d.tempoEstimado ?? 45),
    formas,
  };
}


export async function cardapioDelivery(tx: Transaction, p: PaginaDelivery): Promise<CardapioDelivery> {
  if (!p.cardapio) throw new HttpError(404, 'Esta loja ainda não escolheu o cardápio do delivery.');
  const c = await cardapioPublico(tx, p, p.cardapio, p.tabelaVenda, CANAL_PROPRIO);
  return {
    loja: c.loja,
    fechada: c.ativo ? motivoFechada(p, c.hora) : 'O cardápio do delivery está inativo: a loja não recebe pedidos agora.',
    taxaEntrega: p.taxaEntrega,
    faixasCep: p.faixasCep,
    pedidoMinimo: p.pedidoMinimo,
    tempoEstimado: p.tempoEstimado,
    pagamentos: pagamentosNaEntrega.filter((x) => p.formas[x]),
    cardapio: c.cardapio,
    secoes: c.secoes,
  };
}

/** The customer's phone for the robot's messages: the destination when it is one, else the pessoa's Celular. */
async function telefoneDo(tx: Transaction, grupo: string, cliente: ClienteLogado): Promise<string | null> {
  if (!cliente.destino.includes('@')) return cliente.destino;
  const [r] = (await tx.execute<{ numero: string | null }>(sql`
    select (select f->>'numero' from jsonb_array_elements(coalesce(dados->'telefones', '[]'::jsonb)) f order by (f->>'tipo' = 'Celular') desc limit 1) numero
    from registro where grupo_empresarial_id = ${grupo} and id = ${cliente.pessoa} and recurso = 'pessoa'`)).rows;
  return r?.numero ?? null;
}

/**
 * A signed-in customer's order from the page, priced by the server from the menu as it is now, with the fee of
 * the address's CEP: kept as the integration's order (the page's id makes it once) and received as a
 * marketplace's is ('Recebido' message; with automatic acceptance a sale of the channel at once, to the kitchen).
 */
export async function registrarPedidoProprio(tx: Transaction, p: PaginaDelivery, body: PedidoDeliveryProprio, cliente: ClienteLogado): Promise<{ pedido: StatusPedidoDelivery; duplicado: boolean }> {
  const anterior = await pedidoDaPagina(tx, p, body.id, cliente);
  if (anterior) return { pedido: anterior, duplicado: true };
  // One order of the page at a time: its count below is then the next code.
  await tx.select({ id: registro.id }).from(registro).where(and(eq(registro.grupoEmpresarialId, p.grupoEmpresarial), eq(registro.id, p.id))).for('update');
  const menu = await cardapioDelivery(tx, p);
  if (menu.fechada) throw new HttpError(409, menu.fechada);
  const forma = p.formas[body.pagamento];
  if (!forma) throw new HttpError(400, `Pagamento: a loja não aceita ${body.pagamento} na entrega.`, {}, { pagamento: 'Não aceito por esta loja.' });
  let preco;
  try {
    preco = precificarPedidoDelivery(menu.secoes, body, p);
  } catch (e) {
    if (e instanceof PedidoQrRecusado) throw new HttpError(400, e.message);
    throw e;
  }
  const [{ n }] = (await tx.select({ n: count() }).from(deliveryPedido).where(and(eq(deliveryPedido.grupoEmpresarialId, p.grupoEmpresarial), eq(deliveryPedido.integracaoId, p.id)))) as [{ n: number }];
  const pedido: PedidoDelivery = {
    id: body.id,
    codigo: String(n + 1),
    cliente: cliente.nome.slice(0, 120),
    telefone: await telefoneDo(tx, p.grupoEmpresarial, cliente),
    criadoEm: new Date().toISOString(),
    // The options chosen go with the line's note: the kitchen reads them on the card.
    itens: preco.itens.map((i) => ({
      id: i.produto,
      nome: i.descricao,
      quantidade: String(i.quantidade),
      precoUnitario: i.precoUnitario,
      observacao: [i.complementos.map((c) => c.descricao).join(', '), i.observacao].filter(Boolean).join(' · ').slice(0, 200) || null,
    })),
    taxaEntrega: preco.taxaEntrega,
    descontoLoja: 0,
    subsidio: 0,
    comissao: 0,
    proprio: { pessoa: cliente.pessoa, formaPagamento: forma, pagamento: body.pagamento, trocoPara: body.pagamento === 'Dinheiro' ? body.trocoPara : null, endereco: body.endereco, tempoEstimado: p.tempoEstimado },
  };
  await receberPedido(tx, p, pedido);
  return { pedido: (await pedidoDaPagina(tx, p, body.id, cliente))!, duplicado: false };
}


/**
 * The page's order of this customer (another customer's, or another page's, is not found): its status from
 * the order (waiting, refused, cancelled), the dispatch (Saiu para entrega) and the kitchen (every item bumped: Pronto).
 */
export async function pedidoDaPagina(tx: Transaction, p: PaginaDelivery, id: string, cliente: ClienteLogado): Promise<StatusPedidoDelivery | null> {
  const [l] = await tx
    .select()
    .from(deliveryPedido)
    .where(and(eq(deliveryPedido.grupoEmpresarialId, p.grupoEmpresarial), eq(deliveryPedido.integracaoId, p.id), eq(deliveryPedido.pedidoExterno, id)));
  const proprio = l?.pedido.proprio;
  if (!l || !proprio || proprio.pessoa !== cliente.pessoa) return null;
  let situacao: SituacaoParaCliente = l.situacao === 'recusado' ? 'Recusado' : l.situacao === 'cancelado' ? 'Cancelado' : 'Aguardando a loja';
  if (l.situacao === 'aceito') {
    const [saiu] = await tx
      .select({ id: deliveryRetorno.id })
      .from(deliveryRetorno)
      .where(and(eq(deliveryRetorno.grupoEmpresarialId, p.grupoEmpresarial), eq(deliveryRetorno.pedidoId, l.id), eq(deliveryRetorno.evento, 'despachado')));
    if (saiu) situacao = 'Saiu para entrega';
    else {
      const itens = l.vendaId
        ? await tx
            .select({ estado: kdsItem.estado })
            .from(kdsItem)
            .innerJoin(kdsPedido, and(eq(kdsPedido.grupoEmpresarialId, kdsItem.grupoEmpresarialId), eq(kdsPedido.id, kdsItem.kdsPedidoId)))
            .where(and(eq(kdsPedido.grupoEmpresarialId, p.grupoEmpresarial), eq(kdsPedido.vendaId, l.vendaId)))
        : [];
      situacao = itens.length && itens.every((i) => i.estado === 'pronto') ? 'Pronto' : 'Em preparo';
    }
  }
  const subtotal = l.pedido.itens.reduce((s, i) => s + valorDe(i.quantidade, i.precoUnitario), 0);
  return {
    id: l.pedidoExterno,
    codigo: l.codigo,
    situacao,
    motivo: situacao === 'Recusado' || situacao === 'Cancelado' ? l.motivo : null,
    itens: l.pedido.itens.map((i) => ({ nome: i.nome, quantidade: i.quantidade, precoUnitario: i.precoUnitario, observacao: i.observacao })),
    subtotal,
    taxaEntrega: l.pedido.taxaEntrega,
    total: subtotal + l.pedido.taxaEntrega,
    pagamento: proprio.pagamento,
    trocoPara: proprio.trocoPara,
    endereco: proprio.endereco,
    criadoEm: l.criadoEm.toISOString(),
    previstoPara: new Date(l.criadoEm.getTime() + proprio.tempoEstimado * 60_000).toISOString(),
  };
}
