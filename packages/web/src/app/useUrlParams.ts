import { useCallback, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams, type NavigateOptions } from 'react-router';

type Proximo = URLSearchParams | Record<string, string>;
type Mudanca = Proximo | ((atual: URLSearchParams) => Proximo);

/**
 * The newest search asked for while its navigation is still on its way. The guard (the layout's
 * loader) makes every navigation asynchronous, and React Router hands a functional update the
 * params of the last render: two changes in a row (closing the form, then a debounced search) both
 * started from the same params and the second undid the first, reopening the form.
 */
let pedido: { desde: string; pathname: string; search: string } | null = null;

/**
 * useSearchParams whose updates build on the newest URL asked for, not the last one rendered.
 * Every screen that keeps its state in the URL goes through it.
 */
export function useUrlParams(): [URLSearchParams, (mudanca: Mudanca, options?: NavigateOptions) => void] {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // Read when called, so a callback kept from an earlier render (a debounced one) still sees the newest.
  const mostrada = useRef(location);
  mostrada.current = location;
  const alterar = useCallback(
    (mudanca: Mudanca, options?: NavigateOptions) => {
      const location = mostrada.current;
      // A request made from the location still shown is in flight; any other location has landed since.
      const emVoo = pedido && pedido.desde === location.key && pedido.pathname === location.pathname ? pedido.search : null;
      const atual = new URLSearchParams(emVoo ?? location.search);
      const proximo = typeof mudanca === 'function' ? mudanca(atual) : mudanca;
      const search = new URLSearchParams(proximo).toString();
      pedido = { desde: location.key, pathname: location.pathname, search };
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, options);
    },
    [navigate],
  );
  return [params, alterar];
}
