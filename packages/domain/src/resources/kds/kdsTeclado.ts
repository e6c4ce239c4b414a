import { z } from 'zod';
import { defineRecurso } from '../define.ts';

/** What a bump-bar key does on the board. */
export const acoesTecladoKds = ['Concluir', 'Voltar último', 'Próximo', 'Anterior', 'Iniciar preparo', 'Destacar'] as const;

/** A bump-bar key map: the keys of the kitchen's keypad and what each does, for one station or all. */
export const kdsTeclado = defineRecurso({
  nome: 'kdsTeclado',
  rotulo: 'Teclado KDS',
  rotuloPlural: 'Teclados KDS',
  escopo: 'empresa',
  schema: () => z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(60, 'No máximo 60 caracteres.'),
    estacao: z.string().min(1).nullable().default(null),
    teclas: z
      .array(
        z.object({
          tecla: z.string({ error: 'Informe a tecla.' }).trim().min(1, 'Informe a tecla.').max(20, 'No máximo 20 caracteres.'),
          acao: z.enum(acoesTecladoKds, { error: 'Escolha a ação.' }),
        }),
      )
      .min(1, 'Informe pelo menos uma tecla.'),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Bump bar da chapa, teclado numérico…' },
    estacao: { rotulo: 'Estação', tipo: 'referencia', ajuda: 'Vazio: vale para todas as estações da loja.' },
    teclas: {
      rotulo: 'Teclas',
      tipo: 'lista',
      resumo: ['tecla', 'acao'],
      campos: { tecla: { rotulo: 'Tecla', tipo: 'texto', ajuda: 'Como o navegador a chama: 1, Enter, F1, ArrowUp…' }, acao: { rotulo: 'Ação', tipo: 'opcao', opcoes: acoesTecladoKds } },
    },
  },
  colunas: ['descricao', 'estacao', 'teclas'],
  busca: ['descricao'],
  filtros: ['estacao'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { estacao: 'kdsEstacao' },
  unicos: [['descricao']],
  regras: (d) => {
    const vistas = new Set<string>();
    for (const [i, t] of d.teclas.entries()) {
      const chave = t.tecla.toLowerCase();
      if (vistas.has(chave)) return [{ campo: `teclas.${i}.tecla` as const, mensagem: `A tecla ${t.tecla} aparece duas vezes.` }];
      vistas.add(chave);
    }
    return [];
  },
});
