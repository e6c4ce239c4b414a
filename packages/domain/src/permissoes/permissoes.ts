// zod/mini: the signed-in shell validates the saved session with these, and classic zod would come along (issue 19).
import * as z from 'zod/mini';
import { findScreen, type Screen } from '../navigation/screens.ts';

/** What a profile may do on a screen (acessoSistema). */
export const acoesTela = ['ver', 'criar', 'editar', 'lixeira', 'exportar', 'aprovar'] as const;
export type AcaoTela = (typeof acoesTela)[number];

export const rotulosAcaoTela: Record<AcaoTela, string> = {
  ver: 'Ver',
  criar: 'Criar',
  editar: 'Editar',
  lixeira: 'Lixeira',
  exportar: 'Exportar',
  aprovar: 'Aprovar',
};

/** The verb of the 403 message: "o seu perfil não permite <verbo> na tela X". */
const verbos: Record<AcaoTela, string> = {
  ver: 'ver',
  criar: 'criar registros',
  editar: 'editar registros',
  lixeira: 'enviar registros para a lixeira ou restaurá-los',
  exportar: 'exportar',
  aprovar: 'aprovar',
};

/** Actions of the store terminal (PDV) a profile may be given; value = label, like every fixed choice. */
export const acoesPdv = [
  'Cancelar item',
  'Cancelar venda',
  'Dar desconto',
  'Abrir gaveta',
  'Reimprimir',
  'Sangria e suprimento',
  'Fechar caixa',
] as const;
export type AcaoPdv = (typeof acoesPdv)[number];

/**
 * Reports and dashboards only show and export: create, edit and trash mean nothing there. Except
 * relatoriosCriados, where users save, change and delete the reports they build.
 */
export function acoesDaTela(screen: Screen): readonly AcaoTela[] {
  if (telasComAprovacao.has(screen.name)) return acoesTela;
  if (screen.name === 'relatoriosCriados') return acoesSemAprovar;
  return screen.area === 'reports' || screen.area === 'dashboards' ? ['ver', 'exportar'] : acoesSemAprovar;
}

/** Screens with documents someone approves (a purchase order above the company's limit): only they have 'aprovar'. */
const telasComAprovacao: ReadonlySet<string> = new Set(['estoquePedidoCompra']);
/** The actions of a screen that has none to approve. */
const acoesSemAprovar = acoesTela.filter((a) => a !== 'aprovar');

/**
 * What the session knows of the signed-in user's profile (GET /api/sessao): administrators may do
 * everything; everyone else what their acessoSistema grants.
 */
export const permissoesSchema = z.object({
  administrador: z.boolean(),
  telas: z.record(z.string(), z.array(z.enum(acoesTela))),
  pdv: z.array(z.string()),
});
export type Permissoes = z.infer<typeof permissoesSchema>;

export const semPermissoes = (): Permissoes => ({ administrador: false, telas: {}, pdv: [] });

/** Administrators are those with the flag or the Administrador role (atribuicaoSistema). */
export function ehAdministrador(usuario: { administrador?: boolean | null; atribuicaoSistema?: string | null }): boolean {
  return Boolean(usuario.administrador) || usuario.atribuicaoSistema === 'Administrador';
}

export function pode(permissoes: Permissoes | null | undefined, tela: string, acao: AcaoTela): boolean {
  if (!permissoes) return false;
  if (permissoes.administrador) return true;
  return permissoes.telas[tela]?.includes(acao) ?? false;
}

export function podePdv(permissoes: Permissoes | null | undefined, acao: AcaoPdv): boolean {
  if (!permissoes) return false;
  return permissoes.administrador || permissoes.pdv.includes(acao);
}

/**
 * A consistent set of actions of one screen: any action implies 'ver' (a screen one cannot open
 * cannot be edited), and without 'ver' nothing is left. In the grid's order.
 */
export function normalizarAcoes(acoes: readonly AcaoTela[], alterada?: { acao: AcaoTela; marcada: boolean }): AcaoTela[] {
  const set = new Set(acoes);
  if (alterada) {
    if (alterada.marcada) set.add(alterada.acao);
    else set.delete(alterada.acao);
    if (alterada.acao === 'ver' && !alterada.marcada) set.clear();
  }
  if (set.size && !set.has('ver')) set.add('ver');
  return acoesTela.filter((a) => set.has(a));
}

/** "Acesso negado: o seu perfil não permite criar registros na tela Usuários." */
export function mensagemAcessoNegado(tela: string, acao: AcaoTela): string {
  const label = findScreen(tela)?.label ?? tela;
  return `Acesso negado: o seu perfil não permite ${verbos[acao]} na tela ${label}.`;
}
