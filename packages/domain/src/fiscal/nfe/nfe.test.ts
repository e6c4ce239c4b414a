import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { altaDePreco, custoDoItem, lerNfe, type LeituraNfe, type NotaLida } from './index.ts';

const pasta = fileURLToPath(new URL('../../../../../fixtures/nfe/', import.meta.url));
const ler = (nome: string) => lerNfe(readFileSync(pasta + nome, 'utf8'));
const nota = (r: LeituraNfe): NotaLida => {
  if (r.tipo !== 'nota') throw new Error(`esperava uma nota: ${JSON.stringify(r)}`);
  return r.nota;
};

describe('every supplier file of fixtures/nfe (the shared samples) gets its outcome', () => {
  // [file, what the importer does with it, the reason when refused]
  const esperados: [string, 'entra' | 'cancelada' | 'recusada' | 'cancelamento', RegExp | null][] = [
    ['dfe_retConsNFeDest_resNFe_legacy.xml', 'recusada', /resumo de consulta de NF-e \(DF-e\)/],
    ['evento_procEventoNFe_110110_cce.xml', 'recusada', /carta de correção, não uma NF-e/],
    ['nfce65_pmz_icms60_qrcode_noprot.xml', 'recusada', /dígito verificador deveria ser 8/],
    ['nfce65_prod_3itens_icmssn102.xml', 'entra', null],
    ['nfe55_41itens_ipitrib_7dups.xml', 'entra', null],
    ['nfe55_CANCELADA_tecidos_1dup_tpag99.xml', 'cancelada', null],
    ['nfe55_alimentos_icms10_st_ipi_boleto_1dup.xml', 'entra', null],
    ['nfe55_alimentos_supermercado_icms70.xml', 'entra', null],
    ['nfe55_medicos_icms40_2dups.xml', 'entra', null],
    ['nfe55_reforma_ibscbs_icms10_3dups.xml', 'entra', null],
    ['nfe55_simples_icmssn202_st_dup.xml', 'recusada', /homologação/],
    ['nfe55_v310_plotag_7dups_icmssn101.xml', 'recusada', /homologação/],
  ];

  it('covers every file in the folder', () => {
    expect(readdirSync(pasta).sort()).toEqual(esperados.map(([f]) => f).sort());
  });

  it.each(esperados)('%s → %s', (arquivo, esperado, motivo) => {
    const r = ler(arquivo);
    const desfecho = r.tipo === 'nota' ? (r.motivo ? 'recusada' : r.cancelada ? 'cancelada' : 'entra') : r.tipo;
    expect(desfecho).toBe(esperado);
    if (motivo) expect(r.tipo === 'nota' ? r.motivo : 'motivo' in r ? r.motivo : '').toMatch(motivo);
  });
});

describe('what is read from a note', () => {
  it('the 41-item note: items, taxes, 7 duplicatas to the centavo, and the key/emitter mismatch as a warning', () => {
    const r = ler('nfe55_41itens_ipitrib_7dups.xml');
    const n = nota(r);
    expect(n.itens).toHaveLength(41);
    expect(n.itens[0]).toMatchObject({ numero: 1, cProd: '/136520', gtin: '7896554412009', ncm: '76151000', cfop: '6101', unidade: 'PC', quantidade: '200.0000', valorUnitario: '18.9000000000', valorProduto: 378000, ipi: 24570, pis: 2285, cofins: 10546 });
    expect(n.itens[0]!.icms).toEqual({ grupo: 'ICMS00', cst: '00', valor: 45360, st: 0, fcpSt: 0 });
    expect(n.itens.reduce((s, i) => s + i.valorProduto, 0)).toBe(n.totais.produtos);
    expect(n.itens.reduce((s, i) => s + i.ipi, 0)).toBe(n.totais.ipi);
    expect(n.duplicatas.map((d) => [d.numero, d.vencimento, d.valor])).toEqual([
      ['001', '2025-06-11', 3417369],
      ['002', '2025-06-26', 3407823],
      ['003', '2025-07-11', 3407823],
      ['004', '2025-07-26', 3407823],
      ['005', '2025-08-10', 3407823],
      ['006', '2025-08-25', 3407823],
      ['007', '2025-09-09', 3407823],
    ]);
    expect(n.duplicatas.reduce((s, d) => s + d.valor, 0)).toBe(n.totais.nota);
    expect(r.avisos).toContain('A chave de acesso traz o emitente 41576807000161, e o emitente da nota é 90954334000197.');
    // The anonymised key keeps a valid check digit: its impossible UF and the protocol citing another key warn, they do not refuse.
    expect(r.avisos).toContain('A chave de acesso traz o código de UF 94, que não existe.');
    expect(r.avisos).toContain('O protocolo de autorização cita outra chave (12345561576807000161550010000699161000436194): confira o XML com o fornecedor.');
    expect(n.emitente).toMatchObject({ documento: '90954334000197', crt: '3' });
    expect(n.destinatario?.documento).toBe('96274637000145');
  });

  it('the cancellation appended inside nfeProc makes the note cancelled', () => {
    const r = ler('nfe55_CANCELADA_tecidos_1dup_tpag99.xml');
    expect(r).toMatchObject({ tipo: 'nota', motivo: null, cancelada: true });
    expect(nota(r).itens[0]!.gtin).toBeNull(); // SEM GTIN
  });

  it('a separate cancellation event is read as the cancellation of its key', () => {
    const cce = readFileSync(pasta + 'evento_procEventoNFe_110110_cce.xml', 'utf8');
    const cancelamento = cce.replaceAll('<tpEvento>110110</tpEvento>', '<tpEvento>110111</tpEvento>');
    expect(lerNfe(cancelamento)).toEqual({ tipo: 'cancelamento', chave: '53181011028793000173550010000066701204276800', avisos: [] });
  });

  it('the v3.10 wrapper around a 4.00 note is a warning, not a refusal', () => {
    const r = ler('nfce65_prod_3itens_icmssn102.xml');
    expect(r).toMatchObject({ tipo: 'nota', motivo: null });
    expect(r.avisos).toContain('O envelope nfeProc diz versão 3.10 e a nota é versão 4.00.');
  });

  it('keeps the IBS/CBS group of the reforma and the 3 duplicatas; the cost leaves IBS/CBS out', () => {
    const r = ler('nfe55_reforma_ibscbs_icms10_3dups.xml');
    const i = nota(r).itens[0]!;
    expect(i.ibsCbs).toEqual({ cst: '000', cClassTrib: '000001', ibs: 0, cbs: 10100 });
    expect(nota(r).duplicatas.map((d) => d.valor)).toEqual([5491505, 5491505, 5491671]);
    expect(r.avisos).toContain('A nota traz IBS/CBS (reforma tributária): valores guardados, fora do custo.');
  });

  it('duplicatas that do not add up to the note are a warning (the v3.10 file repeats the whole value seven times)', () => {
    const r = ler('nfe55_v310_plotag_7dups_icmssn101.xml');
    expect(r.avisos).toContain('As duplicatas somam 482937 centavos e a nota 68991: confira as contas a pagar.');
    expect(ler('nfe55_reforma_ibscbs_icms10_3dups.xml').avisos.filter((a) => a.startsWith('As duplicatas'))).toEqual([]);
  });

  it('no cobr: the payment groups are read (supermercado, tPag 99)', () => {
    const n = nota(ler('nfe55_alimentos_supermercado_icms70.xml'));
    expect(n.duplicatas).toEqual([]);
    expect(n.pagamentos).toEqual([{ tPag: '99', valor: 61037 }]);
  });

  it('landed cost: vProd − vDesc + frete/seguro/outras + IPI + ST + FCP-ST; credits only by policy', () => {
    const n = nota(ler('nfe55_alimentos_icms10_st_ipi_boleto_1dup.xml'));
    const granola = n.itens[0]!;
    expect(custoDoItem(granola, { creditar: false })).toBe(7823 + 1177);
    expect(custoDoItem(granola, { creditar: true })).toBe(7823 + 1177 - 939 - 51 - 235);
    // The note's total is the sum of its items' landed costs without credit (no freight or other charges here).
    expect(n.itens.reduce((s, i) => s + custoDoItem(i, { creditar: false }), 0)).toBe(n.totais.nota);
  });

  it('refuses what is not XML, a DOCTYPE, and a bare NFe without the authorisation protocol', () => {
    expect(lerNfe('isto não é xml <a>')).toMatchObject({ tipo: 'recusada', motivo: expect.stringContaining('Não é um XML legível') });
    expect(lerNfe('<!DOCTYPE x [<!ENTITY a "b">]><x/>')).toMatchObject({ tipo: 'recusada', motivo: expect.stringContaining('DOCTYPE') });
    const xml = readFileSync(pasta + 'nfe55_medicos_icms40_2dups.xml', 'utf8');
    const semProt = xml.replace(/<protNFe[\s\S]*<\/protNFe>/, '');
    expect(lerNfe(semProt)).toMatchObject({ tipo: 'nota', motivo: expect.stringContaining('protocolo de autorização') });
    const negada = xml.replace('<cStat>100</cStat>', '<cStat>110</cStat>');
    expect(lerNfe(negada)).toMatchObject({ tipo: 'nota', motivo: 'O protocolo da SEFAZ não autoriza a nota (cStat 110).' });
  });
});

describe('a price jump against the last purchase', () => {
  it('is flagged above 20 %, in whole percent rounded half up; 20 % exactly, a fall or no last purchase is not', () => {
    expect(altaDePreco(1_250_000n, 1_000_000n)).toBe(25);
    expect(altaDePreco(1_200_001n, 1_000_000n)).toBe(20);
    expect(altaDePreco(1_200_000n, 1_000_000n)).toBeNull();
    expect(altaDePreco(800_000n, 1_000_000n)).toBeNull();
    expect(altaDePreco(800_000n, 0n)).toBeNull();
    expect(altaDePreco(1_225_000n, 1_000_000n)).toBe(23);
  });
});
