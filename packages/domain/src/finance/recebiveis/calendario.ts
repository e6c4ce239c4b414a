import { z } from 'zod';
import { diasEntre } from './diasUteis.ts';
import type { Recebivel } from './previsao.ts';
import type { ProdutoRecebivel } from './regras.ts';

/**
 * POST /api/calendarioRecebimento/previsao: the receivables expected from the sales' card, voucher
 * and pix payments, computed when asked (sales ingestion writes nothing for them).
 */
export const filtroPrevisaoRecebimento = z
  .object({
    /** Expected dates (dataPrevista) from `de` to `ate`, inclusive. */
    de: z.iso.date({ error: 'De: use aaaa-mm-dd.' }),
    ate: z.iso.date({ error: 'Até: use aaaa-mm-dd.' }),
    /** Empty: every company the user may see. */
    empresas: z.array(z.string({ error: 'Informe as empresas por id.' }).min(1).max(64), { error: 'Informe as empresas em uma lista de ids.' }).max(200).default([]),
    /** A day of the period whose receivables are listed one by one. */
    dia: z.iso.date({ error: 'Dia: use aaaa-mm-dd.' }).nullable().default(null),
  })
  .refine((f) => f.ate >= f.de, { path: ['ate'], message: 'O fim do período é anterior ao início.' })
  .refine((f) => diasEntre(f.de, f.ate) <= 92, { path: ['ate'], message: 'No máximo três meses por consulta.' })
  .refine((f) => f.dia === null || (f.dia >= f.de && f.dia <= f.ate), { path: ['dia'], message: 'O dia deve estar dentro do período.' });
export type FiltroPrevisaoRecebimento = z.input<typeof filtroPrevisaoRecebimento>;

export interface ValoresRecebivel {
  bruto: number;
  /** MDR + fixed fees + anticipation discount. */
  taxas: number;
  /** Standing chargebacks (reversed ones out) the acquirer takes from these receivables (descontarChargeback). */
  chargeback: number;
  /** bruto − taxas − chargeback. */
  liquido: number;
  quantidade: number;
}

export interface TotalPorChave extends ValoresRecebivel {
  /** operadora or tipoPagamentoBandeira _id; null = none on the payment. */
  id: string | null;
  nome: string;
  /** In a day's porOperadora: that operadora's part per brand (the fee audit compares it brand by brand). */
  porBandeira?: TotalPorChave[];
}

export interface DiaPrevisto extends ValoresRecebivel {
  data: string;
  porOperadora: TotalPorChave[];
  porBandeira: TotalPorChave[];
}

/** A receivable of the day asked: the installment (its dataPrevista is that day) and its sale. */
export interface RecebivelDoDia extends Omit<Recebivel, 'dataPrevista'> {
  venda: string;
  empresa: string;
  dataVenda: string;
  produto: ProdutoRecebivel;
  operadora: string | null;
  operadoraNome: string;
  bandeira: string | null;
  bandeiraNome: string;
  parcelas: number;
  /** PAT warnings of a voucher (Portuguese text). */
  avisos: string[];
  /** The payment of the sale (venda_pagamento.seq), to mark a chargeback on it. */
  pagamento: number;
  /** What the acquirer took back of this payment by chargebacks not reversed (centavos). */
  chargeback: number;
  /** The approved cash closing (conciliacaoCaixa) that confirmed the sale's card or voucher total, if any. */
  fechamento: { periodo: string; aprovadoEm: string } | null;
}

export interface PrevisaoRecebimento {
  dias: DiaPrevisto[];
  totais: ValoresRecebivel;
  /** The day asked in `dia`, its receivables one by one (empty without `dia`). */
  recebiveis: RecebivelDoDia[];
  /** PAT warnings of the period's voucher payments, each once with how many payments it concerns. */
  avisos: { mensagem: string; pagamentos: number }[];
}
