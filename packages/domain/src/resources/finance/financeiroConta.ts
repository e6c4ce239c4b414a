import { z } from 'zod';
import { defineRecurso } from '../define.ts';

/** What an account is: where the money sits decides how it is reconciled (bank statement, cash count, acquirer). */
export const tiposContaFinanceira = ['Banco', 'Caixa', 'Carteira de adquirente', 'Carteira de app de delivery', 'Outra'] as const;
export type TipoContaFinanceira = (typeof tiposContaFinanceira)[number];

const opcional = (max: number, regex: RegExp, mensagem: string) =>
  z
    .string()
    .trim()
    .max(max, `No máximo ${max} caracteres.`)
    .refine((v) => v === '' || regex.test(v), mensagem)
    .nullish()
    .transform((v) => v || null)
    .default(null);

/**
 * A place the company's money is kept (bank account, cash box, acquirer or delivery-app wallet). Its
 * balance is the sum of its movements in the money ledger (financeiro_movimento); the opening balance
 * is posted there as a movement of kind saldoInicial.
 */
export const financeiroConta = defineRecurso({
  nome: 'financeiroConta',
  rotulo: 'Conta financeira',
  rotuloPlural: 'Contas financeiras',
  feminino: true,
  escopo: 'empresa',
  schema: () => z.object({
    nome: z.string({ error: 'Informe o nome.' }).trim().min(1, 'Informe o nome.').max(80, 'No máximo 80 caracteres.'),
    tipo: z.enum(tiposContaFinanceira, { error: 'Escolha o tipo da conta.' }),
    banco: opcional(3, /^\d{3}$/, 'O código do banco (COMPE) tem 3 dígitos, ex.: 001, 237, 341.'),
    agencia: opcional(10, /^\d{1,6}(-[\dXx])?$/, 'Agência: só números, com o dígito depois do hífen (ex.: 1234-5).'),
    numeroConta: opcional(20, /^\d{1,15}(-[\dXx])?$/, 'Conta: só números, com o dígito depois do hífen (ex.: 12345-6).'),
    saldoInicial: z.number({ error: 'Informe o saldo inicial.' }).int('Informe o saldo inicial em centavos.').min(-99_999_999_999, 'Saldo inicial fora do limite.').max(99_999_999_999, 'Saldo inicial fora do limite.').default(0),
    dataSaldoInicial: z.iso.date({ error: 'Informe a data do saldo inicial (AAAA-MM-DD).' }),
    ativo: z.boolean().default(true),
  }),
  campos: {
    nome: { rotulo: 'Nome', tipo: 'texto', ajuda: 'Caixa da loja, Itaú conta movimento, Stone, iFood…' },
    tipo: { rotulo: 'Tipo', tipo: 'opcao', opcoes: tiposContaFinanceira },
    banco: { rotulo: 'Banco (COMPE)', tipo: 'texto', ajuda: 'Código de 3 dígitos: 001 Banco do Brasil, 237 Bradesco, 341 Itaú…', visivelSe: { tipo: 'Banco' } },
    agencia: { rotulo: 'Agência', tipo: 'texto', visivelSe: { tipo: 'Banco' } },
    numeroConta: { rotulo: 'Número da conta', tipo: 'texto', visivelSe: { tipo: 'Banco' } },
    saldoInicial: { rotulo: 'Saldo inicial', tipo: 'dinheiro', ajuda: 'O saldo na data abaixo; negativo para conta no cheque especial.' },
    dataSaldoInicial: { rotulo: 'Data do saldo inicial', tipo: 'data' },
    ativo: { rotulo: 'Ativa', tipo: 'booleano' },
  },
  colunas: ['nome', 'tipo', 'banco', 'agencia', 'numeroConta', 'saldoInicial', 'ativo'],
  busca: ['nome', 'banco', 'numeroConta'],
  filtros: ['tipo', 'banco', 'ativo'],
  ordenacao: { campo: 'nome', direcao: 'asc' },
  unicos: [['nome']],
  regras: (d) => (d.tipo === 'Banco' && !d.banco ? [{ campo: 'banco', mensagem: 'Informe o código do banco (COMPE, 3 dígitos).' }] : []),
});
