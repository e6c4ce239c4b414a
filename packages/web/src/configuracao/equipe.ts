import { ATRIBUICAO_ENTREGADOR, mensagens, type UsuarioResumo } from '@retaguarda/domain';
import { chamar, ErroConfiguracao } from './chamada.ts';
import type { ContextoCarga } from './listas.ts';

/** The lists' names in the messages of SPEC.md §8 ('Falha ao obter Funcionários!'). */
export const LISTA_FUNCIONARIOS = 'Funcionários';
export const LISTA_ENTREGADORES = 'Entregadores';

/**
 * SPEC.md §7 body of POST getUsuario. Employees (§6): active users whose person is not in the trash;
 * delivery people: the same with atribuicaoSistema 'Motoboy'. The server takes the company and group
 * from the session; they are sent because the specification's body names them.
 */
export function corpoGetUsuario(ctx: ContextoCarga, entregadores: boolean) {
  return {
    filtro: {
      empresa: ctx.empresa?._id,
      grupoEmpresarial: ctx.grupoEmpresarial?._id,
      'pessoa.lixo': false,
      ativo: true,
      lixo: false,
      ...(entregadores ? { atribuicaoSistema: ATRIBUICAO_ENTREGADOR } : {}),
    },
    retornoCompleto: false,
    modoLista: true,
  };
}

async function carregarUsuarios(ctx: ContextoCarga, entregadores: boolean): Promise<UsuarioResumo[]> {
  const lista = entregadores ? LISTA_ENTREGADORES : LISTA_FUNCIONARIOS;
  if (!ctx.empresa || !ctx.grupoEmpresarial) throw new ErroConfiguracao(mensagens.falhaEmpresaIndefinida(lista));
  const usuarios = await chamar<UsuarioResumo[]>('POST', 'getUsuario', corpoGetUsuario(ctx, entregadores), { lista, signal: ctx.signal, fetch: ctx.fetch });
  return Array.isArray(usuarios) ? usuarios : [];
}

/** SPEC.md §3 employees of the session's company. */
export const carregarFuncionarios = (ctx: ContextoCarga) => carregarUsuarios(ctx, false);
/** SPEC.md §3 delivery people of the session's company. */
export const carregarEntregadores = (ctx: ContextoCarga) => carregarUsuarios(ctx, true);
