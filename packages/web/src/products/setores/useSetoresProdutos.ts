import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { resourceApi, resourceKeys } from '../../resources/api.ts';
import type { Registro } from '../../resources/exportar.ts';
import { useGeral } from '../../session/store.ts';
import { useUrlParams } from '../../app/useUrlParams.ts';

const LIMITE = 500;

/**
 * Controller of produtoGeralSetorEmpresa: the company's products (search in the URL, ?busca=), the
 * rows ticked, and applying a print and/or production sector to all of them in one call.
 */
export function useSetoresProdutos(mensagemAplicado: (n: number) => string) {
  const [params, setParams] = useUrlParams();
  const busca = params.get('busca') ?? '';
  const empresa = useGeral((s) => s.empresa?._id);
  const queryClient = useQueryClient();
  const lista = useQuery({
    queryKey: [...resourceKeys.all('produtoGeralEmpresa', empresa), 'setores', busca],
    queryFn: ({ signal }) =>
      resourceApi('produtoGeralEmpresa').list(
        { filtro: { lixo: false, ...(busca.trim() ? { busca: busca.trim() } : {}) }, populate: ['produtoGeral', 'setorImpressao', 'setorImpressaoProducao'], sort: { produtoGeral: 1 }, limit: LIMITE, skip: 0 },
        signal,
      ),
    enabled: Boolean(empresa),
  });
  const [marcados, setMarcados] = useState<ReadonlySet<string>>(new Set());
  const registros: Registro[] = lista.data?.registros ?? [];
  const aplicar = useMutation({
    mutationFn: (setores: { setorImpressao?: string | null; setorImpressaoProducao?: string | null }) =>
      api.post<Registro[]>('produtoGeralSetorEmpresa/aplicar', { itens: registros.filter((r) => marcados.has(r._id)).map((r) => ({ _id: r._id, version: r.version })), ...setores }),
    onSuccess: async (alterados) => {
      notifications.show({ color: 'green', message: mensagemAplicado(alterados.length) });
      setMarcados(new Set());
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all('produtoGeralEmpresa', empresa) });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  const alternar = (id: string) =>
    setMarcados((atual) => {
      const novo = new Set(atual);
      if (novo.has(id)) novo.delete(id);
      else novo.add(id);
      return novo;
    });
  const todos = registros.length > 0 && registros.every((r) => marcados.has(r._id));
  const alternarTodos = () => setMarcados(todos ? new Set() : new Set(registros.map((r) => r._id)));
  const buscar = (texto: string) => setParams((p) => {
    const proximo = new URLSearchParams(p);
    if (texto) proximo.set('busca', texto);
    else proximo.delete('busca');
    return proximo;
  }, { replace: true });
  return { busca, buscar, registros, total: lista.data?.total ?? 0, carregando: lista.isPending, marcados, alternar, todos, alternarTodos, aplicar, limite: LIMITE };
}
