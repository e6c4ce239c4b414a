import { pode, type AcaoTela, type Permissoes } from '@retaguarda/domain';
import { useCallback } from 'react';
import { useGeral } from './store.ts';

/**
 * The signed-in user's access profile, from the session (GET /api/sessao). The server refuses what
 * it does not allow (403); the web uses it only to hide what would be refused.
 */
export function usePermissoes(): { permissoes: Permissoes | null; pode: (tela: string, acao: AcaoTela) => boolean } {
  const permissoes = useGeral((s) => s.usuario?.permissoes ?? null);
  const podeNaTela = useCallback((tela: string, acao: AcaoTela) => pode(permissoes, tela, acao), [permissoes]);
  return { permissoes, pode: podeNaTela };
}
