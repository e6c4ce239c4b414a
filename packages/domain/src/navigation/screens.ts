import { telasCadastros } from './telas/cadastros.ts';
import { telasProdutos } from './telas/produtos.ts';
import { telasEstoque } from './telas/estoque.ts';
import { telasFinanceiro } from './telas/financeiro.ts';
import { telasRelatorios } from './telas/relatorios.ts';
import { telasIntegracoes } from './telas/integracoes.ts';
import type { Screen } from './telas/tela.ts';

export type { AjudaTela, Screen } from './telas/tela.ts';

/**
 * Every screen of SPEC.md §2, in the order the specification lists them, plus the extra pages PRODUCT.md
 * names; one file per group of areas in navigation/telas/.
 */
export const screens: readonly Screen[] = [...telasCadastros, ...telasProdutos, ...telasEstoque, ...telasFinanceiro, ...telasRelatorios, ...telasIntegracoes];

const byName = new Map(screens.map((screen) => [screen.name, screen]));

export function findScreen(name: string): Screen | undefined {
  return byName.get(name);
}

/** The page component key that renders a screen (shared pages collapse to one key). */
export function pageOf(screen: Screen): string {
  return screen.pagina ?? screen.name;
}
