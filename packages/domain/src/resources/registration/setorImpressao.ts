import { z } from 'zod';
import { defineRecurso } from '../define.ts';

/**
 * A print sector: where the order tickets of its products print. The service sectors (setorImpressao)
 * and the production ones (setorImpressaoProducao) are the same record on two screens and two lists.
 */
function setor(nome: string, rotulo: string, rotuloPlural: string, exemplos: string) {
  return defineRecurso({
    nome,
    rotulo,
    rotuloPlural,
    escopo: 'empresa',
    schema: () => z.object({
      descricao: z.string().trim().min(1, 'Informe a descrição.').max(80),
      impressora: z.string({ error: 'Escolha a impressora.' }).min(1, 'Escolha a impressora.'),
      copias: z.number().int().min(1, 'Pelo menos 1 via.').max(5, 'No máximo 5 vias.').default(1),
    }),
    campos: {
      descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: exemplos },
      impressora: { rotulo: 'Impressora', tipo: 'referencia' },
      copias: { rotulo: 'Vias', tipo: 'inteiro' },
    },
    colunas: ['descricao', 'impressora', 'copias'],
    busca: ['descricao'],
    filtros: ['impressora'],
    ordenacao: { campo: 'descricao', direcao: 'asc' },
    relacoes: { impressora: 'impressora' },
    unicos: [['descricao']],
  });
}

export const setorImpressao = setor('setorImpressao', 'Setor de impressão', 'Setores de impressão', 'Cozinha, bar, copa…');
export const setorImpressaoProducao = setor(
  'setorImpressaoProducao',
  'Setor de impressão da produção',
  'Setores de impressão da produção',
  'Padaria, confeitaria, cozinha central…',
);
