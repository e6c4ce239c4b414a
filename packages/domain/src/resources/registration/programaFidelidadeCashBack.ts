import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import { defineRecurso } from '../define.ts';
import { textoObrigatorio } from './texto.ts';
import { canaisVenda } from './canais.ts';
import { avisoSaldosFidelidade } from './programaFidelidade.ts';

const percentualCanal = z.object({
  canal: z.enum(canaisVenda, { error: 'Escolha o canal.' }),
  percentual: decimalExato({ casas: 2, acimaDe: '0', max: '100', rotulo: 'o percentual' }),
});

/** How much of a purchase comes back as credit, per channel, and when it can be spent. */
export const programaFidelidadeCashBack = defineRecurso({
  nome: 'programaFidelidadeCashBack',
  rotulo: 'Regra de cashback',
  rotuloPlural: 'Regras de cashback',
  feminino: true,
  escopo: 'grupo',
  schema: () => z.object({
    programa: z.string({ error: 'Escolha o programa.' }).min(1, 'Escolha o programa.'),
    descricao: textoObrigatorio('Informe a descrição.', 80),
    percentuais: z
      .array(percentualCanal)
      .min(1, 'Informe o percentual de ao menos um canal.')
      .superRefine((itens, ctx) => {
        const vistos = new Set<string>();
        itens.forEach((item, i) => {
          if (vistos.has(item.canal)) ctx.addIssue({ code: 'custom', path: [i, 'canal'], message: `O canal ${item.canal} aparece mais de uma vez.` });
          vistos.add(item.canal);
        });
      }),
    limitePorCompra: z.number().int('Informe o valor em centavos.').positive('O teto deve ser maior que zero (deixe vazio para sem teto).').nullable().default(null),
    minimoResgate: z.number().int('Informe o valor em centavos.').min(0, 'O mínimo para resgate não pode ser negativo.').default(0),
    validadeDias: z.number().int('Informe um número inteiro de dias.').min(1, 'A validade deve ser de pelo menos 1 dia.').max(3650, 'No máximo 3650 dias.').nullable().default(90),
    ativo: z.boolean().default(true),
  }),
  campos: {
    programa: { rotulo: 'Programa', tipo: 'referencia' },
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    percentuais: {
      rotulo: 'Cashback por canal',
      tipo: 'lista',
      ajuda: 'Percentual da compra devolvido como crédito em cada canal; um canal fora da lista não dá cashback.',
      campos: {
        canal: { rotulo: 'Canal', tipo: 'opcao', opcoes: canaisVenda },
        percentual: { rotulo: 'Cashback (%)', tipo: 'percentual' },
      },
    },
    limitePorCompra: { rotulo: 'Teto por compra', tipo: 'dinheiro', ajuda: 'Cashback máximo gerado por uma compra. Vazio: sem teto.' },
    minimoResgate: { rotulo: 'Saldo mínimo para resgate', tipo: 'dinheiro' },
    validadeDias: { rotulo: 'Validade do crédito (dias)', tipo: 'inteiro', ajuda: 'Vazio: o crédito não expira.' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'programa', 'percentuais', 'limitePorCompra', 'minimoResgate', 'validadeDias', 'ativo'],
  busca: ['descricao'],
  filtros: ['programa', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { programa: 'programaFidelidade' },
  unicos: [['descricao']],
  avisos: [avisoSaldosFidelidade],
});
