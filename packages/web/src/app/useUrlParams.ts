import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate, useNavigationType, type Location, type NavigateOptions, type NavigationType } from 'react-router';

type Proximo = URLSearchParams | Record<string, string>;
type Mudanca = Proximo | ((atual: URLSearchParams) => Proximo);

/**
 * The newest search asked for while its navigation is still on its way. The guard (the layout's
 * loader) makes every navigation asynchronous, and React Router hands a functional update the
 * params of the last render: two changes in a row (closing the form, then a debounced search) both
 * started from the same params and the second undid the first, reopening the form.
 */
export interface Pedido {
  /** The key of the location shown when it was asked for. */
  desde: string;
  pathname: string;
  search: string;
  /** Earlier searches of the same run of changes: one of them may still land (React renders a landed navigation in a transition) before this one. */
  anteriores: readonly string[];
}
let pedido: Pedido | null = null;
const ouvintes = new Set<() => void>();
const assinar = (ouvinte: () => void) => {
  ouvintes.add(ouvinte);
  return () => void ouvintes.delete(ouvinte);
};
const lerPedido = () => pedido;

const naUrl = (search: string) => (search ? `?${search}` : '');

/**
 * The search a request still on its way puts on screen, or null once it is over. It is in flight while
 * the location it was made from is shown, or an earlier change of the same run landed after it was
 * asked for. Back or Forward (POP) and any other location end it: Back must not revive it.
 */
export function emVoo(l: Pick<Location, 'key' | 'pathname' | 'search'>, tipo: `${NavigationType}`, p: Pedido | null): string | null {
  if (!p || p.pathname !== l.pathname) return null;
  if (p.desde === l.key) return p.search;
  return tipo !== 'POP' && l.search !== naUrl(p.search) && p.anteriores.some((s) => l.search === naUrl(s)) ? p.search : null;
}

/**
 * useSearchParams that shows and builds on the newest URL asked for, not the last one rendered: a
 * change shows at once (a checkbox ticks when clicked) while the guard lets its navigation through,
 * and a second change keeps the first. Every screen that keeps its state in the URL goes through it.
 */
export function useUrlParams(): [URLSearchParams, (mudanca: Mudanca, options?: NavigateOptions) => void] {
  const location = useLocation();
  const tipo = useNavigationType();
  const navigate = useNavigate();
  const noAr = useSyncExternalStore(assinar, lerPedido);
  const search = emVoo(location, tipo, noAr) ?? location.search;
  // A location that is not an earlier step of the request landed: the request is over.
  useEffect(() => {
    if (pedido && emVoo(location, tipo, pedido) === null) pedido = null;
  }, [location, tipo]);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  // Read when called, so a callback kept from an earlier render (a debounced one) still sees the newest.
  // Set once committed: a landed navigation renders in a transition that may be set aside, and a
  // change built on its location would show on a screen still rendering the one before.
  const mostrada = useRef({ location, tipo });
  useLayoutEffect(() => {
    mostrada.current = { location, tipo };
  }, [location, tipo]);
  const alterar = useCallback(
    (mudanca: Mudanca, options?: NavigateOptions) => {
      const { location, tipo } = mostrada.current;
      const anterior = emVoo(location, tipo, pedido);
      const atual = new URLSearchParams(anterior ?? location.search);
      const proximo = typeof mudanca === 'function' ? mudanca(atual) : mudanca;
      const search = new URLSearchParams(proximo).toString();
      const anteriores = anterior !== null && pedido ? [...pedido.anteriores, pedido.search] : [];
      pedido = { desde: location.key, pathname: location.pathname, search, anteriores };
      for (const ouvinte of ouvintes) ouvinte();
      navigate({ pathname: location.pathname, search: naUrl(search) }, options);
    },
    [navigate],
  );
  return [params, alterar];
}

/** One key of the URL (a dialog's record, a tab): its value, and setting it (null removes it) keeping the others. */
export function useUrlParam(chave: string): [string | null, (valor: string | null, options?: NavigateOptions) => void] {
  const [params, alterar] = useUrlParams();
  const definir = useCallback(
    (valor: string | null, options?: NavigateOptions) =>
      alterar((atual) => {
        const proximo = new URLSearchParams(atual);
        if (valor === null) proximo.delete(chave);
        else proximo.set(chave, valor);
        return proximo;
      }, options),
    [alterar, chave],
  );
  return [params.get(chave), definir];
}
