import { isValidGtin, SEM_GTIN } from '../../documents/gtin.ts';
import { reais } from '../../shared/dinheiro.ts';
import { pendenciasFiscais, type ConfiguracaoEstadual, type ConfiguracaoFederal, type ContextoFiscal } from '../../tax/pendenciasFiscais.ts';

/** What the product checker (correcaoProdutos) looks for, each with the screen that fixes it. */
export const tiposAchado = {
  semNcm: { rotulo: 'Sem NCM', tela: 'produtoGeral' },
  gtinInvalido: { rotulo: 'GTIN inválido', tela: 'produtoGeral' },
  semPreco: { rotulo: 'Sem preço nesta empresa', tela: 'produtoGeralEmpresa' },
  semImposto: { rotulo: 'Sem configuração de imposto', tela: 'produtoGeralEmpresa' },
  impostoIncompleto: { rotulo: 'Imposto incompleto para NF-e/NFC-e', tela: 'configuracaoImposto' },
  precoAbaixoDoCusto: { rotulo: 'Preço abaixo do custo', tela: 'produtoGeralEmpresa' },
} as const;
export type TipoAchado = keyof typeof tiposAchado;

export interface Achado {
  tipo: TipoAchado;
  mensagem: string;
}

export interface ProdutoVerificado {
  ncm?: string | null;
  gtin?: string | null;
  /** Services and fees are not goods: no NCM or GTIN asked. */
  tipoProduto?: string | null;
}

export interface ProdutoEmpresaVerificado {
  preco: number;
  custo?: number | null;
  configuracaoImposto?: ConfiguracaoEstadual | null;
  impostoFederal?: ConfiguracaoFederal | null;
}

const naoMercadoria = new Set(['serviço', 'Taxa Entrega', 'Gorjeta']);

/**
 * The findings of one product in one company: what would stop its NF-e/NFC-e or lose money.
 * `empresa` is the company's product (price, cost, populated tax configurations), or null when the
 * company does not sell it.
 */
export function verificarProduto(produto: ProdutoVerificado, empresa: ProdutoEmpresaVerificado | null, contexto: ContextoFiscal = {}): Achado[] {
  const achados: Achado[] = [];
  const mercadoria = !naoMercadoria.has(produto.tipoProduto ?? '');
  if (mercadoria && !produto.ncm) achados.push({ tipo: 'semNcm', mensagem: 'Informe o NCM (8 dígitos): a NF-e e a NFC-e exigem.' });
  if (produto.gtin && produto.gtin !== SEM_GTIN && !isValidGtin(produto.gtin)) achados.push({ tipo: 'gtinInvalido', mensagem: `O GTIN ${produto.gtin} não confere com o dígito verificador.` });
  if (!empresa) {
    achados.push({ tipo: 'semPreco', mensagem: 'A empresa não tem preço para este produto.' });
    return achados;
  }
  if (!empresa.configuracaoImposto || !empresa.impostoFederal) {
    const faltam = [!empresa.configuracaoImposto && 'estadual (ICMS)', !empresa.impostoFederal && 'federal (PIS/COFINS)'].filter(Boolean).join(' e ');
    achados.push({ tipo: 'semImposto', mensagem: `Escolha a configuração de imposto ${faltam}.` });
  }
  else {
    const pendencias = pendenciasFiscais({ configuracaoImposto: empresa.configuracaoImposto, impostoFederal: empresa.impostoFederal }, contexto);
    if (pendencias.length) achados.push({ tipo: 'impostoIncompleto', mensagem: pendencias.join('; ') });
  }
  if (empresa.custo && empresa.preco < empresa.custo) achados.push({ tipo: 'precoAbaixoDoCusto', mensagem: `Preço ${reais(empresa.preco)} abaixo do custo ${reais(empresa.custo)}.` });
  return achados;
}
