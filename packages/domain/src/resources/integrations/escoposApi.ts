/**
 * What a third party's API client may be given (appTerceirosCadastro) and, for each scope, the API
 * operations it opens and the screens whose read permission those operations check. Only these
 * operations accept a client's bearer token; every other route refuses it, so a route added later is
 * closed to clients until it is listed here.
 */
export const escoposApi = {
  'produtos:ler': {
    descricao: 'Ler produtos (cadastro e preços da empresa)',
    telas: ['produtoGeral'],
    operacoes: [
      ['GET', '/api/produtoGeral'],
      ['GET', '/api/produtoGeral/:_id'],
      ['POST', '/api/produtoGeral/getPopulate'],
      ['POST', '/api/getListaProdutoGeralEmpresa'],
    ],
  },
  'vendas:ler': {
    descricao: 'Ler vendas (relatórios de vendas e por produto)',
    telas: ['relatorioVenda', 'relatorioVendaProdutos'],
    operacoes: [
      ['POST', '/api/relatorioVenda'],
      ['POST', '/api/relatorioVendaProdutos'],
    ],
  },
  'estoque:ler': {
    descricao: 'Ler estoque (posição e produtos esgotados)',
    telas: ['relatorioEstoqueProduto'],
    operacoes: [
      ['POST', '/api/relatorioEstoqueProduto'],
      ['GET', '/api/estoqueDisponibilidade'],
    ],
  },
  'financeiro:ler': {
    descricao: 'Ler o resumo financeiro (saldos, vencimentos, fluxo de caixa)',
    telas: ['financeiroResumo'],
    operacoes: [['POST', '/api/financeiroResumo']],
  },
  'pedidos:escrever': {
    descricao: 'Enviar pedidos à cozinha da empresa (POST /api/pedidos)',
    // Opens no screen: the route itself accepts only a client's token.
    telas: [],
    operacoes: [['POST', '/api/pedidos']],
  },
} as const satisfies Record<string, { descricao: string; telas: readonly string[]; operacoes: readonly (readonly [string, string])[] }>;

export type EscopoApi = keyof typeof escoposApi;
export const nomesEscoposApi = Object.keys(escoposApi) as EscopoApi[];

/** The scope that opens `metodo caminho` (the route's pattern, e.g. /api/produtoGeral/:_id), if any. */
export function escopoDaOperacao(metodo: string, caminho: string): EscopoApi | undefined {
  const m = metodo.toUpperCase();
  return nomesEscoposApi.find((e) => escoposApi[e].operacoes.some(([om, oc]) => om === m && oc === caminho));
}

/** OAuth's scope parameter: names separated by spaces (RFC 6749 §3.3). */
export const lerEscopos = (texto: string): string[] => [...new Set(texto.split(' ').filter(Boolean))];
