import type { DefinicaoRelatorio } from '@retaguarda/domain';
import { useCallback, useMemo } from 'react';
import { useUrlParams } from '../../app/useUrlParams.ts';
import { apagarDefinicao, escreverDefinicao, lerDefinicao } from './definicaoNaUrl.ts';

/**
 * The builder's definition, kept in the URL (definicaoNaUrl.ts): a reload or a copied link shows the
 * same unsaved report. `padrao` is what shows while the URL holds no definition (the open report as
 * saved, or a new one). useUrlParams shows a change at once, before its navigation lands.
 */
/** A change of the definition: the fields to set, or a function of the newest definition giving them. */
export type MudancaDefinicao = Partial<DefinicaoRelatorio> | ((atual: DefinicaoRelatorio) => Partial<DefinicaoRelatorio>);

export function useDefinicaoNaUrl(padrao: DefinicaoRelatorio) {
  const [params, setParams] = useUrlParams();
  const daUrl = useMemo(() => lerDefinicao(params), [params]);

  const alterar = useCallback(
    // Replace: Back leaves the page rather than undoing clicks one by one. A function of the newest
    // definition (not the last one rendered): two quick clicks both count.
    (mudanca: MudancaDefinicao) =>
      setParams(
        (p) => {
          const atual = lerDefinicao(p) ?? padrao;
          return escreverDefinicao(p, { ...atual, ...(typeof mudanca === 'function' ? mudanca(atual) : mudanca) });
        },
        { replace: true },
      ),
    [setParams, padrao],
  );
  /** Another report (or a new one): its definition as saved, and ?relatorio= its id (or none). */
  const trocar = useCallback(
    (relatorio: string | null) =>
      setParams((p) => {
        const proximo = apagarDefinicao(p);
        if (relatorio) proximo.set('relatorio', relatorio);
        else proximo.delete('relatorio');
        return proximo;
      }),
    [setParams],
  );
  return { definicao: daUrl ?? padrao, naUrl: daUrl !== null, alterar, trocar };
}
