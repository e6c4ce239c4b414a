import { describe, expect, it } from 'vitest';
import { verificarProduto } from './verificarProduto.ts';

const estadual = { descricao: 'Tributado', icms: [{ uf: 'SP', cfop: '5102', cst: null, csosn: '102' }], ibsCbs: { cst: '000', cClassTrib: '000001' }, ipi: { cst: null, enquadramento: '999' } };
const federal = { cstPis: '49', cstCofins: '49', naturezaReceita: null };
const sp = { uf: 'SP', crt: '1' };
const tipos = (achados: { tipo: string }[]) => achados.map((a) => a.tipo);

describe('product checker (correcaoProdutos)', () => {
  it('finds nothing in a product ready for NFC-e and sold above cost', () => {
    expect(verificarProduto({ ncm: '21069090', gtin: '7891000315507' }, { preco: 2990, custo: 1100, configuracaoImposto: estadual, impostoFederal: federal }, sp)).toEqual([]);
  });

  it('finds a missing NCM, a GTIN whose check digit is wrong, a missing company price', () => {
    const achados = verificarProduto({ ncm: null, gtin: '7891000315508' }, null, sp);
    expect(tipos(achados)).toEqual(['semNcm', 'gtinInvalido', 'semPreco']);
    expect(achados[1]!.mensagem).toBe('O GTIN 7891000315508 não confere com o dígito verificador.');
    // A fee is not goods: no NCM asked.
    expect(tipos(verificarProduto({ ncm: null, tipoProduto: 'Taxa Entrega' }, { preco: 500, configuracaoImposto: estadual, impostoFederal: federal }, sp))).toEqual([]);
  });

  it('finds a missing or incomplete tax configuration (2026 reform fields) and a price below cost', () => {
    expect(verificarProduto({ ncm: '21069090' }, { preco: 900, custo: 1000, configuracaoImposto: null, impostoFederal: federal }, sp)).toEqual([
      { tipo: 'semImposto', mensagem: 'Escolha a configuração de imposto estadual (ICMS).' },
      { tipo: 'precoAbaixoDoCusto', mensagem: 'Preço R$ 9,00 abaixo do custo R$ 10,00.' },
    ]);
    const antiga = { descricao: 'Antiga', icms: [{ uf: 'SP', cfop: '5102', cst: null, csosn: '102' }] };
    expect(verificarProduto({ ncm: '21069090' }, { preco: 900, configuracaoImposto: antiga, impostoFederal: federal }, sp)).toEqual([
      { tipo: 'impostoIncompleto', mensagem: 'Sem CST IBS/CBS; Sem cClassTrib' },
    ]);
  });
});
