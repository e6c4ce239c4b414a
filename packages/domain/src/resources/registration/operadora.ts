import { z } from 'zod';
import { decimalExato } from '../../shared/decimal.ts';
import { isValidCnpj, normalizeCnpj } from '../../documents/cnpj.ts';
import { defineRecurso } from '../define.ts';

const percentual = (rotulo: string) => decimalExato({ casas: 2, min: '0', max: '100', rotulo }).default('0.00');
const dias = z.number().int('Informe um número inteiro de dias.').min(0, 'Os dias não podem ser negativos.').max(365, 'No máximo 365 dias.');

export const operadora = defineRecurso({
  nome: 'operadora',
  rotulo: 'Operadora de cartão',
  rotuloPlural: 'Operadoras de cartão',
  feminino: true,
  escopo: 'empresa',
  schema: z.object({
    nome: z.string().trim().min(1, 'Informe o nome.').max(80),
    // Numeric or alphanumeric, stored without mask and uppercase.
    cnpj: z.string({ error: 'Informe o CNPJ.' }).overwrite(normalizeCnpj).refine(isValidCnpj, 'CNPJ inválido.'),
    diasDebito: dias.default(1),
    diasCredito: dias.default(30),
    taxaDebito: percentual('a taxa de débito'),
    taxaCredito: percentual('a taxa de crédito'),
    taxaParcelado: percentual('a taxa do parcelado'),
    taxaAntecipacao: percentual('a taxa de antecipação'),
    ativo: z.boolean().default(true),
  }),
  campos: {
    nome: { rotulo: 'Nome', tipo: 'texto', ajuda: 'Cielo, Rede, Stone, GetNet…' },
    cnpj: { rotulo: 'CNPJ', tipo: 'cpfCnpj' },
    diasDebito: { rotulo: 'Dias para receber (débito)', tipo: 'inteiro' },
    diasCredito: { rotulo: 'Dias para receber (crédito)', tipo: 'inteiro' },
    taxaDebito: { rotulo: 'Taxa de débito (%)', tipo: 'percentual' },
    taxaCredito: { rotulo: 'Taxa de crédito (%)', tipo: 'percentual' },
    taxaParcelado: { rotulo: 'Taxa do parcelado (%)', tipo: 'percentual' },
    taxaAntecipacao: { rotulo: 'Taxa de antecipação (%)', tipo: 'percentual' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['nome', 'cnpj', 'diasDebito', 'diasCredito', 'taxaDebito', 'taxaCredito', 'ativo'],
  busca: ['nome', 'cnpj'],
  filtros: ['cnpj', 'ativo'],
  ordenacao: { campo: 'nome', direcao: 'asc' },
  unicos: [['nome']],
});
