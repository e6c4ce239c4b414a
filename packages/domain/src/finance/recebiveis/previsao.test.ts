import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { valorPresente } from './antecipacao.ts';
import { avisosPatDaRegra } from './pat.ts';
import { preverRecebiveis, type PagamentoRecebivel } from './previsao.ts';
import { regraDoPagamento, regraLiquidacaoSchema, type OperadoraRecebiveis } from './regras.ts';

/** An operadora as existing records are: only the simple fields. */
const cielo: OperadoraRecebiveis = { diasDebito: 1, diasCredito: 30, taxaDebito: '1.99', taxaCredito: '3.19', taxaParcelado: '2.55' };
const regra = (r: z.input<typeof regraLiquidacaoSchema>) => regraLiquidacaoSchema.parse(r);
const pagamento = (p: Partial<PagamentoRecebivel>): PagamentoRecebivel => ({ dataVenda: '2026-02-13', bruto: 10000, tPag: '03', bandeira: null, parcelas: 1, ...p });
const datas = (p: ReturnType<typeof preverRecebiveis>) => p!.recebiveis.map((r) => r.dataPrevista);
const valores = (p: ReturnType<typeof preverRecebiveis>) => p!.recebiveis.map(({ bruto, mdr, tarifa, liquido }) => [bruto, mdr, tarifa, liquido]);

describe('card receivables forecast', () => {
  it('debit: D+1 business day past Carnaval, a weekend, 20/11 and Christmas; MDR half up', () => {
    const debito = (dataVenda: string) => preverRecebiveis(pagamento({ dataVenda, tPag: '04', bruto: 5000 }), cielo);
    expect(datas(debito('2026-02-13'))).toEqual(['2026-02-18']); // Friday before Carnaval → Ash Wednesday
    expect(datas(debito('2026-03-06'))).toEqual(['2026-03-09']); // Friday → Monday
    expect(datas(debito('2026-11-19'))).toEqual(['2026-11-23']); // Consciência Negra on Friday
    expect(datas(debito('2026-12-24'))).toEqual(['2026-12-28']);
    // 1,99% of R$ 50,00 = 99,5 centavos → 100.
    expect(valores(debito('2026-12-24'))).toEqual([[5000, 100, 0, 4900]]);
    expect(debito('2026-12-24')!.origem).toBe('operadora');
  });

  it('credit à vista: D+30 calendar days, paid on the next business day', () => {
    const credito = (dataVenda: string) => preverRecebiveis(pagamento({ dataVenda }), cielo);
    expect(datas(credito('2026-02-13'))).toEqual(['2026-03-16']); // D+30 is Sunday 15/03
    expect(datas(credito('2026-11-19'))).toEqual(['2026-12-21']); // D+30 is Saturday 19/12
    expect(datas(credito('2026-12-24'))).toEqual(['2027-01-25']); // D+30 is Saturday 23/01
    expect(datas(credito('2026-10-03'))).toEqual(['2026-11-03']); // D+30 is Finados
    expect(valores(credito('2026-02-13'))).toEqual([[10000, 319, 0, 9681]]);
  });

  it('credit in 3×: installments at 30, 60 and 90 days, the odd centavo on the first, MDR per installment', () => {
    const p = preverRecebiveis(pagamento({ parcelas: 3, bruto: 10001 }), cielo);
    expect(p!.produto).toBe('creditoParceladoLojista');
    expect(datas(p)).toEqual(['2026-03-16', '2026-04-14', '2026-05-14']);
    // 2,55% of 3335 = 85,04 → 85; of 3333 = 84,99 → 85.
    expect(valores(p)).toEqual([
      [3335, 85, 0, 3250],
      [3333, 85, 0, 3248],
      [3333, 85, 0, 3248],
    ]);
    const dezembro = preverRecebiveis(pagamento({ parcelas: 3, dataVenda: '2026-12-24' }), cielo);
    expect(datas(dezembro)).toEqual(['2027-01-25', '2027-02-22', '2027-03-24']);
  });

  it('credit in installments financed by the issuer settles once, like à vista', () => {
    const p = preverRecebiveis(pagamento({ parcelas: 3 }), { ...cielo, parcelado: 'emissor' });
    expect(p!.produto).toBe('creditoParceladoEmissor');
    expect(datas(p)).toEqual(['2026-03-16']);
    expect(valores(p)).toEqual([[10000, 255, 0, 9745]]);
  });

  it('meal voucher: D+15 calendar days lands on a weekend and passes the PAT term; a fee above 3,6% is warned', () => {
    const ticket: OperadoraRecebiveis = { ...cielo, regras: [regra({ produto: 'voucherRefeicao', dias: 15, contagem: 'corridos', taxa: '4.50' })] };
    const p = preverRecebiveis(pagamento({ tPag: '11', bruto: 4550 }), ticket);
    expect(p!.origem).toBe('contrato');
    expect(datas(p)).toEqual(['2026-03-02']); // D+15 is Saturday 28/02
    expect(valores(p)).toEqual([[4550, 205, 0, 4345]]); // 204,75 → 205
    expect(p!.avisos.map((a) => a.codigo)).toEqual(['patTaxa', 'patPrazo']);
    expect(p!.avisos[0]!.mensagem).toContain('4,50% acima do teto de 3,6%');
    expect(p!.avisos[1]!.mensagem).toContain('Repasse em 17 dias corridos');
    // The same contract within the caps on a weekday sale: no warning.
    const dentro: OperadoraRecebiveis = { ...cielo, regras: [regra({ produto: 'voucherRefeicao', dias: 15, contagem: 'corridos', taxa: '3.60' })] };
    const q = preverRecebiveis(pagamento({ tPag: '11', bruto: 4550, dataVenda: '2026-11-19' }), dentro);
    expect(datas(q)).toEqual(['2026-12-04']);
    expect(valores(q)).toEqual([[4550, 164, 0, 4386]]);
    expect(q!.avisos).toEqual([]);
    // Christmas Eve: D+15 is 08/01/2027, a Friday.
    expect(datas(preverRecebiveis(pagamento({ tPag: '10', bruto: 4550, dataVenda: '2026-12-24' }), { ...cielo, regras: [regra({ produto: 'voucherAlimentacao', dias: 15, contagem: 'corridos' })] }))).toEqual(['2027-01-08']);
  });

  it('a voucher without a rule settles by the operadora credit fields and warns that D+30 passes the PAT term', () => {
    const p = preverRecebiveis(pagamento({ tPag: '10', bruto: 4550, dataVenda: '2026-11-19' }), cielo);
    expect(datas(p)).toEqual(['2026-12-21']);
    expect(p!.avisos.map((a) => a.codigo)).toEqual(['patPrazo']);
  });

  it('picks the most specific rule: brand and installments, then brand, then installments, then the product default', () => {
    const o: OperadoraRecebiveis = {
      ...cielo,
      regras: [
        regra({ produto: 'creditoParceladoLojista', taxa: '3.00', dias: 30, contagem: 'corridos' }),
        regra({ produto: 'creditoParceladoLojista', parcelasDe: 7, parcelasAte: 12, taxa: '4.00', dias: 30, contagem: 'corridos' }),
        regra({ produto: 'creditoParceladoLojista', bandeira: 'elo', taxa: '3.50', dias: 30, contagem: 'corridos' }),
        regra({ produto: 'creditoParceladoLojista', bandeira: 'elo', parcelasDe: 7, taxa: '4.50', dias: 30, contagem: 'corridos' }),
      ],
    };
    const taxa = (bandeira: string | null, parcelas: number) => regraDoPagamento(o, 'creditoParceladoLojista', bandeira, parcelas).regra.taxa;
    expect(taxa('visa', 3)).toBe('3.00');
    expect(taxa('visa', 8)).toBe('4.00');
    expect(taxa('elo', 3)).toBe('3.50');
    expect(taxa('elo', 10)).toBe('4.50');
    expect(regraDoPagamento(o, 'debito', 'elo', 1)).toMatchObject({ origem: 'operadora', regra: { taxa: '1.99', dias: 1, contagem: 'uteis' } });
    expect(regraDoPagamento(null, 'creditoAVista', null, 1)).toMatchObject({ origem: 'padrao', regra: { taxa: '0.00', dias: 30, contagem: 'corridos' } });
  });

  it('a fixed fee is taken from the first installment', () => {
    const o: OperadoraRecebiveis = { ...cielo, regras: [regra({ produto: 'creditoParceladoLojista', dias: 30, contagem: 'corridos', taxa: '2.00', tarifa: 50 })] };
    expect(valores(preverRecebiveis(pagamento({ parcelas: 2, bruto: 2001 }), o))).toEqual([
      [1001, 20, 50, 931],
      [1000, 20, 0, 980],
    ]);
  });

  it('automatic anticipation pays every installment on D+1 business day at its present value', () => {
    const o: OperadoraRecebiveis = { ...cielo, regras: [regra({ produto: 'creditoAVista', dias: 30, contagem: 'corridos', taxa: '3.19', antecipacaoAutomatica: true, taxaAntecipacao: '1.99' })] };
    const p = preverRecebiveis(pagamento({ dataVenda: '2026-02-13' }), o)!;
    // Paid 18/02 instead of 16/03 (26 days): 9681 / 1,0199^(26/30) = 9517,08.
    expect(p.recebiveis).toEqual([{ parcela: 1, dataPrevista: '2026-02-18', vencimento: '2026-03-16', bruto: 10000, mdr: 319, tarifa: 0, antecipacao: 164, liquido: 9517 }]);
  });

  it('computes present values to the centavo with exact arithmetic', () => {
    expect(valorPresente(10000, '2.00', 30)).toBe(9804); // 9803,92
    expect(valorPresente(10000, '2.00', 60)).toBe(9612); // 9611,69
    expect(valorPresente(10000, '2.00', 15)).toBe(9901); // 9901,48
    expect(valorPresente(9681, '1.99', 29)).toBe(9498); // 9498,34
    expect(valorPresente(3201, '1.99', 33)).toBe(3132); // 3132,36
    expect(valorPresente(10000, '0.00', 30)).toBe(10000);
    expect(valorPresente(10000, '2.00', 0)).toBe(10000);
  });

  it('pix is D+0 even on a Sunday; cash is no receivable', () => {
    expect(datas(preverRecebiveis(pagamento({ tPag: '17', dataVenda: '2026-02-15' }), null))).toEqual(['2026-02-15']);
    expect(valores(preverRecebiveis(pagamento({ tPag: '17' }), null))).toEqual([[10000, 0, 0, 10000]]);
    expect(preverRecebiveis(pagamento({ tPag: '01' }), cielo)).toBeNull();
  });
});

describe('PAT caps on a voucher rule of the contract', () => {
  it('warns above 3,6% or past 15 calendar days, and says nothing of other products', () => {
    expect(avisosPatDaRegra({ produto: 'voucherRefeicao', taxa: '3.60', dias: 15, contagem: 'corridos' })).toEqual([]);
    expect(avisosPatDaRegra({ produto: 'voucherRefeicao', taxa: '3.61', dias: 15, contagem: 'corridos' }).map((a) => a.codigo)).toEqual(['patTaxa']);
    expect(avisosPatDaRegra({ produto: 'voucherAlimentacao', taxa: '2.00', dias: 30, contagem: 'corridos' }).map((a) => a.mensagem)).toEqual([
      'Repasse em 30 dias corridos: o Decreto 12.712/2025 (PAT) exige no máximo 15 dias corridos para vale-refeição e vale-alimentação.',
    ]);
    // 10 business days can span 16 calendar days around Carnaval.
    expect(avisosPatDaRegra({ produto: 'voucherAlimentacao', taxa: '2.00', dias: 10, contagem: 'uteis' }).map((a) => a.codigo)).toEqual(['patPrazo']);
    expect(avisosPatDaRegra({ produto: 'voucherAlimentacao', taxa: '2.00', dias: 7, contagem: 'uteis' })).toEqual([]);
    expect(avisosPatDaRegra({ produto: 'creditoAVista', taxa: '5.00', dias: 30, contagem: 'corridos' })).toEqual([]);
  });
});
