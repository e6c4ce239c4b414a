import { describe, expect, it } from 'vitest';
import { configuracaoImposto } from './configuracaoImposto.ts';
import { configuracaoImpostoFederal } from './configuracaoImpostoFederal.ts';

/** The first message per field path: the schema's, then (when it passes) the declaration's rules. */
function falhas(def: typeof configuracaoImposto | typeof configuracaoImpostoFederal, corpo: Record<string, unknown>): Record<string, string> {
  const r = def.schema.safeParse(corpo);
  const erros: Record<string, string> = {};
  if (!r.success) {
    for (const i of r.error.issues) erros[i.path.join('.')] ??= i.message;
    return erros;
  }
  for (const e of (def.regras as (d: unknown) => { campo: string; mensagem: string }[])(r.data)) erros[e.campo] ??= e.mensagem;
  return erros;
}

const sp = { uf: 'SP', cfop: '5102', cst: '00', aliquota: '18' };

describe('configuracaoImposto: code lists and rates', () => {
  it('keeps rates as exact strings with the 2026 test-year IBS/CBS defaults', () => {
    const d = configuracaoImposto.schema.parse({ descricao: 'Tributado 18%', icms: [{ ...sp, aliquota: '18,5', aliquotaFcp: '2' }] });
    expect(d.icms[0]).toMatchObject({ aliquota: '18.5000', aliquotaFcp: '2.0000', reducaoBase: '0.0000', modBc: '3', csosn: null });
    expect(d.ibsCbs).toEqual({ cst: null, cClassTrib: null, aliquotaIbsUf: '0.1000', aliquotaIbsMun: '0.0000', aliquotaCbs: '0.9000' });
    expect(d.ipi).toEqual({ cst: null, enquadramento: '999', aliquota: '0.0000' });
    expect(falhas(configuracaoImposto, { descricao: 'ok', icms: [sp] })).toEqual({});
  });

  it.each([
    [{ cfop: '1102' }, 'icms.0.cfop', 'CFOP de saída: 4 dígitos começando por 5 (dentro do estado), 6 (outro estado) ou 7 (exterior).'],
    [{ cst: '99' }, 'icms.0.cst', 'CST do ICMS: escolha um código da tabela (00, 10, 20, 40, 60, 90…).'],
    [{ cst: null, csosn: '104' }, 'icms.0.csosn', 'CSOSN: escolha um código da tabela (101, 102, 500, 900…).'],
    [{ modBcSt: '7' }, 'icms.0.modBcSt', 'Modalidade da base do ST: escolha um código de 0 a 6.'],
    [{ aliquota: '18,12345' }, 'icms.0.aliquota', 'A alíquota do ICMS: use no máximo 4 casas decimais.'],
    [{ aliquota: '101' }, 'icms.0.aliquota', 'A alíquota do ICMS deve ser no máximo 100.'],
    [{ uf: 'XX' }, 'icms.0.uf', 'Escolha a UF de destino.'],
  ])('refuses %j in an ICMS row, naming the field', (linha, campo, mensagem) => {
    expect(falhas(configuracaoImposto, { descricao: 'x', icms: [{ ...sp, ...linha }] })[campo]).toBe(mensagem);
  });

  it('asks what the CST or CSOSN needs: one of them, the rate, the reduced base, the ST fields', () => {
    expect(falhas(configuracaoImposto, { descricao: 'x', icms: [{ uf: 'SP', cfop: '5102' }] })).toEqual({ 'icms.0.cst': 'Informe o CST (regime normal) ou o CSOSN (Simples Nacional).' });
    expect(falhas(configuracaoImposto, { descricao: 'x', icms: [{ ...sp, csosn: '102' }] })['icms.0.csosn']).toBe('Informe o CST ou o CSOSN, não os dois (o regime da empresa decide).');
    expect(falhas(configuracaoImposto, { descricao: 'x', icms: [{ ...sp, aliquota: '0' }] })['icms.0.aliquota']).toBe('Informe a alíquota do ICMS (CST 00 é tributado).');
    expect(falhas(configuracaoImposto, { descricao: 'x', icms: [{ ...sp, cst: '20' }] })['icms.0.reducaoBase']).toBe('Informe a redução da base (CST 20 tem base reduzida).');
    expect(falhas(configuracaoImposto, { descricao: 'x', icms: [{ uf: 'SP', cfop: '5405', csosn: '202' }] })).toEqual({
      'icms.0.modBcSt': 'Informe a modalidade da base do ST (CSOSN 202 tem substituição tributária).',
      'icms.0.aliquotaSt': 'Informe a alíquota do ICMS ST (CSOSN 202 tem substituição tributária).',
    });
    expect(falhas(configuracaoImposto, { descricao: 'x', icms: [{ ...sp, cst: '10', modBcSt: '4', aliquotaSt: '18' }] })['icms.0.mva']).toBe('Informe a MVA (modalidade 4, margem de valor agregado).');
    expect(falhas(configuracaoImposto, { descricao: 'x', icms: [{ ...sp, cst: '10', modBcSt: '4', mva: '35,5', aliquotaSt: '18' }] })).toEqual({});
    expect(falhas(configuracaoImposto, { descricao: 'x', icms: [sp, { ...sp, cfop: '5405' }] })['icms.1.uf']).toBe('A UF SP aparece mais de uma vez.');
    expect(falhas(configuracaoImposto, { descricao: 'x', icms: [] }).icms).toBe('Informe o ICMS de pelo menos uma UF (a da empresa, para a NFC-e).');
  });

  it('checks IPI and IBS/CBS codes: CST tables, cEnq, cClassTrib of its CST', () => {
    const com = (extra: Record<string, unknown>) => falhas(configuracaoImposto, { descricao: 'x', icms: [sp], ...extra });
    expect(com({ ipi: { cst: '56' } })['ipi.cst']).toBe('CST do IPI: escolha um código da tabela (50, 51, 52, 53, 99…).');
    expect(com({ ipi: { cst: '50', enquadramento: '12' } })['ipi.enquadramento']).toBe('Enquadramento do IPI (cEnq): 3 dígitos da tabela da Receita Federal (999 = tributação normal).');
    expect(com({ ipi: { cst: '50' } })['ipi.aliquota']).toBe('Informe a alíquota do IPI (CST 50, saída tributada).');
    expect(com({ ipi: { cst: '53', aliquota: '5' } })['ipi.aliquota']).toBe('O CST 53 do IPI não tem alíquota: deixe 0.');
    expect(com({ ibsCbs: { cst: '001' } })['ibsCbs.cst']).toBe('CST IBS/CBS: escolha um código da tabela (000, 200, 410, 620…).');
    expect(com({ ibsCbs: { cst: '000', cClassTrib: '00001' } })['ibsCbs.cClassTrib']).toBe('cClassTrib: 6 dígitos, os três primeiros da CST (ex.: 000001).');
    expect(com({ ibsCbs: { cst: '000', cClassTrib: '200004' } })['ibsCbs.cClassTrib']).toBe('O cClassTrib 200004 não é da CST 000: os três primeiros dígitos são a CST.');
    expect(com({ ibsCbs: { cClassTrib: '000001' } })['ibsCbs.cst']).toBe('Informe a CST IBS/CBS do cClassTrib.');
    expect(com({ ibsCbs: { cst: '000', cClassTrib: '000001', aliquotaCbs: '0,9' }, ipi: { cst: '50', aliquota: '6,5' } })).toEqual({});
  });
});

describe('configuracaoImpostoFederal', () => {
  const base = { descricao: 'Presumido', cstPis: '01', aliquotaPis: '0,65', cstCofins: '01', aliquotaCofins: '3' };
  it('keeps exact rates and accepts a taxed configuration', () => {
    expect(configuracaoImpostoFederal.schema.parse(base)).toMatchObject({ aliquotaPis: '0.6500', aliquotaCofins: '3.0000', naturezaReceita: null });
    expect(falhas(configuracaoImpostoFederal, base)).toEqual({});
  });
  it('asks a rate for CST 01/02, none and the natureza da receita for CST 04–09', () => {
    expect(falhas(configuracaoImpostoFederal, { ...base, cstPis: '10' }).cstPis).toBe('CST do PIS: escolha um código da tabela (01, 04, 06, 49, 99…).');
    expect(falhas(configuracaoImpostoFederal, { ...base, aliquotaCofins: '0' }).aliquotaCofins).toBe('Informe a alíquota da COFINS (CST 01 é tributável).');
    expect(falhas(configuracaoImpostoFederal, { ...base, cstPis: '04', cstCofins: '04' })).toEqual({
      aliquotaPis: 'A CST 04 não tem alíquota do PIS: deixe 0.',
      aliquotaCofins: 'A CST 04 não tem alíquota da COFINS: deixe 0.',
      naturezaReceita: 'Informe a natureza da receita (obrigatória na EFD-Contribuições com a CST 04).',
    });
    expect(falhas(configuracaoImpostoFederal, { descricao: 'Monofásico', cstPis: '04', cstCofins: '04', naturezaReceita: '1' }).naturezaReceita).toBe(
      'Natureza da receita: 3 dígitos das tabelas 4.3.10 a 4.3.16 da EFD-Contribuições.',
    );
    expect(falhas(configuracaoImpostoFederal, { descricao: 'Monofásico', cstPis: '04', cstCofins: '04', naturezaReceita: '201' })).toEqual({});
  });
});

describe('configuracaoImpostoFederal with CST 03 (PISQtde/COFINSQtde)', () => {
  const porUnidade = { descricao: 'Cerveja por litro', cstPis: '03', cstCofins: '03', valorPisPorUnidade: '0,1309', valorCofinsPorUnidade: '0.6034' };
  it('takes the value in reais per unit exactly, with its 4 places', () => {
    expect(falhas(configuracaoImpostoFederal, porUnidade)).toEqual({});
    expect(configuracaoImpostoFederal.schema.parse(porUnidade)).toMatchObject({ valorPisPorUnidade: '0.1309', valorCofinsPorUnidade: '0.6034', aliquotaPis: '0.0000' });
  });
  it('asks the value per unit, no percentage, and refuses a value per unit on another CST', () => {
    expect(falhas(configuracaoImpostoFederal, { ...porUnidade, valorPisPorUnidade: '0' }).valorPisPorUnidade).toBe('Informe o valor do PIS por unidade em reais (CST 03 é tributada por quantidade).');
    expect(falhas(configuracaoImpostoFederal, { ...porUnidade, aliquotaCofins: '3' }).aliquotaCofins).toBe('A CST 03 cobra por unidade, não por percentual: deixe a alíquota da COFINS em 0.');
    expect(falhas(configuracaoImpostoFederal, { ...porUnidade, valorPisPorUnidade: '0,12345' }).valorPisPorUnidade).toBe('O valor do PIS por unidade: use no máximo 4 casas decimais.');
    expect(falhas(configuracaoImpostoFederal, { descricao: 'Presumido', cstPis: '01', aliquotaPis: '0,65', cstCofins: '01', aliquotaCofins: '3', valorCofinsPorUnidade: '0,5' }).valorCofinsPorUnidade).toBe(
      'O valor por unidade é só da CST 03: deixe o valor da COFINS por unidade em 0.',
    );
  });
});
