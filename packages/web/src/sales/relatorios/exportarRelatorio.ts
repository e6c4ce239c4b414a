import type { Campo, RecursoDef } from '@retaguarda/domain';
import type { Registro } from '../../resources/exportar.ts';
import type { LinhaRelatorioVenda } from './relatorioVendaApi.ts';

/** The report's columns, declared once: the table, the CSV and the XLSX read them. */
export const colunasRelatorioVenda = {
  rotulo: { rotulo: 'Agrupamento', tipo: 'texto' },
  vendas: { rotulo: 'Vendas', tipo: 'inteiro' },
  bruto: { rotulo: 'Bruto', tipo: 'dinheiro' },
  descontos: { rotulo: 'Descontos', tipo: 'dinheiro' },
  taxaServico: { rotulo: 'Taxa de serviço', tipo: 'dinheiro' },
  taxaEntrega: { rotulo: 'Taxa de entrega', tipo: 'dinheiro' },
  total: { rotulo: 'Total', tipo: 'dinheiro' },
  ticketMedio: { rotulo: 'Ticket médio', tipo: 'dinheiro' },
  canceladas: { rotulo: 'Canceladas', tipo: 'inteiro' },
  valorCancelado: { rotulo: 'Valor cancelado', tipo: 'dinheiro' },
} as const satisfies Record<keyof Omit<LinhaRelatorioVenda, 'chave'>, Campo>;

/**
 * A report as a declaration the resource exports understand (toCsv/toXlsx), so a report exports
 * exactly like a list: Portuguese headers, money and quantities as numbers, the totals row last.
 */
export function recursoDeRelatorio(nome: string, rotulo: string, campos: Readonly<Record<string, Campo>>): RecursoDef {
  return {
    nome,
    rotulo,
    rotuloPlural: rotulo,
    escopo: 'grupo',
    campos,
    colunas: Object.keys(campos),
    busca: [],
    filtros: [],
    ordenacao: { campo: Object.keys(campos)[0]!, direcao: 'asc' },
  } as unknown as RecursoDef;
}

export const comoRecurso = (rotuloAgrupamento: string) =>
  recursoDeRelatorio('relatorioVenda', 'Relatório de vendas', { ...colunasRelatorioVenda, rotulo: { rotulo: rotuloAgrupamento, tipo: 'texto' } });

/** Basis points (10000 = 100%) as the exact decimal text of a percentage: 7452 → '74.52'. */
export const pontosBase = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;

export const comoRegistros = (linhas: readonly LinhaRelatorioVenda[], totais: LinhaRelatorioVenda): Registro[] =>
  [...linhas, totais].map((l) => ({ ...l, _id: l.chave }) as Registro);

/** dd/mm/aaaa hh:mm in the stores' clock (UTC−3), for the reports' moments. */
export const quando = (iso: string | null) => (iso ? new Date(Date.parse(iso) - 3 * 3_600_000).toISOString().slice(0, 16).replace(/^(\d{4})-(\d{2})-(\d{2})T/, '$3/$2/$1 ') : '');

/** The columns a report shows on screen: without Loja when every row is of the same store (the files keep it). */
export function semLojaUnica<C extends Readonly<Record<string, Campo>>>(colunas: C, linhas: readonly Registro[]): Partial<C> {
  if (new Set(linhas.map((l) => l.loja)).size > 1) return colunas;
  const { loja: _, ...resto } = colunas;
  return resto as Partial<C>;
}

/** A totals row (`_id` 'total') and subtotal rows (`_id` 'subtotal:…'): bold on the screen and in the PDF. */
export const linhaDeTotal = (r: Registro) => r._id === 'total' || String(r._id).startsWith('subtotal:');
