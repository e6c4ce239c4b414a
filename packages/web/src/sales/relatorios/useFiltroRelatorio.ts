import { hojeNoFuso, somarDias } from '@retaguarda/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const DATA = /^\d{4}-\d{2}-\d{2}$/;

export interface FiltroBase {
  de: string;
  ate: string;
  canais: string[];
}

/**
 * The filters every sales report shares, kept in the URL (?de=&ate=&canal=…&agrupar=) so a link or
 * a reload shows the same report; the default period is the last 30 days.
 */
export function useFiltroRelatorio() {
  const [params, setParams] = useSearchParams();
  const hoje = hojeNoFuso();
  const filtro: FiltroBase = useMemo(() => {
    const de = params.get('de');
    const ate = params.get('ate');
    return { de: de && DATA.test(de) ? de : somarDias(hoje, -29), ate: ate && DATA.test(ate) ? ate : hoje, canais: params.getAll('canal') };
  }, [params, hoje]);
  const alterar = useCallback(
    (mudanca: Partial<FiltroBase> & Record<string, string | string[] | undefined>) =>
      setParams((p) => {
        const proximo = new URLSearchParams(p);
        for (const [chave, valor] of Object.entries(mudanca)) {
          if (chave === 'canais') {
            proximo.delete('canal');
            for (const canal of valor as string[]) proximo.append('canal', canal);
          } else if (valor !== undefined) proximo.set(chave, String(valor));
        }
        return proximo;
      }),
    [setParams],
  );
  return { filtro, hoje, params, alterar };
}
