import { z } from 'zod';
import { escolhido } from './campos.ts';
import { decimalExato } from '../shared/decimalExato.ts';
import { CASAS_CUSTO, CASAS_ESTOQUE } from './custoMedio.ts';

/**
 * The kinds of stock movement, each a row of the append-only ledger. `custoProprio`: the movement brings
 * its own unit cost (and so changes the average); every other one moves stock at the average.
 */
export const tiposMovimento = {
  entrada: { rotulo: 'Entrada', custoProprio: true },
  saidaVenda: { rotulo: 'Saída por venda', custoProprio: false },
  saidaManual: { rotulo: 'Saída manual', custoProprio: false },
  ajusteInventario: { rotulo: 'Ajuste de inventário', custoProprio: false },
  transferencia: { rotulo: 'Transferência', custoProprio: false },
  producaoConsumo: { rotulo: 'Produção: consumo', custoProprio: false },
  producao: { rotulo: 'Produção', custoProprio: true },
  estorno: { rotulo: 'Estorno', custoProprio: false },
} as const;
export type TipoMovimento = keyof typeof tiposMovimento;
export const listaTiposMovimento = Object.keys(tiposMovimento) as TipoMovimento[];

/** The documents that move stock by hand (each a screen), and what they are called. */
export const tiposDocumentoEstoque = {
  entradaManual: 'Entrada avulsa',
  saidaManual: 'Saída manual',
  transferenciaLocal: 'Transferência entre locais',
} as const;
export type TipoDocumentoEstoque = keyof typeof tiposDocumentoEstoque;

export const motivosSaidaManual = ['Perda', 'Desperdício', 'Vencimento', 'Quebra', 'Consumo interno', 'Degustação', 'Outro'] as const;

const quantidade = decimalExato({ casas: CASAS_ESTOQUE, acimaDe: '0', max: '99999999', rotulo: 'a quantidade' });
const custoUnitario = decimalExato({ casas: CASAS_CUSTO, min: '0', max: '9999999999', rotulo: 'o custo unitário' });
/** Business time: when it happened in the store (may be in the past), ISO 8601 with its offset. */
const quando = z.iso.datetime({ offset: true, error: 'Informe a data e a hora (ISO 8601 com fuso, como 2026-11-23T12:30:00-03:00).' }).nullish();
const observacao = z.string().trim().max(500, 'No máximo 500 caracteres.').nullish();

/** `unidade`: the unit the quantity was typed in when not the product's stock unit (converted by its estoqueProdutoFatorConversao). */
const itemSchema = z.object({ produto: escolhido('o produto'), quantidade, unidade: z.string().trim().min(1).nullish().transform((v) => v || null) });
const itens = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: 'Informe os itens.' }).min(1, 'Informe pelo menos um item.').max(1000, 'No máximo 1.000 itens por documento.');

export const entradaManualSchema = z.object({
  tipo: z.literal('entradaManual'),
  local: escolhido('o local de estoque'),
  ocorridoEm: quando,
  observacao,
  itens: itens(itemSchema.extend({ custoUnitario })),
});

export const saidaManualSchema = z.object({
  tipo: z.literal('saidaManual'),
  local: escolhido('o local de estoque'),
  ocorridoEm: quando,
  motivo: z.enum(motivosSaidaManual, { error: 'Escolha o motivo.' }),
  observacao,
  itens: itens(itemSchema),
});

export const transferenciaLocalSchema = z
  .object({
    tipo: z.literal('transferenciaLocal'),
    local: escolhido('o local de origem'),
    destino: escolhido('o local de destino'),
    ocorridoEm: quando,
    observacao,
    itens: itens(itemSchema),
  })
  .refine((d) => d.local !== d.destino, { path: ['destino'], message: 'O destino deve ser outro local.' });

/** A stock document typed by hand: its `tipo` says which. */
export const documentoEstoqueSchema = z.discriminatedUnion('tipo', [entradaManualSchema, saidaManualSchema, transferenciaLocalSchema], {
  error: 'Informe o tipo do documento: entradaManual, saidaManual ou transferenciaLocal.',
});
export type DocumentoEstoque = z.infer<typeof documentoEstoqueSchema>;

/** Labels of the document's fields, for messages that name them ('Item 2, quantidade: …'). */
export function rotuloCampoDocumentoEstoque(caminho: string): string {
  const item = /^itens\.(\d+)\.(\w+)$/.exec(caminho);
  const rotulos: Record<string, string> = {
    tipo: 'Tipo',
    local: 'Local de estoque',
    destino: 'Local de destino',
    ocorridoEm: 'Data',
    motivo: 'Motivo',
    observacao: 'Observação',
    itens: 'Itens',
    produto: 'produto',
    quantidade: 'quantidade',
    custoUnitario: 'custo unitário',
    unidade: 'unidade',
  };
  if (item) return `Item ${Number(item[1]) + 1}, ${rotulos[item[2]!] ?? item[2]}`;
  return rotulos[caminho] ?? caminho;
}
