import { z } from 'zod';
import { defineRecurso } from '../define.ts';

/** The assembly steps of a product, in order, each in a sector: the board shows the current step. */
export const kdsMontagem = defineRecurso({
  nome: 'kdsMontagem',
  rotulo: 'Montagem KDS',
  rotuloPlural: 'Montagens KDS',
  feminino: true,
  escopo: 'empresa',
  schema: () => z.object({
    produto: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'),
    passos: z
      .array(
        z.object({
          descricao: z.string({ error: 'Informe o passo.' }).trim().min(1, 'Informe o passo.').max(80, 'No máximo 80 caracteres.'),
          setor: z.string({ error: 'Escolha o setor do passo.' }).min(1, 'Escolha o setor do passo.'),
          minutos: z.number().int('Minutos inteiros.').min(0, 'Minutos: 0 ou mais.').max(120, 'No máximo 120 minutos.').default(0),
        }),
      )
      .min(1, 'Informe pelo menos um passo.'),
  }),
  campos: {
    produto: { rotulo: 'Produto', tipo: 'referencia' },
    passos: {
      rotulo: 'Passos',
      tipo: 'lista',
      resumo: ['descricao'],
      campos: {
        descricao: { rotulo: 'Passo', tipo: 'texto' },
        setor: { rotulo: 'Setor', tipo: 'referencia' },
        minutos: { rotulo: 'Minutos', tipo: 'inteiro' },
      },
    },
  },
  colunas: ['produto', 'passos'],
  busca: [],
  filtros: ['produto'],
  ordenacao: { campo: 'produto', direcao: 'asc' },
  relacoes: { produto: 'produtoGeral', 'passos.setor': 'kdsSetor' },
  unicos: [['produto']],
});
