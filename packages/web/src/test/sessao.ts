import type { Permissoes, UsuarioSessao } from '@retaguarda/domain';
import { geralStore } from '../session/store.ts';

/** Puts a signed-in user with these permissions in the app's store (default: an administrator). */
export function entrarComo(permissoes: Permissoes = { administrador: true, telas: {}, pdv: [] }): UsuarioSessao {
  const usuario: UsuarioSessao = {
    _id: 'u-teste',
    nome: 'Teste',
    login: 'teste',
    email: null,
    atribuicaoSistema: permissoes.administrador ? 'Administrador' : 'Caixa',
    administrador: permissoes.administrador,
    permissoes,
  };
  geralStore.getState().patch({ usuario });
  return usuario;
}

export function sair(): void {
  geralStore.getState().patch({ usuario: null });
}
