import { rotulosRegimeDre, type Campo, type RelatorioDre } from '@retaguarda/domain';
import type { Registro } from '../../resources/exportar.ts';
import { recursoDeRelatorio } from '../../sales/relatorios/exportarRelatorio.ts';

/** The statement's columns as the table and the exports declare them: the account, one per column, the total. */
export function colunasDaDre(r: RelatorioDre, rotuloConta: string, rotuloTotal: string): Record<string, Campo> {
  return {
    conta: { rotulo: rotuloConta, tipo: 'texto' },
    ...Object.fromEntries(r.colunas.map((c, i) => [`c${i}`, { rotulo: c.rotulo, tipo: 'dinheiro' } as Campo])),
    total: { rotulo: rotuloTotal, tipo: 'dinheiro' },
  };
}

/**
 * The statement's rows as the exports write them: each account indented by its depth (subtotals' `_id`
 * 'subtotal:…', bold in the PDF), then the result line ('total').
 */
export function registrosDaDre(r: RelatorioDre, rotuloResultado: string): Registro[] {
  const linha = (id: string, conta: string, valores: number[], total: number): Registro => ({ _id: id, conta, ...Object.fromEntries(valores.map((v, i) => [`c${i}`, v])), total });
  return [
    ...r.linhas.map((l) => linha(l.grupo ? `subtotal:${l.planoConta}` : l.planoConta, `${'    '.repeat(l.nivel)}${l.codigo} ${l.nome}`, l.valores, l.total)),
    linha('total', rotuloResultado, r.resultado.valores, r.resultado.total),
  ];
}

export const recursoDaDre = (r: RelatorioDre, titulo: string, rotuloConta: string, rotuloTotal: string) =>
  recursoDeRelatorio('relatorioFinanceiroPlanoDeContas', `${titulo} (${rotulosRegimeDre[r.regime]})`, colunasDaDre(r, rotuloConta, rotuloTotal));
