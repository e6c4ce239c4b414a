import { z } from 'zod';
import { centavosSchema } from '../movimento.ts';

/**
 * Chargebacks (contestação, estorno de venda no cartão; issue 14): the acquirer takes back part or all of a
 * sale's card or voucher payment and debits its wallet. A chargeback is reversed once (the dispute won).
 */

const dataIso = (oQue: string) => z.iso.date({ error: `Informe ${oQue} (AAAA-MM-DD).` });
const id = (oQue: string) => z.string({ error: `Informe ${oQue}.` }).trim().min(1, `Informe ${oQue}.`).max(64);
const motivo = z.string({ error: 'Informe o motivo.' }).trim().min(3, 'Informe o motivo.').max(200, 'No máximo 200 caracteres.');

export const chargebackSchema = z.object({
  venda: id('a venda'),
  /** The payment of the sale (venda_pagamento.seq); omitted when the sale has a single card or voucher payment. */
  pagamento: z.number({ error: 'Informe o número do pagamento.' }).int('Informe o número do pagamento.').min(0).max(999).optional(),
  valor: centavosSchema('o valor contestado', 1),
  data: dataIso('a data do débito'),
  motivo,
  /** The acquirer's wallet (financeiroConta of kind Carteira de adquirente) debited. */
  conta: id('a conta da adquirente'),
});
export type ChargebackBody = z.output<typeof chargebackSchema>;

export const estornoChargebackSchema = z.object({ motivo });
export type EstornoChargebackBody = z.output<typeof estornoChargebackSchema>;

export const filtroChargebacksSchema = z
  .object({ de: dataIso('o início'), ate: dataIso('o fim') })
  .refine((f) => f.de <= f.ate, { path: ['ate'], message: 'O fim do período é anterior ao início.' });
export type FiltroChargebacks = z.output<typeof filtroChargebacksSchema>;

export const rotulosCampoChargeback: Record<string, string> = {
  venda: 'Venda',
  pagamento: 'Pagamento',
  valor: 'Valor',
  data: 'Data',
  motivo: 'Motivo',
  conta: 'Conta da adquirente',
  de: 'De',
  ate: 'Até',
};

export interface Chargeback {
  _id: string;
  venda: string;
  pedidoId: string | null;
  pagamento: number;
  tPag: string;
  /** The payment's amount net of change. */
  valorPagamento: number;
  valor: number;
  data: string;
  motivo: string;
  conta: string;
  contaNome: string;
  usuarioNome: string | null;
  registradoEm: string;
  /** The reversal, when the dispute was won. */
  estorno: { _id: string; motivo: string; usuarioNome: string | null; registradoEm: string } | null;
}
