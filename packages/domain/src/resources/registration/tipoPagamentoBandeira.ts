import { z } from 'zod';
import { defineRecurso } from '../define.ts';

/** NF-e/NFC-e card brand codes (card/tBand). */
export const bandeirasNfe = {
  '01': 'Visa',
  '02': 'Mastercard',
  '03': 'American Express',
  '04': 'Sorocred',
  '05': 'Diners Club',
  '06': 'Elo',
  '07': 'Hipercard',
  '08': 'Aura',
  '09': 'Cabal',
  '99': 'Outros',
} as const;
export const codigosBandeira = Object.keys(bandeirasNfe) as [keyof typeof bandeirasNfe, ...(keyof typeof bandeirasNfe)[]];

export const tipoPagamentoBandeira = defineRecurso({
  nome: 'tipoPagamentoBandeira',
  rotulo: 'Bandeira de cartão',
  rotuloPlural: 'Bandeiras de cartão',
  feminino: true,
  escopo: 'grupo',
  schema: () => z.object({
    descricao: z.string().trim().min(1, 'Informe a descrição.').max(60),
    tBand: z.enum(codigosBandeira, { error: 'Escolha o código da bandeira na NF-e (01 a 09 ou 99).' }),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    tBand: {
      rotulo: 'Código na NF-e (tBand)',
      tipo: 'opcao',
      opcoes: codigosBandeira,
      ajuda: Object.entries(bandeirasNfe)
        .map(([codigo, nome]) => `${codigo} ${nome}`)
        .join(', '),
    },
  },
  colunas: ['descricao', 'tBand'],
  busca: ['descricao'],
  filtros: ['tBand'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  unicos: [['descricao']],
});
