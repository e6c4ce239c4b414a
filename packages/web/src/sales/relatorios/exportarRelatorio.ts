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
 * The report as a declaration the resource exports understand (toCsv/toXlsx), so a report exports
 * exactly like a list: Portuguese headers, money as numbers, the totals row last.
 */
export function comoRecurso(rotuloAgrupamento: string): RecursoDef {
  return {
    nome: 'relatorioVenda',
    rotulo: 'Relatório de vendas',
    rotuloPlural: 'Relatório de vendas',
    escopo: 'grupo',
    campos: { ...colunasRelatorioVenda, rotulo: { rotulo: rotuloAgrupamento, tipo: 'texto' } },
    colunas: Object.keys(colunasRelatorioVenda),
    busca: [],
    filtros: [],
    ordenacao: { campo: 'rotulo', direcao: 'asc' },
  } as unknown as RecursoDef;
}

export const comoRegistros = (linhas: readonly LinhaRelatorioVenda[], totais: LinhaRelatorioVenda): Registro[] =>
  [...linhas, totais].map((l) => ({ ...l, _id: l.chave }) as Registro);
