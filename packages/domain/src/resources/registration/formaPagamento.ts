import { z } from 'zod';
import { tiposPagamento } from '../../listas/listas.ts';
import { defineRecurso } from '../define.ts';

/** Ids of lista(14): the NFC-e tPag of a payment method is its item's tPag. */
export const tiposFormaPagamento = tiposPagamento.map((i) => i._id) as [string, ...string[]];

export const formaPagamento = defineRecurso({
  nome: 'formaPagamento',
  rotulo: 'Forma de pagamento',
  rotuloPlural: 'Formas de pagamento',
  feminino: true,
  escopo: 'empresa',
  schema: () => z.object({
    descricao: z.string().trim().min(1, 'Informe a descrição.').max(60),
    tipo: z.enum(tiposFormaPagamento, { error: 'Escolha o tipo de pagamento.' }),
    permiteTroco: z.boolean().default(false),
    exigeOperadora: z.boolean().default(false),
    tef: z.boolean().default(false),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    tipo: { rotulo: 'Tipo', tipo: 'opcao', opcoes: tiposFormaPagamento, ajuda: 'Define o meio de pagamento (tPag) na NFC-e.' },
    permiteTroco: { rotulo: 'Permite troco', tipo: 'booleano' },
    exigeOperadora: { rotulo: 'Exige operadora de cartão', tipo: 'booleano' },
    tef: { rotulo: 'TEF', tipo: 'booleano' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'tipo', 'permiteTroco', 'tef', 'ativo'],
  busca: ['descricao'],
  filtros: ['tipo', 'tef', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  unicos: [['descricao']],
});

/** The NFC-e tPag code of a payment method's tipo ('Cartão de Crédito' → '03'). */
export const tPagDoTipo = (tipo: string): string | undefined => tiposPagamento.find((i) => i._id === tipo)?.tPag as string | undefined;
