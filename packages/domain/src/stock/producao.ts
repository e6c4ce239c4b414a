import { z } from 'zod';
import { escolhido, observacaoOpcional, textoOpcional } from './campos.ts';
import { decimalExato } from '../shared/decimalExato.ts';
import { CASAS_CUSTO, CASAS_ESTOQUE, qtd, textoCusto } from './custoMedio.ts';

/**
 * Production orders (estoqueProducaoProdutos): a product with a recipe sheet made in the kitchen from
 * its ingredients. An order is planned, started, and finished (or cancelled while nothing was
 * posted); each posting (apontamento) of what was produced consumes the ingredients by the recipe and
 * adds the product at their cost, and may go to another store of the group (central kitchen).
 */
export const statusProducao = ['planejada', 'iniciada', 'finalizada', 'cancelada'] as const;
export type StatusProducao = (typeof statusProducao)[number];
export const rotulosStatusProducao: Record<StatusProducao, string> = {
  planejada: 'Planejada',
  iniciada: 'Iniciada',
  finalizada: 'Finalizada',
  cancelada: 'Cancelada',
};

const quantidade = decimalExato({ casas: CASAS_ESTOQUE, acimaDe: '0', max: '99999999', rotulo: 'a quantidade' });

const campos = {
  produto: escolhido('o produto'),
  /** In `unidade` when given (converted by the product's estoqueProdutoFatorConversao), else the product's stock unit. */
  quantidade,
  unidade: textoOpcional,
  /** Where the ingredients come from (a location of the session's company). */
  localOrigem: escolhido('o local dos ingredientes'),
  /** Where the product is put (a location of the session's company). */
  localDestino: escolhido('o local que recebe o produto'),
  dataPlanejada: z.iso.date({ error: 'Informe a data planejada (dd/mm/aaaa).' }),
  observacao: observacaoOpcional,
  /** Central kitchen: another store of the group the product goes to at each posting. */
  empresaDestino: textoOpcional,
  /** That store's location; none: its sales location (or its first active one). */
  localEmpresaDestino: textoOpcional,
};
const semLocalSemLoja = (d: { empresaDestino: string | null; localEmpresaDestino: string | null }) => !d.localEmpresaDestino || Boolean(d.empresaDestino);
const mensagemSemLoja = { path: ['localEmpresaDestino'], message: 'Escolha antes a loja de destino.' };

/** A new production order. */
export const producaoSchema = z.object(campos).refine(semLocalSemLoja, mensagemSemLoja);
export type NovaProducao = z.infer<typeof producaoSchema>;

/** A planned order changed (only while planejada), with the version read. */
export const edicaoProducaoSchema = z
  .object({ ...campos, version: z.number({ error: 'Informe a versão lida.' }).int() })
  .refine(semLocalSemLoja, mensagemSemLoja);
export type EdicaoProducao = z.infer<typeof edicaoProducaoSchema>;

/** An ingredient actually consumed in another quantity than the recipe's (0: not used), in its stock unit. */
const consumoSchema = z.object({
  produto: escolhido('o ingrediente'),
  quantidade: decimalExato({ casas: CASAS_ESTOQUE, min: '0', max: '99999999', rotulo: 'a quantidade consumida' }),
});
const consumos = z.array(consumoSchema, { error: 'Informe os consumos como uma lista.' }).max(500, 'No máximo 500 ingredientes.').default([]);

/** A posting: what was produced now (partial or the rest), optionally the actual consumption, and whether it finishes the order. */
export const apontamentoSchema = z.object({
  quantidade,
  unidade: textoOpcional,
  consumos,
  finalizar: z.boolean({ error: 'Finalizar: sim ou não.' }).default(false),
  observacao: observacaoOpcional,
});
export type ApontamentoNovo = z.infer<typeof apontamentoSchema>;

/** The ingredients a quantity of a product takes from a location, before any order exists. */
export const previaProducaoSchema = z.object({
  produto: campos.produto,
  quantidade,
  unidade: textoOpcional,
  localOrigem: campos.localOrigem,
  consumos,
});
export type PreviaProducaoPedido = z.infer<typeof previaProducaoSchema>;

/** The preview of a posting on an order: the quantity (and actual consumption) about to be posted. */
export const previaApontamentoSchema = z.object({ quantidade, unidade: textoOpcional, consumos });

export const motivoProducaoSchema = z.object({
  motivo: z.string({ error: 'Informe o motivo.' }).trim().min(3, 'Informe o motivo (ao menos 3 letras).').max(300, 'No máximo 300 caracteres.'),
});

/** Cancelling an order: the reason is optional. */
export const cancelamentoProducaoSchema = z.object({
  motivo: z.string().trim().max(300, 'No máximo 300 caracteres.').nullish().transform((v) => v || null),
});

/**
 * The unit cost of what a posting produced: the value consumed (whole centavos, the sum of the
 * ingredients' ledger values) ÷ the quantity produced, in centavos with 4 places, half away from zero.
 * The production's value (quantity × this cost, rounded to the centavo) equals the value consumed
 * whenever fewer than 10,000 units are produced at once.
 */
export function custoUnitarioDaProducao(valorConsumido: number, quantidade: string): string {
  const q = qtd(quantidade);
  if (q <= 0n) return textoCusto(0n);
  const n = BigInt(valorConsumido) * 10n ** BigInt(CASAS_CUSTO + CASAS_ESTOQUE);
  const negativo = n < 0n;
  const x = negativo ? -n : n;
  const r = (x * 2n + q) / (2n * q);
  return textoCusto(negativo ? -r : r);
}

export const filtroProducaoSchema = z
  .object({
    status: z.array(z.enum(statusProducao, { error: 'Situação desconhecida.' })).optional(),
    de: z.iso.date({ error: 'Use aaaa-mm-dd.' }).optional(),
    ate: z.iso.date({ error: 'Use aaaa-mm-dd.' }).optional(),
    produto: z.string().trim().min(1).optional(),
    limite: z.number().int().min(1).max(1000).optional(),
  })
  .refine((f) => !f.de || !f.ate || f.de <= f.ate, { path: ['ate'], message: 'O fim do período é anterior ao início.' });
export type FiltroProducao = z.infer<typeof filtroProducaoSchema>;

/** Labels of the fields, for messages that name them ('Ingrediente 2, quantidade consumida: …'). */
export function rotuloCampoProducao(caminho: string): string {
  const consumo = /^consumos\.(\d+)\.(\w+)$/.exec(caminho);
  if (consumo) return `Ingrediente ${Number(consumo[1]) + 1}, ${consumo[2] === 'produto' ? 'produto' : 'quantidade consumida'}`;
  const rotulos: Record<string, string> = {
    produto: 'Produto',
    quantidade: 'Quantidade',
    unidade: 'Unidade',
    localOrigem: 'Local dos ingredientes',
    localDestino: 'Local do produto',
    dataPlanejada: 'Data planejada',
    observacao: 'Observação',
    empresaDestino: 'Loja de destino',
    localEmpresaDestino: 'Local na loja de destino',
    consumos: 'Consumos',
    finalizar: 'Finalizar',
    motivo: 'Motivo',
    version: 'Versão',
    status: 'Situação',
    de: 'De',
    ate: 'Até',
    limite: 'Limite',
  };
  return rotulos[caminho.split('.')[0]!] ?? caminho;
}

/** An ingredient of a preview or a posting: quantities in its stock unit, costs in centavos with 4 places, values in centavos. */
export interface IngredienteProducao {
  produto: string;
  codigo: string | null;
  descricao: string | null;
  unidade: string | null;
  /** What the recipe asks for this quantity. */
  receita: string;
  /** What is consumed (the recipe's, or the actual one typed). */
  quantidade: string;
  /** Balance in the ingredients' location now. */
  saldo: string;
  /** What the location lacks (0 when enough). */
  falta: string;
  custoMedio: string;
  valor: number;
  /** An ingredient with a recipe of its own whose stock the company controls: consumed from the shelf, not exploded. */
  intermediario: boolean;
}

/** What producing a quantity takes: the ingredients, their shortages and the cost of what is produced. */
export interface PreviaProducao {
  produto: string;
  descricao: string | null;
  unidade: string | null;
  /** In the product's stock unit. */
  quantidade: string;
  ingredientes: IngredienteProducao[];
  /** Sum of the ingredients' values, in centavos. */
  custoTotal: number;
  /** custoTotal ÷ quantidade, centavos with 4 places. */
  custoUnitario: string;
  /** Ingredients short in the location. */
  faltas: number;
  /** Whether the company lets stock go below zero (else a posting with shortages is refused). */
  permiteNegativo: boolean;
}

export interface ConsumoApontado {
  produto: string;
  descricao: string | null;
  unidade: string | null;
  quantidade: string;
  custoUnitario: string;
  valor: number;
}

export interface ApontamentoProducao {
  _id: string;
  numero: number;
  quantidade: string;
  custoUnitario: string;
  valor: number;
  ocorridoEm: string;
  usuario: string | null;
  observacao: string | null;
  finalizou: boolean;
  consumos: ConsumoApontado[];
  estornadoEm: string | null;
  estornadoPor: string | null;
  motivoEstorno: string | null;
}

/** A row of the orders' list. */
export interface ProducaoListada {
  _id: string;
  numero: number;
  status: StatusProducao;
  produto: string;
  codigo: string | null;
  descricao: string | null;
  unidade: string | null;
  /** In the product's stock unit. */
  quantidadePlanejada: string;
  quantidadeProduzida: string;
  /** Value of what was produced (postings not reversed), centavos. */
  valorProduzido: number;
  dataPlanejada: string;
  localOrigem: string;
  localOrigemDescricao: string | null;
  localDestino: string;
  localDestinoDescricao: string | null;
  empresaDestino: string | null;
  empresaDestinoNome: string | null;
  localEmpresaDestino: string | null;
  localEmpresaDestinoDescricao: string | null;
  criadoPor: string | null;
  criadoEm: string;
}

export interface DetalheProducao extends ProducaoListada {
  version: number;
  observacao: string | null;
  /** As typed: the quantity in `unidadeInformada` (null: the stock unit). */
  quantidadeInformada: string;
  unidadeInformada: string | null;
  unidadeInformadaSigla: string | null;
  iniciadaEm: string | null;
  finalizadaEm: string | null;
  canceladaEm: string | null;
  motivoCancelamento: string | null;
  apontamentos: ApontamentoProducao[];
}
