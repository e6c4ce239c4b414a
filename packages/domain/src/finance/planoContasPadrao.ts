import type { NaturezaPlanoConta } from '../resources/finance/financeiroPlanoConta.ts';

/** A node of the default chart of accounts as the financeiroPlanoConta schema stores it, with its fixed id. */
export interface ContaPadrao {
  _id: string;
  codigo: string;
  nome: string;
  pai: string | null;
  natureza: NaturezaPlanoConta;
  dre: boolean;
  ativo: true;
}

type Grupo = [codigo: string, nome: string, natureza: NaturezaPlanoConta, filhas: string[], dre?: boolean];

// A restaurant's chart of accounts, in DRE order: revenue, deductions, CMV, expenses, financial, investments.
const grupos: Grupo[] = [
  ['1', 'Receitas', 'Receita', ['Vendas no salão', 'Delivery', 'iFood e apps de delivery', 'Outras receitas']],
  ['2', 'Deduções', 'Despesa', ['Impostos sobre vendas', 'Taxas de cartão', 'Comissões de apps']],
  ['3', 'CMV', 'Despesa', ['Alimentos', 'Bebidas', 'Embalagens']],
  ['4', 'Despesas com pessoal', 'Despesa', ['Salários', 'Encargos', 'Benefícios', 'Pró-labore']],
  ['5', 'Ocupação', 'Despesa', ['Aluguel', 'Condomínio', 'Energia', 'Água', 'Gás', 'Internet']],
  ['6', 'Despesas administrativas', 'Despesa', ['Contabilidade', 'Sistemas e software', 'Material de escritório']],
  ['7', 'Marketing', 'Despesa', ['Publicidade', 'Promoções']],
  ['8', 'Manutenção', 'Despesa', ['Equipamentos', 'Predial']],
  ['9', 'Despesas financeiras', 'Despesa', ['Tarifas bancárias', 'Juros']],
  ['10', 'Receitas financeiras', 'Receita', ['Rendimentos de aplicações']],
  ['11', 'Investimentos', 'Outras', ['Equipamentos', 'Reformas'], false],
];

/**
 * The same id in every group (like the default customer, docs/decisions/0007): the primary key of
 * registro is (group, id), and code and the seed can name a node without a lookup.
 */
const idPadrao = (n: number) => `00000000-0000-7000-8001-${String(n).padStart(12, '0')}`;

/** Created by the database with every group (migration financeiro_plano_padrao; test: financeiroPlanoConta.test.ts). */
export const planoContasPadrao: readonly ContaPadrao[] = (() => {
  const nos: ContaPadrao[] = [];
  for (const [codigo, nome, natureza, filhas, dre = true] of grupos) {
    const pai = idPadrao(nos.length + 1);
    nos.push({ _id: pai, codigo, nome, pai: null, natureza, dre, ativo: true });
    filhas.forEach((filha, i) => nos.push({ _id: idPadrao(nos.length + 1), codigo: `${codigo}.${String(i + 1).padStart(2, '0')}`, nome: filha, pai, natureza, dre, ativo: true }));
  }
  return nos;
})();

/** The default node with this code (the seed and later issues post to them by code). */
export function contaPadrao(codigo: string): ContaPadrao {
  const c = planoContasPadrao.find((n) => n.codigo === codigo);
  if (!c) throw new Error(`Conta padrão ${codigo} não existe.`);
  return c;
}
