import { z } from 'zod';
import { resolverPrecoVenda, type TabelaParaPreco } from '../precos/tabelaVenda.ts';
import type { Momento } from '../precos/vigencia.ts';
import { percentualDe } from '../precos/percentual.ts';
import { decimalExato } from '../shared/decimalExato.ts';
import type { SecaoVitrine } from '../resources/products/vitrine.ts';

const ROTULOS: Record<string, string> = {
  cardapio: 'Cardápio',
  tabelaVenda: 'Tabela de preços',
  taxaServico: 'Taxa de serviço',
  ativo: 'Ativo',
  numero: 'Número',
  nome: 'Nome',
  area: 'Área',
  version: 'Versão',
  id: 'Id',
  itens: 'Itens',
  produto: 'produto',
  quantidade: 'quantidade',
  complementos: 'complementos',
  observacao: 'observação',
};

/** A field of the QR bodies as a refusal names it: 'Número', 'Item 2, quantidade'. */
export function rotuloCampoQr(campo: string): string {
  const item = /^itens\.(\d+)\.(\w+)/.exec(campo);
  if (item) return `Item ${Number(item[1]) + 1}, ${ROTULOS[item[2]!] ?? item[2]}`;
  return ROTULOS[campo.split('.')[0]!] ?? campo;
}

/** The company's QR code ordering, as the qrCode screen edits it. */
export const configQrCodeSchema = z.object({
  cardapio: z.string({ error: 'Escolha o cardápio das mesas.' }).min(1, 'Escolha o cardápio das mesas.'),
  tabelaVenda: z.string().min(1).nullable().default(null),
  taxaServico: decimalExato({ casas: 2, min: '0', max: '30', rotulo: 'a taxa de serviço' }),
  ativo: z.boolean().default(true),
});
export type ConfigQrCode = z.infer<typeof configQrCodeSchema>;

export const mesaQrCodeSchema = z.object({
  numero: z.number({ error: 'Informe o número da mesa.' }).int('Use um número inteiro.').min(1, 'De 1 a 9999.').max(9999, 'De 1 a 9999.'),
  nome: z.string({ error: 'Informe o nome da mesa.' }).trim().min(1, 'Informe o nome da mesa.').max(40, 'No máximo 40 caracteres.'),
  area: z.string().trim().max(40, 'No máximo 40 caracteres.').default(''),
  ativo: z.boolean().default(true),
});
export type MesaQrCode = z.infer<typeof mesaQrCodeSchema>;

/** At most this many lines and units per line in one order from a table (a family's round, not a stock order). */
export const LIMITES_PEDIDO_QR = { itens: 40, quantidade: 50, observacao: 140 } as const;

/** What the table's page sends. Prices are never sent: the server prices every line. */
export const pedidoQrSchema = z.object({
  id: z
    .string({ error: 'Informe o id do pedido gerado pela página.' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'De 8 a 64 letras, números, - ou _.'),
  itens: z
    .array(
      z.object({
        produto: z.string({ error: 'Informe o produto.' }).min(1, 'Informe o produto.').max(64),
        quantidade: z
          .number({ error: 'Informe a quantidade.' })
          .int('Use um número inteiro.')
          .min(1, 'Pelo menos 1.')
          .max(LIMITES_PEDIDO_QR.quantidade, `No máximo ${LIMITES_PEDIDO_QR.quantidade}.`),
        complementos: z.array(z.object({ grupo: z.string().max(80), descricao: z.string().max(120) })).max(30).default([]),
        observacao: z.string().trim().max(LIMITES_PEDIDO_QR.observacao, `No máximo ${LIMITES_PEDIDO_QR.observacao} caracteres.`).nullable().default(null),
      }),
      { error: 'Informe os itens.' },
    )
    .min(1, 'Inclua pelo menos um item.')
    .max(LIMITES_PEDIDO_QR.itens, `No máximo ${LIMITES_PEDIDO_QR.itens} por pedido.`),
});
export type PedidoQr = z.infer<typeof pedidoQrSchema>;

/**
 * The menu's prices at a table now: the QR setup's price table, when it applies at the moment (active,
 * channel, validity, weekday, hours) and lists the product, over the published price.
 */
export function comPrecosDaTabela(secoes: readonly SecaoVitrine[], tabela: TabelaParaPreco | null, momento: Momento): SecaoVitrine[] {
  if (!tabela) return [...secoes];
  return secoes.map((s) => ({ ...s, itens: s.itens.map((i) => ({ ...i, preco: resolverPrecoVenda([tabela], i.produto, i.preco, momento).preco })) }));
}

export interface LinhaPedidoQr {
  produto: string;
  descricao: string;
  quantidade: number;
  precoUnitario: number;
  complementos: { grupo: string; descricao: string; precoAdicional: number }[];
  observacao: string | null;
  total: number;
}

export interface PedidoQrPrecificado {
  itens: LinhaPedidoQr[];
  subtotal: number;
  taxaServico: number;
  total: number;
}

/** A line the menu cannot sell as asked: the message names the product (and the field of the line). */
export class PedidoQrRecusado extends Error {}

/**
 * Prices an order from the table's menu (prices and availability as the page showed them, read again by
 * the server): unit price = item + chosen complements; the service fee is the percentage of the subtotal,
 * rounded once to the centavo. An unknown or unavailable product or option, or a group chosen outside its
 * minimum/maximum, refuses the whole order naming it.
 */
export function precificarPedidoQr(secoes: readonly SecaoVitrine[], pedido: PedidoQr, taxaServicoPercentual: string): PedidoQrPrecificado {
  const porProduto = new Map(secoes.flatMap((s) => s.itens.map((i) => [i.produto, i] as const)));
  const itens = pedido.itens.map((linha, n): LinhaPedidoQr => {
    const item = porProduto.get(linha.produto);
    if (!item) throw new PedidoQrRecusado(`Item ${n + 1}: o produto ${linha.produto} não está no cardápio desta mesa.`);
    if (!item.disponivel) throw new PedidoQrRecusado(`Item ${n + 1}: ${item.descricao} está indisponível (${item.motivoIndisponivel ?? 'fora do cardápio agora'}).`);
    const complementos = linha.complementos.map((c) => {
      const grupo = item.complementos.find((g) => g.nome === c.grupo);
      const opcao = grupo?.opcoes.find((o) => o.descricao === c.descricao);
      if (!grupo || !opcao) throw new PedidoQrRecusado(`Item ${n + 1}: ${item.descricao} não tem a opção "${c.descricao}" em "${c.grupo}".`);
      if (!opcao.disponivel) throw new PedidoQrRecusado(`Item ${n + 1}: a opção ${opcao.descricao} de ${item.descricao} está indisponível.`);
      return { grupo: grupo.nome, descricao: opcao.descricao, precoAdicional: opcao.precoAdicional };
    });
    for (const g of item.complementos) {
      const escolhidas = complementos.filter((c) => c.grupo === g.nome).length;
      if (escolhidas < g.minimo) throw new PedidoQrRecusado(`Item ${n + 1}: escolha pelo menos ${g.minimo} em "${g.nome}" de ${item.descricao}.`);
      if (g.maximo > 0 && escolhidas > g.maximo) throw new PedidoQrRecusado(`Item ${n + 1}: no máximo ${g.maximo} em "${g.nome}" de ${item.descricao}.`);
    }
    const precoUnitario = item.preco + complementos.reduce((s, c) => s + c.precoAdicional, 0);
    return { produto: item.produto, descricao: item.descricao, quantidade: linha.quantidade, precoUnitario, complementos, observacao: linha.observacao || null, total: precoUnitario * linha.quantidade };
  });
  const subtotal = itens.reduce((s, i) => s + i.total, 0);
  const taxaServico = percentualDe(subtotal, taxaServicoPercentual);
  return { itens, subtotal, taxaServico, total: subtotal + taxaServico };
}
