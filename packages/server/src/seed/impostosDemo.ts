import { findRecurso } from '@retaguarda/domain';
import type { Transaction } from '../db/client.ts';
import { alterarNaTransacao, criarNaTransacao } from '../resources/pipeline.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { acharRegistro, garantir } from './catalogoDemo.ts';

/** The tax configurations a demonstration store's products point to (ids in the store). */
export interface ImpostosDemo {
  tributado: string;
  substituicao: string;
  federal: string;
}

// Drinks bought ready from the distributor: ICMS already withheld by substitution (CFOP 5405, CSOSN 500).
const COM_ST = new Set(['Refrigerante lata', 'Água mineral', 'Cerveja long neck']);
// The IBS/CBS of the 2026 test year: full taxation (CST 000, cClassTrib 000001), so NFC-e checks pass.
const ibsCbs = { cst: '000', cClassTrib: '000001' };

/**
 * The store's state and federal tax configurations of a Simples Nacional restaurant (the demo stores'
 * CRT 1), created through the resource engine (same rules as the tax screens) or found by description.
 */
export async function impostosDemo(tx: Transaction, s: SessaoRequest): Promise<ImpostosDemo> {
  return {
    tributado: await garantir(tx, s, 'configuracaoImposto', 'descricao', { descricao: 'Simples Nacional – tributado', icms: [{ uf: 'SP', cfop: '5102', csosn: '102' }], ibsCbs }, s.empresa),
    substituicao: await garantir(tx, s, 'configuracaoImposto', 'descricao', { descricao: 'Simples Nacional – ST (bebidas)', icms: [{ uf: 'SP', cfop: '5405', csosn: '500' }], ibsCbs }, s.empresa),
    federal: await garantir(tx, s, 'configuracaoImpostoFederal', 'descricao', { descricao: 'Simples Nacional (PIS/COFINS no DAS)', cstPis: '49', cstCofins: '49' }, s.empresa),
  };
}

/**
 * The product's price and taxes in the store (produtoGeralEmpresa, sold in every mode): created, or
 * given its taxes through the update pipeline when an earlier demonstration left it without.
 */
export async function garantirPrecoDemo(tx: Transaction, s: SessaoRequest, p: { id: string; descricao: string; preco: number }, impostos: ImpostosDemo): Promise<string> {
  const def = findRecurso('produtoGeralEmpresa')!;
  const taxas = { configuracaoImposto: COM_ST.has(p.descricao) ? impostos.substituicao : impostos.tributado, impostoFederal: impostos.federal };
  const achado = await acharRegistro(tx, s, 'produtoGeralEmpresa', 'produtoGeral', p.id, s.empresa);
  if (!achado) return (await criarNaTransacao(tx, def, s, { produtoGeral: p.id, preco: p.preco, ...taxas }))._id as string;
  const dados = achado.dados as Record<string, unknown>;
  if (!dados.configuracaoImposto || !dados.impostoFederal) await alterarNaTransacao(tx, def, s, achado.id, { ...taxas, version: achado.version });
  return achado.id;
}
