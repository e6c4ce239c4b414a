import { hojeNoFuso, somarDias } from '@retaguarda/domain';
import { useCallback, useMemo } from 'react';
import { useUrlParams } from '../../app/useUrlParams.ts';

const DATA = /^\d{4}-\d{2}-\d{2}$/;

export interface FiltroBase {
  de: string;
  ate: string;
  canais: string[];
  terminais: string[];
  operadores: string[];
  /** A registered periodoPorHora's id (Almoço 11:00–15:00), or null for the whole day. */
  periodoPorHora: string | null;
  /** The stores chosen (?empresa=, in a report that offers them); none: every store the user may see. */
  empresas?: string[];
}

/** The lists of the filter and their (singular, repeated) URL parameter: ?canal=Salão&canal=Delivery. */
const listas = { canais: 'canal', terminais: 'terminal', operadores: 'operador', empresas: 'empresa' } as const;

/**
 * The filters every sales report shares, kept in the URL (?de=&ate=&canal=…&terminal=…&operador=…
 * &periodoPorHora=&agrupar=) so a link or a reload shows the same report; the default period is the
 * last 30 days. The stores (?empresa=, none: every one the user may see) are offered by every report;
 * a screen that does not offer them (`comEmpresas: false`) does not read them: no hidden filter.
 */
export function useFiltroRelatorio({ comEmpresas = true }: { comEmpresas?: boolean } = {}) {
  const [params, setParams] = useUrlParams();
  const hoje = hojeNoFuso();
  const filtro: FiltroBase = useMemo(() => {
    const de = params.get('de');
    const ate = params.get('ate');
    return {
      de: de && DATA.test(de) ? de : somarDias(hoje, -29),
      ate: ate && DATA.test(ate) ? ate : hoje,
      canais: params.getAll('canal'),
      terminais: params.getAll('terminal'),
      operadores: params.getAll('operador'),
      periodoPorHora: params.get('periodoPorHora') || null,
      empresas: comEmpresas ? params.getAll('empresa') : [],
    };
  }, [params, hoje, comEmpresas]);
  const alterar = useCallback(
    (mudanca: Partial<FiltroBase> & Record<string, string | string[] | null | undefined>) =>
      setParams((p) => {
        const proximo = new URLSearchParams(p);
        for (const [chave, valor] of Object.entries(mudanca)) {
          if (chave in listas) {
            const param = listas[chave as keyof typeof listas];
            proximo.delete(param);
            for (const v of valor as string[]) proximo.append(param, v);
          } else if (valor === null) proximo.delete(chave);
          else if (valor !== undefined) proximo.set(chave, String(valor));
        }
        return proximo;
      }),
    [setParams],
  );
  return { filtro, hoje, params, alterar };
}
