import { colunasDre, hojeNoFuso, regimesDre, type ColunasDre, type RegimeDre } from '@retaguarda/domain';
import { useCallback, useMemo } from 'react';
import { useUrlParams } from '../../app/useUrlParams.ts';

const MES = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface FiltroDreTela {
  de: string;
  ate: string;
  empresas: string[];
  regime: RegimeDre;
  colunas: ColunasDre;
}

/**
 * The statement's filter, kept in the URL (?de=AAAA-MM&ate=AAAA-MM&empresa=…&regime=&colunas=) so a link
 * or a reload shows the same statement; by default January to this month on the cash basis, months as columns.
 */
export function useFiltroDre() {
  const [params, setParams] = useUrlParams();
  const hoje = hojeNoFuso();
  const filtro: FiltroDreTela = useMemo(() => {
    const de = params.get('de');
    const ate = params.get('ate');
    const regime = params.get('regime');
    const colunas = params.get('colunas');
    return {
      de: de && MES.test(de) ? de : `${hoje.slice(0, 4)}-01`,
      ate: ate && MES.test(ate) ? ate : hoje.slice(0, 7),
      empresas: params.getAll('empresa'),
      regime: (regimesDre as readonly string[]).includes(regime ?? '') ? (regime as RegimeDre) : 'caixa',
      colunas: (colunasDre as readonly string[]).includes(colunas ?? '') ? (colunas as ColunasDre) : 'mes',
    };
  }, [params, hoje]);
  const alterar = useCallback(
    (mudanca: Partial<FiltroDreTela>) =>
      setParams((p) => {
        const proximo = new URLSearchParams(p);
        for (const [chave, valor] of Object.entries(mudanca)) {
          if (chave === 'empresas') {
            proximo.delete('empresa');
            for (const v of valor as string[]) proximo.append('empresa', v);
          } else if (valor !== undefined) proximo.set(chave, String(valor));
        }
        return proximo;
      }),
    [setParams],
  );
  return { filtro, hoje, alterar };
}

/** The months a user picks from: three years back to the end of next year, newest first. */
export function mesesParaEscolher(hoje: string): { value: string; label: string }[] {
  const ano = Number(hoje.slice(0, 4));
  const meses: { value: string; label: string }[] = [];
  for (let a = ano + 1; a >= ano - 3; a--) for (let m = 12; m >= 1; m--) meses.push({ value: `${a}-${String(m).padStart(2, '0')}`, label: `${String(m).padStart(2, '0')}/${a}` });
  return meses;
}
