import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router';

type Proximo = URLSearchParams | Record<string, string>;
type Mudanca = Proximo | ((atual: URLSearchParams) => Proximo);

/**
 * The newest search asked for while its navigation is still on its way. The guard (the layout's
 * loader) makes every navigation asynchronous, and React Router hands a functional update the
 * params of the last render: two changes in a row (closing the form, then a debounced search) both
 * started from the same params and the second undid the first, reopening the form.
 */
let pedido: { desde: string; pathname: string; search: string } | null = null;
const ouvintes = new Set<() => void>();
const assinar = (ouvinte: () => void) => {
  ouvintes.add(ouvinte);
  return () => void ouvintes.delete(ouvinte);
};
const lerPedido = () => pedido;
/** A request made from the location still shown is in flight; once any other location lands, that one is the truth. */
const emVoo = (l: { key: string; pathname: string }, p: typeof pedido) => (p && p.desde === l.key && p.pathname === l.pathname ? p.search : null);

/**
 * useSearchParams that shows and builds on the newest URL asked for, not the last one rendered: a
 * change shows at once (a checkbox ticks when clicked) while the guard lets its navigation through,
 * and a second change keeps the first. Every screen that keeps its state in the URL goes through it.
 */
export function useUrlParams(): [URLSearchParams, (mudanca: Mudanca, options?: NavigateOptions) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const noAr = useSyncExternalStore(assinar, lerPedido);
  const search = emVoo(location, noAr) ?? location.search;
  // Another location landed: the request is over (Back to the location it was made from must not revive it).
  useEffect(() => {
    if (pedido && pedido.desde !== location.key) pedido = null;
  }, [location.key]);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  // Read when called, so a callback kept from an earlier render (a debounced one) still sees the newest.
  const mostrada = useRef(location);
  mostrada.current = location;
  const alterar = useCallback(
    (mudanca: Mudanca, options?: NavigateOptions) => {
      const location = mostrada.current;
      const atual = new URLSearchParams(emVoo(location, pedido) ?? location.search);
      const proximo = typeof mudanca === 'function' ? mudanca(atual) : mudanca;
      const search = new URLSearchParams(proximo).toString();
      pedido = { desde: location.key, pathname: location.pathname, search };
      for (const ouvinte of ouvintes) ouvinte();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, options);
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
