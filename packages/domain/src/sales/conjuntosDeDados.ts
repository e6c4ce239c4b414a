import { canaisVenda } from '../resources/registration/canais.ts';

/**
 * The data sets a user builds reports from (relatoriosCriados), declared as data: each one's
 * dimensions (what rows are grouped and filtered by) and measures (what is added up), with the
 * Portuguese label and the kind of value. The server turns a report's definition into SQL only
 * through these names; the web builds its checkboxes, filters and exports from them.
 */

/** dinheiro: integer centavos; decimal: exact decimal text ('12.5'); inteiro: a count. */
export type TipoMedida = 'dinheiro' | 'decimal' | 'inteiro';

/** Where the choices of a dimension's filter come from. */
export type OrigemFiltro =
  | { tipo: 'opcoes'; opcoes: readonly { valor: string; rotulo: string }[] }
  /** Records of a catalogue resource (by _id, shown by descricao). */
  | { tipo: 'recurso'; recurso: string }
  /** The companies the user may see. */
  | { tipo: 'empresa' };

export interface Dimensao {
  rotulo: string;
  /** Absent: the dimension is not filtered by value (the period already limits days and months). */
  filtro?: OrigemFiltro;
}

export interface Medida {
  rotulo: string;
  tipo: TipoMedida;
}

export interface ConjuntoDeDados {
  rotulo: string;
  descricao: string;
  dimensoes: Readonly<Record<string, Dimensao>>;
  medidas: Readonly<Record<string, Medida>>;
}

export const diasDaSemana = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'] as const;

/** What every data set knows of the sale it comes from. */
const dimensoesDaVenda = {
  dia: { rotulo: 'Dia' },
  mes: { rotulo: 'Mês' },
  empresa: { rotulo: 'Empresa', filtro: { tipo: 'empresa' } },
  canal: { rotulo: 'Canal', filtro: { tipo: 'opcoes', opcoes: canaisVenda.map((c) => ({ valor: c, rotulo: c })) } },
  hora: { rotulo: 'Hora', filtro: { tipo: 'opcoes', opcoes: Array.from({ length: 24 }, (_, h) => ({ valor: String(h).padStart(2, '0'), rotulo: `${String(h).padStart(2, '0')}h` })) } },
  diaDaSemana: { rotulo: 'Dia da semana', filtro: { tipo: 'opcoes', opcoes: diasDaSemana.map((d, i) => ({ valor: String(i), rotulo: d })) } },
  terminal: { rotulo: 'Terminal', filtro: { tipo: 'recurso', recurso: 'terminal' } },
  operador: { rotulo: 'Operador', filtro: { tipo: 'recurso', recurso: 'usuario' } },
} as const satisfies Record<string, Dimensao>;

const motivoDesconto = { rotulo: 'Motivo de desconto', filtro: { tipo: 'recurso', recurso: 'descontoMotivo' } } as const satisfies Dimensao;

const dinheiro = (rotulo: string) => ({ rotulo, tipo: 'dinheiro' }) as const;
const contagem = (rotulo: string) => ({ rotulo, tipo: 'inteiro' }) as const;

export const conjuntosDeDados = {
  vendas: {
    rotulo: 'Vendas',
    descricao: 'Uma linha por venda fechada: valores da venda inteira, taxas e cancelamentos.',
    dimensoes: { ...dimensoesDaVenda, motivoDesconto },
    medidas: {
      vendas: contagem('Vendas'),
      bruto: dinheiro('Bruto'),
      descontos: dinheiro('Descontos'),
      taxaServico: dinheiro('Taxa de serviço'),
      taxaEntrega: dinheiro('Taxa de entrega'),
      total: dinheiro('Total'),
      ticketMedio: dinheiro('Ticket médio'),
      canceladas: contagem('Canceladas'),
      valorCancelado: dinheiro('Valor cancelado'),
    },
  },
  itensVendidos: {
    rotulo: 'Itens vendidos',
    descricao: 'Uma linha por item vendido: produto, agrupador, quantidade e descontos do item.',
    dimensoes: {
      ...dimensoesDaVenda,
      produto: { rotulo: 'Produto', filtro: { tipo: 'recurso', recurso: 'produtoGeral' } },
      agrupador: { rotulo: 'Agrupador', filtro: { tipo: 'recurso', recurso: 'agrupador' } },
      motivoDesconto,
    },
    medidas: {
      itens: contagem('Itens'),
      vendas: contagem('Vendas'),
      quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
      bruto: dinheiro('Bruto'),
      descontos: dinheiro('Descontos'),
      total: dinheiro('Total'),
      ticketMedio: dinheiro('Ticket médio'),
      cancelados: contagem('Itens cancelados'),
      valorCancelado: dinheiro('Valor cancelado'),
    },
  },
  pagamentos: {
    rotulo: 'Pagamentos',
    descricao: 'Uma linha por pagamento recebido: forma de pagamento, bandeira, troco.',
    dimensoes: {
      ...dimensoesDaVenda,
      formaPagamento: { rotulo: 'Forma de pagamento', filtro: { tipo: 'recurso', recurso: 'formaPagamento' } },
      bandeira: { rotulo: 'Bandeira', filtro: { tipo: 'recurso', recurso: 'tipoPagamentoBandeira' } },
    },
    medidas: {
      pagamentos: contagem('Pagamentos'),
      vendas: contagem('Vendas'),
      valor: dinheiro('Valor recebido'),
      troco: dinheiro('Troco'),
      total: dinheiro('Total líquido'),
      ticketMedio: dinheiro('Ticket médio'),
      canceladas: contagem('Vendas canceladas'),
      valorCancelado: dinheiro('Valor cancelado'),
    },
  },
} as const satisfies Record<string, ConjuntoDeDados>;

export type NomeConjunto = keyof typeof conjuntosDeDados;
export const nomesConjuntos = Object.keys(conjuntosDeDados) as [NomeConjunto, ...NomeConjunto[]];

export const conjuntoDeDados = (nome: string): ConjuntoDeDados | undefined => (conjuntosDeDados as Record<string, ConjuntoDeDados>)[nome];

/** A column of a data set by name: a dimension or a measure, with what it is. */
export function colunaDoConjunto(conjunto: ConjuntoDeDados, nome: string): { papel: 'dimensao'; def: Dimensao } | { papel: 'medida'; def: Medida } | undefined {
  if (Object.hasOwn(conjunto.dimensoes, nome)) return { papel: 'dimensao', def: conjunto.dimensoes[nome]! };
  if (Object.hasOwn(conjunto.medidas, nome)) return { papel: 'medida', def: conjunto.medidas[nome]! };
  return undefined;
}
