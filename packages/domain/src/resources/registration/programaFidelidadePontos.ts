import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import { defineRecurso } from '../define.ts';
import { textoObrigatorio } from './texto.ts';
import { avisoSaldosFidelidade } from './programaFidelidade.ts';

export const tiposRecompensa = ['Desconto', 'Produto'] as const;


const recompensa = z
  .object({
    descricao: textoObrigatorio('Informe a descrição.', 80),
    pontos: z.number({ error: 'Informe os pontos.' }).int('Informe um número inteiro de pontos.').min(1, 'Os pontos devem ser pelo menos 1.'),
    tipo: z.enum(tiposRecompensa, { error: 'Escolha Desconto ou Produto.' }).default('Desconto'),
    desconto: z.number({ error: 'Informe o desconto.' }).int('Informe o valor em centavos.').positive('O desconto deve ser maior que zero.').nullable().default(null),
  })
  .superRefine((r, ctx) => {
    if (r.tipo === 'Desconto' && r.desconto === null) ctx.addIssue({ code: 'custom', path: ['desconto'], message: 'Informe o valor do desconto.' });
  });

/** How customers earn points in a programme and what they can trade them for. */
export const programaFidelidadePontos = defineRecurso({
  nome: 'programaFidelidadePontos',
  rotulo: 'Regra de pontos',
  rotuloPlural: 'Regras de pontos',
  feminino: true,
  escopo: 'grupo',
  schema: () => z.object({
    programa: z.string({ error: 'Escolha o programa.' }).min(1, 'Escolha o programa.'),
    descricao: textoObrigatorio('Informe a descrição.', 80),
    // Exact, at most two places (0,5 or 1,25): never a binary fraction's tail.
    pontosPorReal: decimalExato({ casas: 2, acimaDe: '0', max: '1000', rotulo: 'a quantidade de pontos por real' }),
    compraMinima: z.number().int('Informe o valor em centavos.').min(0, 'A compra mínima não pode ser negativa.').default(0),
    validadeDias: z.number().int('Informe um número inteiro de dias.').min(1, 'A validade deve ser de pelo menos 1 dia.').max(3650, 'No máximo 3650 dias.').nullable().default(365),
    recompensas: z.array(recompensa).default([]),
    ativo: z.boolean().default(true),
  }),
  campos: {
    programa: { rotulo: 'Programa', tipo: 'referencia' },
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    pontosPorReal: { rotulo: 'Pontos por real', tipo: 'decimal', ajuda: 'Pontos que o cliente ganha a cada R$ 1,00 de compra (ex.: 1 ou 0,5).' },
    compraMinima: { rotulo: 'Compra mínima para pontuar', tipo: 'dinheiro' },
    validadeDias: { rotulo: 'Validade dos pontos (dias)', tipo: 'inteiro', ajuda: 'Vazio: os pontos não expiram.' },
    recompensas: {
      rotulo: 'Catálogo de recompensas',
      tipo: 'lista',
      ajuda: 'Desconto: valor abatido do pedido. Produto: descreva o produto; a ligação com o cadastro de produtos chega com esse cadastro, ainda não disponível.',
      campos: {
        descricao: { rotulo: 'Descrição', tipo: 'texto' },
        pontos: { rotulo: 'Pontos', tipo: 'inteiro' },
        tipo: { rotulo: 'Tipo', tipo: 'opcao', opcoes: tiposRecompensa },
        desconto: { rotulo: 'Desconto (R$)', tipo: 'dinheiro' },
      },
    },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'programa', 'pontosPorReal', 'validadeDias', 'recompensas', 'ativo'],
  busca: ['descricao'],
  filtros: ['programa', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { programa: 'programaFidelidade' },
  unicos: [['descricao']],
  avisos: [avisoSaldosFidelidade],
});
