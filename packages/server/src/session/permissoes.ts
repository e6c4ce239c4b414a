import { ehAdministrador, mensagemAcessoNegado, permissoesSchema, pode, semPermissoes, type AcaoTela, type Permissoes } from '@retaguarda/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../plugins/envelope.ts';
import { sessaoDe } from './requireSession.ts';

/**
 * The permissions of a user: administrators (flag or role) everything; others their profile's grid.
 * A profile record that does not parse (edited by hand, older shape) grants nothing rather than failing.
 */
export function permissoesDe(user: { administrador: boolean; atribuicaoSistema: string }, perfil: { telas?: unknown; pdv?: unknown } | null): Permissoes {
  if (ehAdministrador(user)) return { administrador: true, telas: {}, pdv: [] };
  const lido = permissoesSchema.safeParse({ administrador: false, telas: perfil?.telas ?? {}, pdv: perfil?.pdv ?? [] });
  return lido.success ? lido.data : semPermissoes();
}

/** 403 with the Portuguese message naming the screen and the action, unless the session may. */
export function verificarPermissao(permissoes: Permissoes, tela: string, acao: AcaoTela): void {
  if (!pode(permissoes, tela, acao)) throw new HttpError(403, mensagemAcessoNegado(tela, acao));
}

/** preHandler (after requireSession) for routes that act on a screen. */
export function exigirPermissao(tela: string, acao: AcaoTela) {
  return async function exigirPermissaoHandler(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    verificarPermissao(sessaoDe(request).permissoes, tela, acao);
  };
}

/** preHandler for a page that serves several screens (the calendar): the session may `acao` on one of them. */
export function exigirAlgumaPermissao(telas: readonly string[], acao: AcaoTela) {
  return async function exigirAlgumaPermissaoHandler(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const { permissoes } = sessaoDe(request);
    if (!telas.some((tela) => pode(permissoes, tela, acao))) throw new HttpError(403, mensagemAcessoNegado(telas[0]!, acao));
  };
}
