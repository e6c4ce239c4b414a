import type { z } from 'zod';
import { empresa } from './empresa.ts';

/** What the empresaSimplificado wizard asks: the rest of the company takes the defaults below. */
export const empresaSimplificadoSchema = empresa.schema.pick({ razaoSocial: true, nomeFantasia: true, cnpj: true, crt: true, endereco: true });
export type EmpresaSimplificado = z.infer<typeof empresaSimplificadoSchema>;

/** The records created with the company, so it can sell the same day (shown on the wizard too). */
export const padroesEmpresaSimplificada = {
  caixa: { descricao: 'Caixa 1', fundoTroco: 0 },
  terminal: { descricao: 'PDV 1', tipo: 'PDV' as const },
  /** NFC-e series 1 of the PDV terminal and NF-e series 1, both from number 1, in homologação. */
  series: [
    { modelo: '65' as const, serie: 1, proximoNumero: 1 },
    { modelo: '55' as const, serie: 1, proximoNumero: 1 },
  ],
  formasPagamento: [
    { descricao: 'Dinheiro', tipo: 'Dinheiro', permiteTroco: true },
    { descricao: 'PIX', tipo: 'PIX' },
    { descricao: 'Cartão de crédito', tipo: 'Cartão de Crédito', exigeOperadora: true },
    { descricao: 'Cartão de débito', tipo: 'Cartão de Débito', exigeOperadora: true },
  ],
};
