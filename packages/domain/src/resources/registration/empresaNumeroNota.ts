import { z } from 'zod';
import { defineRecurso } from '../define.ts';

export const modelosNota = ['55', '65'] as const;

export const empresaNumeroNota = defineRecurso({
  nome: 'empresaNumeroNota',
  rotulo: 'Numeração de nota',
  rotuloPlural: 'Numeração de notas',
  feminino: true,
  escopo: 'empresa',
  schema: () => z.object({
    modelo: z.enum(modelosNota, { error: 'Escolha o modelo (55 NF-e ou 65 NFC-e).' }),
    serie: z.number({ error: 'Informe a série.' }).int('A série é um número inteiro.').min(1, 'A série vai de 1 a 999.').max(999, 'A série vai de 1 a 999.'),
    proximoNumero: z
      .number({ error: 'Informe o próximo número.' })
      .int('O número é inteiro.')
      .min(1, 'O próximo número é pelo menos 1.')
      .max(999_999_999, 'O número da nota tem no máximo 9 dígitos.'),
    terminal: z.string().min(1).nullable().default(null),
  }),
  campos: {
    modelo: { rotulo: 'Modelo', tipo: 'opcao', opcoes: modelosNota, ajuda: '55 NF-e, 65 NFC-e' },
    serie: { rotulo: 'Série', tipo: 'inteiro' },
    proximoNumero: { rotulo: 'Próximo número', tipo: 'inteiro' },
    terminal: { rotulo: 'Terminal', tipo: 'referencia', ajuda: 'Quando a série é de um terminal só.' },
  },
  colunas: ['modelo', 'serie', 'proximoNumero', 'terminal'],
  busca: [],
  filtros: ['modelo', 'serie', 'terminal'],
  ordenacao: { campo: 'serie', direcao: 'asc' },
  relacoes: { terminal: 'terminal' },
  unicos: [['modelo', 'serie']],
});
