import type { DefinicaoRelatorio } from '@retaguarda/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useUrlParams } from '../../app/useUrlParams.ts';
import { apagarDefinicao, escreverDefinicao, lerDefinicao } from './definicaoNaUrl.ts';

const chave = (d: DefinicaoRelatorio | null) => (d ? escreverDefinicao(new URLSearchParams(), d).toString() : '');

/**
 * The builder's definition, kept in the URL (definicaoNaUrl.ts) and shown at once: navigations are
 * asynchronous (the layout's guard), so a checkbox that waited for the URL would not tick when
 * clicked. The URL is written after each change; when it arrives with one of the changes written
 * here it is already shown, and any other URL (Back, a link, a reload) is followed. `padrao` is what
 * shows while the URL holds no definition (the open report as saved, or a new one).
 */
export function useDefinicaoNaUrl(padrao: DefinicaoRelatorio) {
  const [params, setParams] = useUrlParams();
  const daUrl = useMemo(() => lerDefinicao(params), [params]);
  const [local, setLocal] = useState<DefinicaoRelatorio | null>(daUrl);
  /** What was written and has not arrived yet, oldest first. */
  const pendentes = useRef<string[]>([]);
  useEffect(() => {
    const i = pendentes.current.indexOf(chave(daUrl));
    if (i >= 0) {
      pendentes.current = pendentes.current.slice(i + 1);
      return;
    }
    pendentes.current = [];
    setLocal(daUrl);
  }, [daUrl]);
  const definicao = local ?? padrao;
  // The newest definition, for a second change before the first one re-rendered.
  const atual = useRef(definicao);
  atual.current = definicao;

  const alterar = useCallback(
    (mudanca: Partial<DefinicaoRelatorio>) => {
      const nova = { ...atual.current, ...mudanca };
      atual.current = nova;
      pendentes.current.push(chave(nova));
      setLocal(nova);
      // Replace: Back leaves the page rather than undoing clicks one by one.
      setParams((p) => escreverDefinicao(p, nova), { replace: true });
    },
    [setParams],
  );
  /** Another report (or a new one): its definition as saved, and ?relatorio= its id (or none). */
  const trocar = useCallback(
    (relatorio: string | null) => {
      pendentes.current.push('');
      setLocal(null);
      setParams((p) => {
        const proximo = apagarDefinicao(p);
        if (relatorio) proximo.set('relatorio', relatorio);
        else proximo.delete('relatorio');
        return proximo;
      });
    },
    [setParams],
  );
  return { definicao, naUrl: daUrl !== null, alterar, trocar };
}
