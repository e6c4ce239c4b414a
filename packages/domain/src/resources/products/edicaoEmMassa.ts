import { z } from 'zod';
import { centavosParaTexto } from '../../shared/dinheiro.ts';
import { paraEscalado } from '../../shared/decimal.ts';
import { decimalExato } from '../../shared/decimalExato.ts';

/**
 * correcaoProdutos' bulk edit: which fields may be changed on many products at once, where each lives
 * (the group's master or the active company's product) and how a new value is worked out.
 */
export const camposEdicaoEmMassa = {
  ncm: { rotulo: 'NCM', recurso: 'produtoGeral', tipo: 'texto' },
  cest: { rotulo: 'CEST', recurso: 'produtoGeral', tipo: 'texto' },
  origem: { rotulo: 'Origem', recurso: 'produtoGeral', tipo: 'opcao' },
  agrupador: { rotulo: 'Agrupador', recurso: 'produtoGeral', tipo: 'referencia', alvo: 'agrupador' },
  unidade: { rotulo: 'Unidade', recurso: 'produtoGeral', tipo: 'referencia', alvo: 'unidadeMedida' },
  configuracaoImposto: { rotulo: 'Imposto estadual (ICMS)', recurso: 'produtoGeralEmpresa', tipo: 'referencia', alvo: 'configuracaoImposto' },
  impostoFederal: { rotulo: 'PIS/COFINS', recurso: 'produtoGeralEmpresa', tipo: 'referencia', alvo: 'configuracaoImpostoFederal' },
  preco: { rotulo: 'Preço', recurso: 'produtoGeralEmpresa', tipo: 'dinheiro' },
  custo: { rotulo: 'Custo', recurso: 'produtoGeralEmpresa', tipo: 'dinheiro' },
  setorImpressao: { rotulo: 'Setor de impressão', recurso: 'produtoGeralEmpresa', tipo: 'referencia', alvo: 'setorImpressao' },
} as const satisfies Record<string, { rotulo: string; recurso: 'produtoGeral' | 'produtoGeralEmpresa'; tipo: string; alvo?: string }>;

export type CampoEdicaoEmMassa = keyof typeof camposEdicaoEmMassa;
export const nomesCamposEdicaoEmMassa = Object.keys(camposEdicaoEmMassa) as CampoEdicaoEmMassa[];

/** How money changes: a new value, or a percentage up or down rounded to the centavo. */
export const modosAjuste = ['valor', 'acrescimo', 'desconto'] as const;
export type ModoAjuste = (typeof modosAjuste)[number];

/**
 * The edit chosen on the screen. `valor` is the new value (text, option, record id, or centavos for
 * money; null clears an optional field); for money `modo` may instead be a percentage up or down.
 */
export const edicaoEmMassaSchema = z.object({
  campo: z.enum(nomesCamposEdicaoEmMassa as [CampoEdicaoEmMassa, ...CampoEdicaoEmMassa[]], { error: 'Escolha o campo a alterar.' }),
  modo: z.enum(modosAjuste, { error: 'Escolha novo valor, acréscimo ou desconto.' }).default('valor'),
  valor: z.union([z.string(), z.number(), z.null()]).optional(),
  percentual: decimalExato({ casas: 2, acimaDe: '0', max: '1000', rotulo: 'o percentual' }).optional(),
});
export type EdicaoEmMassa = z.output<typeof edicaoEmMassaSchema>;

/**
 * centavos ± percentual% rounded half up to the centavo, all in integers (no float ever touches the
 * money): 1990 + 10% = 2189; 999 − 12,5% = 874,125 → 874.
 */
export function ajustarCentavos(centavos: number, percentual: string, modo: 'acrescimo' | 'desconto'): number {
  const p = paraEscalado(percentual, 2); // hundredths of a percent: 12,5% → 1250
  const fator = modo === 'acrescimo' ? 10000n + p : 10000n - p;
  const produto = BigInt(centavos) * fator;
  const negativo = produto < 0n;
  const abs = negativo ? -produto : produto;
  const arredondado = (abs + 5000n) / 10000n;
  return Number(negativo ? -arredondado : arredondado);
}

/**
 * The value a product's field gets from the edit, from what it has now. Throws a Portuguese message
 * naming the field when the edit itself is incomplete (that refuses the whole preview, not a product).
 */
export function novoValorEdicao(edicao: EdicaoEmMassa, atual: unknown): unknown {
  const campo = camposEdicaoEmMassa[edicao.campo];
  if (campo.tipo === 'dinheiro' && edicao.modo !== 'valor') {
    if (!edicao.percentual) throw new Error(`${campo.rotulo}: informe o percentual.`);
    return ajustarCentavos(typeof atual === 'number' ? atual : 0, edicao.percentual, edicao.modo);
  }
  if (edicao.valor === undefined) throw new Error(`${campo.rotulo}: informe o novo valor.`);
  if (campo.tipo === 'dinheiro' && (typeof edicao.valor !== 'number' || !Number.isInteger(edicao.valor))) throw new Error(`${campo.rotulo}: informe o novo valor em centavos.`);
  // Empty text clears an optional code (CEST), as the product form does.
  if (typeof edicao.valor === 'string' && edicao.valor.trim() === '' && campo.tipo !== 'opcao') return null;
  return edicao.valor;
}

/** The edit in words for the history: 'Preço: + 10,00%', 'NCM: 21069090'. */
export function descreverEdicao(edicao: EdicaoEmMassa, rotuloValor?: string | null): string {
  const campo = camposEdicaoEmMassa[edicao.campo];
  if (campo.tipo === 'dinheiro' && edicao.modo !== 'valor') return `${campo.rotulo}: ${edicao.modo === 'acrescimo' ? '+' : '−'} ${(edicao.percentual ?? '').replace('.', ',')}%`;
  if (campo.tipo === 'dinheiro' && typeof edicao.valor === 'number') return `${campo.rotulo}: R$ ${centavosParaTexto(edicao.valor)}`;
  return `${campo.rotulo}: ${rotuloValor ?? (edicao.valor === null || edicao.valor === '' ? '(vazio)' : String(edicao.valor))}`;
}
