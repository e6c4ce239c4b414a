import { ufs } from './ufs.ts';

/**
 * The fixed reference lists served by GET /api/lista/{n} (SPEC.md §7). Each item has `_id` (the value
 * stored in records) and `descricao` (what the user sees); extra fields where a list needs them.
 */
export interface ItemLista {
  _id: string;
  descricao: string;
  [extra: string]: unknown;
}

const item = (_id: string, descricao = _id, extra: Record<string, unknown> = {}): ItemLista => ({ _id, descricao, ...extra });

/** NFC-e/NF-e tPag codes (DOMAIN.md §1, pag/detPag). */
export const tiposPagamento: ItemLista[] = [
  item('Dinheiro', 'Dinheiro', { tPag: '01' }),
  item('Cheque', 'Cheque', { tPag: '02' }),
  item('Cartão de Crédito', 'Cartão de crédito', { tPag: '03' }),
  item('Cartão de Débito', 'Cartão de débito', { tPag: '04' }),
  item('Crédito Loja', 'Crédito loja', { tPag: '05' }),
  item('Vale Alimentação', 'Vale-alimentação', { tPag: '10' }),
  item('Vale Refeição', 'Vale-refeição', { tPag: '11' }),
  item('Vale Presente', 'Vale-presente', { tPag: '12' }),
  item('Vale Combustível', 'Vale-combustível', { tPag: '13' }),
  item('Boleto Bancário', 'Boleto bancário', { tPag: '15' }),
  item('Depósito Bancário', 'Depósito bancário', { tPag: '16' }),
  item('PIX', 'PIX dinâmico', { tPag: '17' }),
  item('Transferência', 'Transferência bancária, carteira digital', { tPag: '18' }),
  item('Fidelidade', 'Programa de fidelidade, cashback, crédito virtual', { tPag: '19' }),
  item('PIX Estático', 'PIX estático', { tPag: '20' }),
  item('Sem Pagamento', 'Sem pagamento', { tPag: '90' }),
  item('Outros', 'Outros', { tPag: '99' }),
];

export const listas: Record<number, { nome: string; itens: ItemLista[] }> = {
  1: { nome: 'Estados', itens: ufs.map((uf) => item(uf.sigla, uf.nome, { codigoIbge: uf.codigo, regiao: uf.regiao })) },
  2: { nome: 'Tipos de endereço', itens: ['Residencial', 'Comercial', 'Entrega', 'Cobrança', 'Outro'].map((d) => item(d)) },
  3: { nome: 'Tipos de telefone', itens: ['Celular', 'Residencial', 'Comercial', 'WhatsApp', 'Recado', 'Outro'].map((d) => item(d)) },
  4: { nome: 'Tipos de endereço eletrônico', itens: ['E-mail', 'E-mail NF-e', 'Site', 'Instagram', 'Facebook', 'Outro'].map((d) => item(d)) },
  5: { nome: 'Sexos', itens: ['Masculino', 'Feminino', 'Não informado'].map((d) => item(d)) },
  7: { nome: 'Tipos de pessoa', itens: [item('Física', 'Pessoa física'), item('Jurídica', 'Pessoa jurídica')] },
  8: {
    nome: 'Status de operação',
    itens: ['Aberto', 'Em preparo', 'Pronto', 'Em entrega', 'Entregue', 'Finalizado', 'Cancelado'].map((d) => item(d)),
  },
  10: {
    nome: 'Status de pagamento',
    itens: ['Pendente', 'Parcial', 'Pago', 'Estornado', 'Cancelado'].map((d) => item(d)),
  },
  11: {
    nome: 'Status de expedição',
    itens: ['Aguardando', 'Em preparo', 'Pronto para expedição', 'Saiu para entrega', 'Entregue', 'Cancelado'].map((d) => item(d)),
  },
  14: { nome: 'Tipos de pagamento', itens: tiposPagamento },
};

export function lista(n: number): ItemLista[] | undefined {
  return listas[n]?.itens;
}
