import type { UsuarioResumo } from '@retaguarda/domain';
import { useMemo } from 'react';
import { useConfiguracao } from './store.ts';

export interface OpcaoColaborador {
  value: string;
  label: string;
}

/** Select options, by name; two people with the same name are told apart by their login. */
export function opcoesDeColaboradores(usuarios: readonly UsuarioResumo[]): OpcaoColaborador[] {
  const repetidos = new Set(usuarios.map((u) => u.nome).filter((nome, i, todos) => todos.indexOf(nome) !== i));
  return usuarios.map((u) => ({ value: u._id, label: repetidos.has(u.nome) ? `${u.nome} (${u.login})` : u.nome }));
}

/**
 * The employees and delivery people of the session's company (SPEC.md §3, §6), loaded with the
 * configuration and reloaded on a company switch. A screen that picks an employee or a delivery
 * person takes its choices here rather than asking the server again.
 */
export function useEquipe() {
  const funcionarios = useConfiguracao((s) => s.funcionarios);
  const entregadores = useConfiguracao((s) => s.entregadores);
  const carregando = useConfiguracao((s) => s.carregando);
  return useMemo(
    () => ({ funcionarios, entregadores, carregando, opcoesFuncionarios: opcoesDeColaboradores(funcionarios), opcoesEntregadores: opcoesDeColaboradores(entregadores) }),
    [funcionarios, entregadores, carregando],
  );
}
