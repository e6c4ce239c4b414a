import { z } from 'zod';
import { canaisVenda } from '../resources/registration/canais.ts';
import { decimalExato } from '../shared/decimalExato.ts';
import { reais } from '../shared/dinheiro.ts';
import { conferirChaveAcesso, normalizarChaveAcesso } from '../documents/chaveAcesso.ts';

/**
 * A closed order (pedido) as a terminal sends it to POST /api/vendas. The terminal's own order id
 * (pedidoId) makes the call idempotent; money is integer centavos, quantities exact decimals with
 * three places (a weighed item: '0.485' kg).
 */
export const CASAS_QUANTIDADE = 3;
export const statusDocumentoFiscal = ['autorizada', 'contingencia', 'cancelada', 'rejeitada', 'pendente'] as const;

const centavos = (rotulo: string) =>
  z.number({ error: `Informe ${rotulo} em centavos.` }).int(`Informe ${rotulo} em centavos (número inteiro).`).min(0, `${rotulo.charAt(0).toUpperCase()}${rotulo.slice(1)} não pode ser negativo.`);
const id = (rotulo: string) => z.string({ error: `Informe ${rotulo}.` }).trim().min(1, `Informe ${rotulo}.`).max(64);
const idOpcional = z.string().trim().min(1).max(64).nullable().default(null);
const instante = (rotulo: string) => z.iso.datetime({ offset: true, error: `Informe ${rotulo} em ISO 8601 com fuso (2026-11-23T12:30:00-03:00).` });
const quantidade = decimalExato({ casas: CASAS_QUANTIDADE, min: '0.001', max: '99999', rotulo: 'a quantidade' });

const cancelamentoItem = z.object({
  usuario: id('quem cancelou'),
  motivo: z.string({ error: 'Informe o motivo do cancelamento.' }).trim().min(1, 'Informe o motivo do cancelamento.').max(200),
  em: instante('quando foi cancelado'),
});

export const modificadorVendaSchema = z.object({
  descricao: z.string({ error: 'Informe a descrição do complemento.' }).trim().min(1, 'Informe a descrição do complemento.').max(120),
  produto: idOpcional,
  quantidade: quantidade.default('1'),
  precoUnitario: centavos('o preço do complemento').default(0),
});

export const itemVendaSchema = z.object({
  produto: id('o produto'),
  quantidade,
  precoUnitario: centavos('o preço unitário'),
  desconto: centavos('o desconto do item').default(0),
  descontoMotivo: idOpcional,
  modificadores: z.array(modificadorVendaSchema).default([]),
  observacao: z.string().trim().max(200).nullable().default(null),
  /** A cancelled item stays on the sale (who and why), out of its totals. */
  cancelado: cancelamentoItem.nullable().default(null),
  /** Fiscal codes of the item; when the terminal omits them, ingestion takes the product's configuracaoImposto in the company. */
  cfop: z.string().trim().regex(/^\d{4}$/, 'O CFOP tem 4 dígitos (5102, 5405…).').nullable().default(null),
  cst: z.string().trim().regex(/^\d{2,3}$/, 'CST (2 ou 3 dígitos) ou CSOSN (3 dígitos): 00, 060, 102, 500…').nullable().default(null),
});

/** An item moved between tables or comandas before the sale closed (a manager watches who moves what). */
export const transferenciaVendaSchema = z.object({
  item: z.number({ error: 'Informe o item (posição em itens, a partir de 0).' }).int('Informe o item (posição em itens, a partir de 0).').min(0, 'Informe o item (posição em itens, a partir de 0).'),
  deMesa: z.string({ error: 'Informe a mesa de origem.' }).trim().min(1, 'Informe a mesa de origem.').max(20),
  paraMesa: z.string({ error: 'Informe a mesa de destino.' }).trim().min(1, 'Informe a mesa de destino.').max(20),
  usuario: id('quem transferiu'),
  motivo: z.string().trim().max(200).nullable().default(null),
  em: instante('quando foi transferido'),
});

export const pagamentoVendaSchema = z.object({
  formaPagamento: id('a forma de pagamento'),
  /** NFC-e tPag (DOMAIN.md): 01 dinheiro, 03 crédito, 04 débito, 17 PIX… */
  tPag: z.string({ error: 'Informe o tPag.' }).regex(/^\d{2}$/, 'O tPag tem 2 dígitos (01 dinheiro, 03 crédito, 17 PIX…).'),
  bandeira: idOpcional,
  operadora: idOpcional,
  parcelas: z.number().int('Parcelas: número inteiro.').min(1, 'Pelo menos 1 parcela.').max(99).default(1),
  valor: centavos('o valor pago'),
  troco: centavos('o troco').default(0),
  autorizacao: z.string().trim().max(40).nullable().default(null),
});

export const documentoFiscalVendaSchema = z
  .object({
    modelo: z.enum(['65', '55'], { error: 'Modelo 65 (NFC-e) ou 55 (NF-e).' }),
    // Letters may come in the issuer's CNPJ (alphanumeric since July 2026): kept uppercase, without spaces.
    chave: z.string({ error: 'Informe a chave de acesso.' }).transform(normalizarChaveAcesso),
    numero: z.number().int().min(1, 'Informe o número do documento.'),
    serie: z.number().int().min(0).max(999),
    status: z.enum(statusDocumentoFiscal, { error: `Status: ${statusDocumentoFiscal.join(', ')}.` }),
  })
  .superRefine((d, ctx) => {
    const erro = conferirChaveAcesso(d.chave, { modelo: d.modelo, serie: d.serie, numero: d.numero });
    if (erro) ctx.addIssue({ code: 'custom', path: ['chave'], message: erro });
  });

export const vendaSchema = z.object({
  pedidoId: z.string({ error: 'Informe o pedidoId (o id do pedido no terminal).' }).trim().min(1, 'Informe o pedidoId (o id do pedido no terminal).').max(80),
  periodo: idOpcional,
  canal: z.enum(canaisVenda, { error: `Canal: ${canaisVenda.join(', ')}.` }),
  mesa: z.string().trim().max(20).nullable().default(null),
  garcom: idOpcional,
  /** The user who closed the sale at the terminal. */
  operador: idOpcional,
  entregador: idOpcional,
  cliente: idOpcional,
  abertoEm: instante('a abertura do pedido'),
  fechadoEm: instante('o fechamento do pedido'),
  itens: z.array(itemVendaSchema, { error: 'Informe os itens.' }).min(1, 'A venda precisa de pelo menos um item.').max(1000),
  pagamentos: z.array(pagamentoVendaSchema, { error: 'Informe os pagamentos.' }).max(50).default([]),
  desconto: centavos('o desconto da venda').default(0),
  descontoMotivo: idOpcional,
  /** The service fee (Gorjeta product in PRODUCT.md). */
  taxaServico: centavos('a taxa de serviço').default(0),
  taxaEntrega: centavos('a taxa de entrega').default(0),
  cupom: z.string().trim().max(40).nullable().default(null),
  documentoFiscal: documentoFiscalVendaSchema.nullable().default(null),
  transferencias: z.array(transferenciaVendaSchema, { error: 'Informe as transferências como lista.' }).max(500).default([]),
  /** What the terminal charged; must match what the items, fees and discounts add up to. */
  total: centavos('o total'),
});
export type Venda = z.infer<typeof vendaSchema>;
export type ItemVenda = z.infer<typeof itemVendaSchema>;
export type TransferenciaVenda = z.infer<typeof transferenciaVendaSchema>;

/** quantidade × preço in centavos, rounded half up (the quantity has CASAS_QUANTIDADE places). */
export function valorDe(quantidadeTexto: string, precoCentavos: number): number {
  const escala = 10n ** BigInt(CASAS_QUANTIDADE);
  const [inteira, fracao = ''] = quantidadeTexto.split('.');
  const q = BigInt(inteira! + fracao.padEnd(CASAS_QUANTIDADE, '0'));
  const bruto = q * BigInt(precoCentavos);
  return Number((bruto + escala / 2n) / escala);
}

/** Gross value of an item with its modifiers (each modifier counted per unit of the item). */
export function brutoDoItem(item: ItemVenda): number {
  const modificadores = item.modificadores.reduce((s, m) => s + valorDe(m.quantidade, m.precoUnitario), 0);
  return valorDe(item.quantidade, item.precoUnitario + modificadores);
}

export interface TotaisVenda {
  /** Items not cancelled, before item discounts. */
  bruto: number;
  descontoItens: number;
  subtotal: number;
  total: number;
  pago: number;
  troco: number;
  itensCancelados: number;
  valorCancelado: number;
}

export function totaisDaVenda(venda: Venda): TotaisVenda {
  let bruto = 0;
  let descontoItens = 0;
  let itensCancelados = 0;
  let valorCancelado = 0;
  for (const item of venda.itens) {
    const valor = brutoDoItem(item);
    if (item.cancelado) {
      itensCancelados++;
      valorCancelado += valor - item.desconto;
      continue;
    }
    bruto += valor;
    descontoItens += item.desconto;
  }
  const subtotal = bruto - descontoItens;
  const total = subtotal - venda.desconto + venda.taxaServico + venda.taxaEntrega;
  const pago = venda.pagamentos.reduce((s, p) => s + p.valor, 0);
  const troco = venda.pagamentos.reduce((s, p) => s + p.troco, 0);
  return { bruto, descontoItens, subtotal, total, pago, troco, itensCancelados, valorCancelado };
}

/** Rules across fields: each broken one names its field, as the engine's `regras` do. */
export function conferirVenda(venda: Venda): { campo: string; mensagem: string }[] {
  const erros: { campo: string; mensagem: string }[] = [];
  venda.itens.forEach((item, i) => {
    if (item.desconto > brutoDoItem(item)) erros.push({ campo: `itens.${i}.desconto`, mensagem: 'O desconto do item é maior que o valor do item.' });
    if (item.desconto > 0 && !item.descontoMotivo) erros.push({ campo: `itens.${i}.descontoMotivo`, mensagem: 'Informe o motivo do desconto.' });
  });
  venda.transferencias.forEach((tr, i) => {
    if (tr.item >= venda.itens.length) erros.push({ campo: `transferencias.${i}.item`, mensagem: `A venda tem ${venda.itens.length} ${venda.itens.length === 1 ? 'item' : 'itens'} (posições de 0 a ${venda.itens.length - 1}).` });
    if (tr.deMesa === tr.paraMesa) erros.push({ campo: `transferencias.${i}.paraMesa`, mensagem: 'A mesa de destino é a mesma de origem.' });
  });
  if (venda.desconto > 0 && !venda.descontoMotivo) erros.push({ campo: 'descontoMotivo', mensagem: 'Informe o motivo do desconto.' });
  if (Date.parse(venda.fechadoEm) < Date.parse(venda.abertoEm)) erros.push({ campo: 'fechadoEm', mensagem: 'O fechamento é anterior à abertura.' });
  const t = totaisDaVenda(venda);
  if (t.total < 0) erros.push({ campo: 'desconto', mensagem: 'O desconto é maior que o valor da venda.' });
  if (venda.total !== t.total) erros.push({ campo: 'total', mensagem: `O total informado (${reais(venda.total)}) não confere com itens, descontos e taxas (${reais(t.total)}).` });
  if (t.pago - t.troco !== t.total) erros.push({ campo: 'pagamentos', mensagem: `Os pagamentos menos o troco (${reais(t.pago - t.troco)}) não fecham o total (${reais(t.total)}).` });
  return erros;
}

const rotulosVenda: Record<string, string> = {
  pedidoId: 'Pedido',
  periodo: 'Período do caixa',
  canal: 'Canal',
  mesa: 'Mesa',
  garcom: 'Garçom',
  operador: 'Operador',
  entregador: 'Entregador',
  cliente: 'Cliente',
  abertoEm: 'Abertura',
  fechadoEm: 'Fechamento',
  itens: 'Itens',
  pagamentos: 'Pagamentos',
  desconto: 'Desconto',
  descontoMotivo: 'Motivo do desconto',
  taxaServico: 'Taxa de serviço',
  taxaEntrega: 'Taxa de entrega',
  cupom: 'Cupom',
  documentoFiscal: 'Documento fiscal',
  transferencias: 'Transferências',
  total: 'Total',
  // Fields of an item, a payment, a modifier or the fiscal document.
  produto: 'produto',
  quantidade: 'quantidade',
  precoUnitario: 'preço unitário',
  modificadores: 'complementos',
  cancelado: 'cancelamento',
  formaPagamento: 'forma de pagamento',
  tPag: 'tPag',
  bandeira: 'bandeira',
  operadora: 'operadora',
  parcelas: 'parcelas',
  valor: 'valor',
  troco: 'troco',
  chave: 'chave de acesso',
  numero: 'número',
  serie: 'série',
  status: 'status',
  modelo: 'modelo',
  cfop: 'CFOP',
  cst: 'CST/CSOSN',
  // The cancellation of a whole sale.
  usuario: 'Quem cancelou',
  motivo: 'Motivo',
  em: 'Data do cancelamento',
  protocoloCancelamento: 'Protocolo do cancelamento',
};

const rotulosLista: Record<string, string> = { itens: 'Item', pagamentos: 'Pagamento', modificadores: 'complemento', transferencias: 'Transferência' };
/** Inside a transfer the same keys say other things than on the sale ('usuario' is who moved it). */
const rotulosTransferencia: Record<string, string> = { item: 'item', deMesa: 'da mesa', paraMesa: 'para a mesa', usuario: 'quem transferiu', motivo: 'motivo', em: 'quando' };

/** 'itens.0.quantidade' → 'Item 1, quantidade'; 'total' → 'Total': how a message names a field. */
export function rotuloCampoVenda(caminho: string): string {
  const partes = caminho.split('.');
  const nomes: string[] = [];
  for (let i = 0; i < partes.length; i++) {
    const parte = partes[i]!;
    const proxima = partes[i + 1];
    if (proxima !== undefined && /^\d+$/.test(proxima) && rotulosLista[parte]) {
      nomes.push(`${rotulosLista[parte]} ${Number(proxima) + 1}`);
      i++;
    } else nomes.push((partes[0] === 'transferencias' && i > 0 ? rotulosTransferencia[parte] : undefined) ?? rotulosVenda[parte] ?? parte);
  }
  return nomes.join(', ');
}
