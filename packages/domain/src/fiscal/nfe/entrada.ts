import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';

/** Where an entry stands: read and waiting to be posted, posted (stock and payables), reversed, or cancelled by SEFAZ. */
export const situacoesEntrada = ['pendente', 'lancada', 'estornada', 'cancelada'] as const;
export type SituacaoEntrada = (typeof situacoesEntrada)[number];

/** Bodies of the supplier NF-e entry API (issue 15), shared by the server's validation and the screen. */
export const importarNotasSchema = z.object({
  arquivos: z
    .array(
      z.object({
        nome: z.string({ error: 'Informe o nome do arquivo.' }).trim().min(1, 'Informe o nome do arquivo.').max(200, 'Nome de arquivo com no máximo 200 caracteres.'),
        /** The file's bytes (an XML or a zip of XMLs) in base64. */
        conteudo: z.string({ error: 'Envie o conteúdo do arquivo em base64.' }).min(1, 'Envie o conteúdo do arquivo em base64.'),
      }),
      { error: 'Envie a lista de arquivos.' },
    )
    .min(1, 'Envie ao menos um arquivo.')
    .max(200, 'Envie no máximo 200 arquivos de uma vez.'),
});

export const lancarEntradaSchema = z.object({
  local: z.string({ error: 'Escolha o local de estoque.' }).min(1, 'Escolha o local de estoque.'),
  planoConta: z.string().min(1).optional(),
  creditarImpostos: z.boolean({ error: 'Crédito de impostos: sim ou não.' }).optional(),
});

export const corresponderItemSchema = z.object({
  produto: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'),
  fator: decimalExato({ casas: 6, acimaDe: '0', max: '1000000', rotulo: 'o fator' }).nullish(),
});

export const estornoEntradaSchema = z.object({
  motivo: z.string({ error: 'Informe o motivo do estorno.' }).trim().min(3, 'Informe o motivo do estorno.').max(300, 'No máximo 300 caracteres.'),
});

export const filtroEntradasSchema = z.object({
  situacao: z.enum(situacoesEntrada, { error: 'Situação desconhecida.' }).optional(),
  busca: z.string().max(100, 'Busca com no máximo 100 caracteres.').optional(),
  limite: z.number().int().min(1).max(1000).optional(),
});

export const rotulosCampoEntrada: Record<string, string> = {
  arquivos: 'Arquivos',
  local: 'Local de estoque',
  planoConta: 'Plano de contas',
  creditarImpostos: 'Crédito de impostos',
  produto: 'Produto',
  fator: 'Fator',
  pedido: 'Pedido de compra',
  linha: 'Linha do pedido',
  motivo: 'Motivo',
  situacao: 'Situação',
  busca: 'Busca',
  limite: 'Limite',
};

/** Largest request: 200 files of up to 1 MB in base64. */
export const TAMANHO_MAXIMO_IMPORTACAO = 30 * 1024 * 1024;

/** POST /api/entradaNotaFiscal/importar: the answer per file (issue 15, the integrators' contract). */
export interface ResultadoImportacaoNota {
  nome: string;
  chave: string | null;
  situacao: 'pendente' | 'recusada' | 'cancelada' | 'repetida';
  motivo?: string;
  avisos: string[];
  itens: { numero: number; cProd: string; descricao: string; unidade: string; quantidade: string; valorProduto: number; produto: string | null; fator: string | null }[];
  valorTotal: number;
  entrada?: string;
}

/** POST /api/entradaNotaFiscal/lista: one entry of the company, with how many items still lack a product. */
export interface EntradaListada {
  _id: string;
  chave: string;
  numero: number;
  serie: number;
  emissao: string;
  emitenteNome: string;
  emitenteDocumento: string;
  valorTotal: number;
  situacao: SituacaoEntrada;
  importadaEm: string | null;
  lancadaEm: string | null;
  canceladaEm: string | null;
  itens: number;
  itensSemProduto: number;
}

/** An item of an entry with the product it is matched to. */
export interface ItemEntrada {
  numero: number;
  cProd: string;
  gtin: string | null;
  descricao: string;
  unidade: string;
  quantidade: string;
  valorProduto: number;
  /** Landed cost of the line without tax credits (centavos). */
  custo: number;
  ncm: string | null;
  cfop: string | null;
  produto: string | null;
  produtoDescricao: string | null;
  produtoUnidade: string | null;
  fator: string | null;
  /** Landed cost per stock unit (centavos, 4 places), once matched. */
  custoUnitario: string | null;
  /** The product's last purchase cost in the company (same scale), or null. */
  ultimoCusto: string | null;
  /** Whole percent above the last purchase when the jump is flagged. */
  altaDePreco: number | null;
  /** The purchase order line this item delivers, with what differs from it; null: none. */
  pedido: PedidoDoItem | null;
}

/** An item's purchase order line: quantities and price in the order's (supplier's) unit. */
export interface PedidoDoItem {
  _id: string;
  numero: number;
  /** The line's index in the order. */
  linha: number;
  unidade: string | null;
  fator: string;
  quantidadePedida: string;
  /** Received so far (on a posted note, its own receipt included). */
  quantidadeRecebida: string;
  precoPedido: string;
  /** This item in the order's unit, and its price (the product's value less discount, per order unit). */
  quantidadeNota: string;
  precoNota: string;
  divergencias: { quantidade?: string; precoUnitario?: string };
}

/** POST /api/entradaNotaFiscal/:id/itens/:numero/pedido: the order line an item delivers, or none (pedido null). */
export const vinculoPedidoSchema = z.object({
  pedido: z.string().trim().min(1, 'Escolha o pedido.').max(64, 'Identificador inválido.').nullable(),
  linha: z.number({ error: 'Informe a linha do pedido.' }).int('Linha do pedido inválida.').min(0, 'Linha do pedido inválida.').nullish(),
});
export type VinculoPedido = z.infer<typeof vinculoPedidoSchema>;

/** GET /api/entradaNotaFiscal/:id/pedidos: the supplier's open order lines an item may deliver. */
export interface LinhaPedidoAberta {
  pedido: string;
  numero: number;
  linha: number;
  produto: string;
  unidade: string | null;
  quantidade: string;
  quantidadeRecebida: string;
  precoUnitario: string;
}

/** GET /api/entradaNotaFiscal/:id (and the answer of its actions): an entry with its items. */
export interface EntradaNotaFiscal {
  _id: string;
  chave: string;
  modelo: string;
  serie: number;
  numero: number;
  emissao: string;
  fornecedor: string;
  fornecedorNome: string | null;
  emitenteDocumento: string;
  emitenteNome: string;
  valorTotal: number;
  situacao: SituacaoEntrada;
  avisos: string[];
  duplicatas: { numero: string; vencimento: string; valor: number }[];
  pagamentos: { tPag: string; valor: number }[];
  arquivo: string;
  nomeArquivo: string;
  local: string | null;
  titulos: string[];
  importadaEm: string;
  lancadaEm: string | null;
  estornadaEm: string | null;
  canceladaEm: string | null;
  version: number;
  /** The company may credit ICMS, PIS and COFINS (normal regime, CRT 3). */
  creditoPermitido: boolean;
  /** The company's default credit policy, used by the items' `custo` and by a posting that does not choose. */
  creditarImpostos: boolean;
  itens: ItemEntrada[];
}
