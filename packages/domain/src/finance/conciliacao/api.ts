import { z } from 'zod';
import { diasEntre } from '../recebiveis/diasUteis.ts';
import type { OrigemConciliacao } from './casamento.ts';

/** Bodies and answers of /api/financeiroConciliacaoBancaria/… beyond the import (issue 14). */

const id = (mensagem: string) => z.string({ error: mensagem }).trim().min(1, mensagem).max(64, mensagem);
const descricao = z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(200, 'No máximo 200 caracteres.');

export const conciliarContaSchema = z.object({ conta: id('Escolha a conta financeira.') });

export const conciliarManualSchema = z.object({
  linha: id('Escolha a linha do extrato.'),
  movimentos: z.array(id('Escolha os movimentos.'), { error: 'Escolha os movimentos.' }).min(1, 'Escolha ao menos um movimento.').max(500, 'No máximo 500 movimentos.'),
});

export const desconciliarSchema = z.object({ linha: id('Escolha a linha do extrato.') });

export const movimentoDaLinhaSchema = z.object({
  linha: id('Escolha a linha do extrato.'),
  planoConta: id('Escolha a conta do plano de contas.'),
  descricao,
});

/** The open card receivables a credit line may be matched to by hand. */
export const recebiveisDaLinhaSchema = z.object({ linha: id('Escolha a linha do extrato.') });

/**
 * A credit line matched by hand to an acquirer's expected payouts: one day (its payout, whatever the
 * difference: the fee audit shows it), or, as an anticipation, days after the credit paid less a discount.
 */
export const conciliarRecebivelSchema = z.object({
  linha: id('Escolha a linha do extrato.'),
  operadora: id('Escolha a operadora.'),
  dias: z
    .array(z.iso.date({ error: 'Informe cada dia como AAAA-MM-DD.' }), { error: 'Escolha os dias dos recebíveis.' })
    .min(1, 'Escolha ao menos um dia.')
    .max(400, 'No máximo 400 dias.')
    .refine((d) => new Set(d).size === d.length, 'Um dia foi escolhido duas vezes.'),
  antecipacao: z.boolean({ error: 'Diga se é uma antecipação (verdadeiro ou falso).' }).default(false),
});
export type ConciliarRecebivelBody = z.input<typeof conciliarRecebivelSchema>;

/** An operadora's expected payout of one day, not matched to any line yet (the forecast's net, chargebacks out). */
export interface RecebivelAberto {
  operadora: string;
  operadoraNome: string;
  data: string;
  bruto: number;
  taxas: number;
  chargeback: number;
  liquido: number;
}

export interface RecebiveisDaLinha {
  /** From a week before the line to three months after it, by date then operadora. */
  dias: RecebivelAberto[];
  /** The operadora the line's memo names (the first, by name), if any. */
  operadoraDoMemo: string | null;
}

export const sinaisRegra = ['credito', 'debito'] as const;
export const regraConciliacaoSchema = z.object({
  texto: z.string({ error: 'Informe o texto do histórico.' }).trim().min(2, 'Informe ao menos 2 caracteres do histórico.').max(100, 'No máximo 100 caracteres.'),
  planoConta: id('Escolha a conta do plano de contas.'),
  conta: z.string().trim().max(64).nullish().transform((v) => v || null),
  sinal: z.enum(sinaisRegra, { error: 'Escolha crédito ou débito.' }).nullish().transform((v) => v ?? null),
  descricao: z.string().trim().max(200, 'No máximo 200 caracteres.').nullish().transform((v) => v || null),
});
export type RegraConciliacaoBody = z.output<typeof regraConciliacaoSchema>;

const ISO = /^\d{4}-\d{2}-\d{2}$/;
export const saldoConciliadoSchema = z
  .object({
    conta: id('Escolha a conta financeira.'),
    de: z.iso.date({ error: 'Informe a data inicial (AAAA-MM-DD).' }),
    ate: z.iso.date({ error: 'Informe a data final (AAAA-MM-DD).' }),
  })
  .refine((f) => f.de <= f.ate, { path: ['ate'], message: 'O fim do período é anterior ao início.' })
  // Zod runs refinements of an object whose fields failed too: only whole dates are counted.
  .refine((f) => !ISO.test(f.de) || !ISO.test(f.ate) || diasEntre(f.de, f.ate) <= 366, { path: ['ate'], message: 'No máximo um ano por consulta.' });

export const rotulosCampoConciliacao: Record<string, string> = {
  conta: 'Conta',
  linha: 'Linha do extrato',
  movimentos: 'Movimentos',
  operadora: 'Operadora',
  dias: 'Dias',
  antecipacao: 'Antecipação',
  planoConta: 'Plano de contas',
  descricao: 'Descrição',
  texto: 'Texto do histórico',
  sinal: 'Sinal',
  de: 'De',
  ate: 'Até',
};

export const rotulosOrigemConciliacao: Record<OrigemConciliacao, string> = {
  exato: 'Automática: mesmo valor e data',
  janela: 'Automática: mesmo valor, data próxima',
  dia: 'Automática: soma do dia',
  recebivel: 'Automática: recebível de cartão',
  antecipacao: 'Automática: antecipação pela operadora',
  regra: 'Regra',
  manual: 'Manual',
  criado: 'Movimento criado da linha',
};

/** How many lines each step of an automatic run reconciled. */
export interface ResultadoConciliacao {
  conciliadas: number;
  porOrigem: Partial<Record<OrigemConciliacao, number>>;
}

/** A reconciliation as the screen reads it. */
export interface ConciliacaoDaLinha {
  _id: string;
  origem: OrigemConciliacao;
  movimentos: string[];
  operadora: string | null;
  recebivelData: string | null;
  previstoLiquido: number | null;
  /** The credit paid days after it less a discount (an anticipation, automatic or by hand). */
  antecipada: boolean;
  usuario: string | null;
  conciliadoEm: string;
}

export interface MovimentoCandidato {
  _id: string;
  data: string;
  valor: number;
  descricao: string;
  tipo: string;
}

export interface SaldoConciliadoDia {
  data: string;
  /** The bank's balance at the end of the day per the statements (null without a ledger balance in any file). */
  banco: number | null;
  /** The ledger's balance counting only the opening balance and reconciled movements. */
  conciliado: number;
  /** The ledger's whole balance. */
  razao: number;
  /** banco − conciliado. */
  diferenca: number | null;
}

export interface RegraConciliacaoSalva extends RegraConciliacaoBody {
  _id: string;
  planoContaNome: string | null;
  contaNome: string | null;
}
