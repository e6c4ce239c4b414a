import { z } from 'zod';
import { escolhido, observacaoOpcional } from './campos.ts';
import { decimalExato } from '../shared/decimalExato.ts';
import { CASAS_ESTOQUE, qtd } from './custoMedio.ts';

/**
 * Transfers between stores (estoqueTransferenciaLojas) and the requests that lead to them
 * (estoquePedidoTransferencia / solicitacaoPedidoTransferencia, one page with two views).
 * A transfer: rascunho → enviada (in transit) → recebida, or cancelada (a draft, or a sent one reversed).
 * A request: solicitado → aprovado (whole or in part) → enviado → recebido, or recusado / cancelado.
 */
export const statusTransferenciaLojas = ['rascunho', 'enviada', 'recebida', 'cancelada'] as const;
export type StatusTransferenciaLojas = (typeof statusTransferenciaLojas)[number];
export const rotulosStatusTransferenciaLojas: Record<StatusTransferenciaLojas, string> = {
  rascunho: 'Rascunho',
  enviada: 'Em trânsito',
  recebida: 'Recebida',
  cancelada: 'Cancelada',
};

export const statusPedidoTransferencia = ['solicitado', 'aprovado', 'enviado', 'recebido', 'recusado', 'cancelado'] as const;
export type StatusPedidoTransferencia = (typeof statusPedidoTransferencia)[number];
export const rotulosStatusPedidoTransferencia: Record<StatusPedidoTransferencia, string> = {
  solicitado: 'Aguardando aprovação',
  aprovado: 'Aprovado',
  enviado: 'Enviado',
  recebido: 'Recebido',
  recusado: 'Recusado',
  cancelado: 'Cancelado',
};

const quantidade = (rotulo: string) => decimalExato({ casas: CASAS_ESTOQUE, acimaDe: '0', max: '99999999', rotulo });
const quantidadeOuZero = (rotulo: string) => decimalExato({ casas: CASAS_ESTOQUE, min: '0', max: '99999999', rotulo });
const linha = z.number({ error: 'Informe a linha.' }).int('Linha inválida.').min(0, 'Linha inválida.');
const itens = <T extends z.ZodType>(item: T, rotulo: string) =>
  z.array(item, { error: `Informe ${rotulo} como uma lista.` }).min(1, `Informe ao menos um item.`).max(500, 'No máximo 500 itens.');
const linhaProduto = z.object({ produto: escolhido('o produto'), quantidade: quantidade('a quantidade') });

/** Products repeated in a list of lines: the index of each repetition (a 400 names it). */
export function linhasRepetidas(linhas: readonly { produto: string }[]): number[] {
  const vistos = new Set<string>();
  return linhas.flatMap((l, i) => (vistos.has(l.produto) ? [i] : (vistos.add(l.produto), [])));
}

/** A transfer typed by hand in the sending store (the session's company): a draft, or sent at once. */
export const transferenciaLojasSchema = z.object({
  empresaDestino: escolhido('a loja de destino'),
  localOrigem: escolhido('o local de origem'),
  observacao: observacaoOpcional,
  enviar: z.boolean().nullish().transform((v) => v ?? false),
  itens: itens(linhaProduto, 'os itens'),
});
export type NovaTransferenciaLojas = z.infer<typeof transferenciaLojasSchema>;

/** A draft rewritten whole, with the version read (a change in between is a 409); enviar sends it too. */
export const edicaoTransferenciaLojasSchema = transferenciaLojasSchema.extend({ version: z.number({ error: 'Informe a versão lida.' }).int('Versão inválida.') });
export type EdicaoTransferenciaLojas = z.infer<typeof edicaoTransferenciaLojasSchema>;

/** The receipt in the destination store: the location and, per line left out, what was sent arrived. */
export const recebimentoTransferenciaSchema = z.object({
  local: escolhido('o local de destino'),
  observacao: observacaoOpcional,
  itens: z
    .array(z.object({ linha, quantidadeRecebida: quantidadeOuZero('a quantidade recebida') }), { error: 'Informe os itens como uma lista.' })
    .max(500, 'No máximo 500 itens.')
    .nullish()
    .transform((v) => v ?? []),
});
export type RecebimentoTransferencia = z.infer<typeof recebimentoTransferenciaSchema>;

export const motivoTransferenciaSchema = z.object({ motivo: z.string({ error: 'Informe o motivo.' }).trim().min(3, 'Informe o motivo (ao menos 3 letras).').max(300, 'No máximo 300 caracteres.') });

export const filtroTransferenciaLojasSchema = z.object({
  direcao: z.enum(['enviadas', 'recebidas'], { error: 'Direção inválida.' }).nullish(),
  status: z.enum(statusTransferenciaLojas, { error: 'Situação inválida.' }).nullish(),
  limite: z.number().int().min(1).max(1000).nullish(),
});

/** A request from the session's store to another store of the group (the central kitchen). */
export const solicitacaoTransferenciaSchema = z.object({
  empresaFornecedora: escolhido('a loja que vai atender'),
  origem: z.enum(['manual', 'reposicao']).nullish().transform((v) => v ?? 'manual'),
  observacao: observacaoOpcional,
  itens: itens(linhaProduto, 'os itens'),
});
export type SolicitacaoTransferencia = z.infer<typeof solicitacaoTransferenciaSchema>;

const justificativa = z.string().trim().max(200, 'No máximo 200 caracteres.').nullish().transform((v) => v || null);

/** The supplying store's decision: lines left out are approved as asked; a different quantity says why. */
export const aprovacaoPedidoTransferenciaSchema = z.object({
  itens: z
    .array(
      z.object({
        linha,
        quantidadeAprovada: quantidadeOuZero('a quantidade aprovada'),
        justificativa,
      }),
      { error: 'Informe os itens como uma lista.' },
    )
    .max(500, 'No máximo 500 itens.')
    .nullish()
    .transform((v) => v ?? []),
});
export type AprovacaoPedidoTransferencia = z.infer<typeof aprovacaoPedidoTransferenciaSchema>;

/** The picking: the location it leaves from and, per line left out, what was approved goes. */
export const envioPedidoTransferenciaSchema = z.object({
  localOrigem: escolhido('o local de onde sai'),
  itens: z
    .array(z.object({ linha, quantidadeEnviada: quantidadeOuZero('a quantidade enviada'), justificativa }), { error: 'Informe os itens como uma lista.' })
    .max(500, 'No máximo 500 itens.')
    .nullish()
    .transform((v) => v ?? []),
});
export type EnvioPedidoTransferencia = z.infer<typeof envioPedidoTransferenciaSchema>;

export const filtroPedidoTransferenciaSchema = z.object({
  status: z.enum(statusPedidoTransferencia, { error: 'Situação inválida.' }).nullish(),
  limite: z.number().int().min(1).max(1000).nullish(),
});

/** What a step decides per line: the quantity (approved, or sent) and, when it differs from the base, why. */
interface DecisaoDeLinha {
  linha: number;
  quantidade: string;
  justificativa: string | null;
}
interface TextosDaDecisao {
  /** "no pedido" / "no envio"… */
  naoExiste: string;
  repetida: string;
  mais: string;
  menos: string;
  nada: string;
}

/**
 * Each line's quantity after a step: the base's unless a decision names the line; a quantity other than
 * the base (less, or more) without a reason is refused with the line's field and message.
 */
function aplicarDecisao(base: readonly string[], decisao: readonly DecisaoDeLinha[], campo: string, textos: TextosDaDecisao) {
  const erros: Record<string, string> = {};
  const linhas = base.map((q) => ({ quantidade: q, justificativa: null as string | null }));
  const vistas = new Set<number>();
  decisao.forEach((d, n) => {
    const q = base[d.linha];
    if (q === undefined) return void (erros[`itens.${n}.linha`] ??= textos.naoExiste);
    if (vistas.has(d.linha)) return void (erros[`itens.${n}.linha`] ??= textos.repetida);
    vistas.add(d.linha);
    const diferenca = qtd(d.quantidade) - qtd(q);
    if (diferenca !== 0n && !d.justificativa) erros[`itens.${n}.justificativa`] ??= diferenca > 0n ? textos.mais : textos.menos;
    linhas[d.linha] = { quantidade: d.quantidade, justificativa: diferenca === 0n ? null : d.justificativa };
  });
  if (!Object.keys(erros).length && linhas.every((l) => qtd(l.quantidade) === 0n)) erros[campo] = textos.nada;
  return { linhas, erros };
}

/** Each line's approved quantity: as asked unless a decision names the line; a different quantity says why. */
export function aplicarAprovacao(
  pedidas: readonly { quantidade: string }[],
  decisao: AprovacaoPedidoTransferencia['itens'],
): { linhas: { quantidadeAprovada: string; justificativa: string | null }[]; erros: Record<string, string> } {
  const { linhas, erros } = aplicarDecisao(
    pedidas.map((l) => l.quantidade),
    decisao.map((d) => ({ linha: d.linha, quantidade: d.quantidadeAprovada, justificativa: d.justificativa })),
    'itens',
    {
      naoExiste: 'Esta linha não existe no pedido.',
      repetida: 'Linha repetida na aprovação.',
      mais: 'Aprovar mais do que foi pedido exige dizer por quê.',
      menos: 'Aprovar menos do que foi pedido exige dizer por quê.',
      nada: 'Nada foi aprovado: para não atender, recuse o pedido.',
    },
  );
  return { linhas: linhas.map((l) => ({ quantidadeAprovada: l.quantidade, justificativa: l.justificativa })), erros };
}

/**
 * Each line's quantity sent: as approved unless the picking names the line (short of stock, or a bigger
 * pack); a quantity other than the approved one says why, and something must go.
 */
export function aplicarEnvio(aprovadas: readonly string[], decisao: EnvioPedidoTransferencia['itens']) {
  return aplicarDecisao(
    aprovadas,
    decisao.map((d) => ({ linha: d.linha, quantidade: d.quantidadeEnviada, justificativa: d.justificativa })),
    'itens',
    {
      naoExiste: 'Esta linha não existe no pedido.',
      repetida: 'Linha repetida no envio.',
      mais: 'Enviar mais do que foi aprovado exige dizer por quê.',
      menos: 'Enviar menos do que foi aprovado exige dizer por quê.',
      nada: 'Nada a enviar: para não atender, recuse o pedido.',
    },
  );
}

/** The replenishment list of the session's store: below the minimum, up to the minimum or to the maximum (par level). */
export const listaReposicaoSchema = z.object({
  ate: z.enum(['minimo', 'maximo'], { error: 'Escolha repor até o mínimo ou até o máximo.' }).nullish().transform((v) => v ?? 'maximo'),
});

/** The field a path names, in Portuguese (for the 400's message). */
export function rotuloCampoTransferenciaLojas(caminho: string): string {
  const item = /^itens\.(\d+)\.(\w+)$/.exec(caminho);
  const rotulosItem: Record<string, string> = { produto: 'produto', quantidade: 'quantidade', linha: 'linha', quantidadeRecebida: 'quantidade recebida', quantidadeAprovada: 'quantidade aprovada', quantidadeEnviada: 'quantidade enviada', justificativa: 'justificativa' };
  if (item) return `Item ${Number(item[1]) + 1}, ${rotulosItem[item[2]!] ?? item[2]}`;
  const rotulos: Record<string, string> = {
    empresaDestino: 'Loja de destino',
    empresaFornecedora: 'Loja que atende',
    localOrigem: 'Local de origem',
    local: 'Local de destino',
    observacao: 'Observação',
    itens: 'Itens',
    motivo: 'Motivo',
    status: 'Situação',
    direcao: 'Direção',
    ate: 'Repor até',
    origem: 'Origem',
    enviar: 'Enviar',
    version: 'Versão',
  };
  return rotulos[caminho] ?? caminho;
}

const dataFiltro = z.iso.date({ error: 'Use aaaa-mm-dd.' });
/**
 * relatorioEstoqueTransferencia: the transfers the session's store sent or received, dated by their
 * sending (a draft by its creation), by direction, the other store, state, and only those with divergences.
 */
export const filtroRelatorioTransferenciaSchema = z
  .object({
    de: dataFiltro,
    ate: dataFiltro,
    direcao: z.enum(['enviadas', 'recebidas'], { error: 'Use enviadas ou recebidas.' }).optional(),
    loja: z.string().trim().max(64, 'Identificador inválido.').optional().transform((v) => v || undefined),
    status: z.array(z.enum(statusTransferenciaLojas, { error: 'Situação desconhecida.' }), { error: 'Informe uma lista de situações.' }).max(statusTransferenciaLojas.length).optional(),
    soDivergencias: z.boolean({ error: 'Use verdadeiro ou falso.' }).optional(),
  })
  .refine((f) => f.de <= f.ate, { path: ['ate'], message: 'O fim do período é anterior ao início.' });
export type FiltroRelatorioTransferencia = z.infer<typeof filtroRelatorioTransferenciaSchema>;
export const rotulosFiltroRelatorioTransferencia: Record<string, string> = { de: 'De', ate: 'Até', direcao: 'Direção', loja: 'Loja', status: 'Situação', soDivergencias: 'Só divergências' };

/** One transfer in the report; values in centavos. */
export interface LinhaRelatorioTransferencia {
  _id: string;
  numero: number;
  data: string;
  direcao: 'enviada' | 'recebida';
  empresaOrigemNome: string | null;
  empresaDestinoNome: string | null;
  status: StatusTransferenciaLojas;
  linhas: number;
  valor: number;
  valorRecebido: number | null;
  /** Received − sent, valued (negative: missing). */
  valorDivergencia: number | null;
  linhasDivergentes: number;
  pedidoNumero: number | null;
}
export interface RelatorioTransferencia {
  linhas: LinhaRelatorioTransferencia[];
  truncado: boolean;
  totais: { transferencias: number; valor: number; valorRecebido: number; valorDivergencia: number; emTransito: number; comDivergencia: number };
  /** Per route (origin → destination), for the chart. */
  porRota: { origem: string | null; destino: string | null; transferencias: number; valor: number; valorDivergencia: number }[];
}
