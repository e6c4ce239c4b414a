import { z } from 'zod';
import { defineRecurso } from '../define.ts';

export const tiposTerminal = ['PDV', 'Totem', 'Garçom', 'KDS'] as const;

const ref = z.string().min(1).nullable().default(null);

export const terminal = defineRecurso({
  nome: 'terminal',
  rotulo: 'Terminal',
  rotuloPlural: 'Terminais',
  escopo: 'empresa',
  schema: () => z.object({
    descricao: z.string().trim().min(1, 'Informe a descrição.').max(60),
    tipo: z.enum(tiposTerminal, { error: 'Escolha o tipo de terminal.' }),
    /** What the store terminal reads (SPEC.md §7): its cashier and the print sectors of the receipt and the NFC-e. */
    configuracoes: z
      .object({ caixa: ref, setorImpressaoCaixa: ref, setorImpressaoNfce: ref })
      .default({ caixa: null, setorImpressaoCaixa: null, setorImpressaoNfce: null }),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    tipo: { rotulo: 'Tipo', tipo: 'opcao', opcoes: tiposTerminal },
    configuracoes: {
      rotulo: 'Configurações',
      tipo: 'objeto',
      campos: {
        caixa: { rotulo: 'Caixa', tipo: 'referencia' },
        setorImpressaoCaixa: { rotulo: 'Setor de impressão do caixa', tipo: 'referencia' },
        setorImpressaoNfce: { rotulo: 'Setor de impressão da NFC-e', tipo: 'referencia' },
      },
    },
  },
  colunas: ['descricao', 'tipo'],
  busca: ['descricao'],
  filtros: ['tipo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: {
    'configuracoes.caixa': 'caixa',
    'configuracoes.setorImpressaoCaixa': 'setorImpressao',
    'configuracoes.setorImpressaoNfce': 'setorImpressao',
  },
  unicos: [['descricao']],
});
