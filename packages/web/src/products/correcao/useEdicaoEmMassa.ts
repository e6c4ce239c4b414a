import { notifications } from '@mantine/notifications';
import type { CampoEdicaoEmMassa, ModoAjuste } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useGeral } from '../../session/store.ts';

interface ProdutoRef {
  _id: string;
  codigo: string;
  descricao: string;
}

export interface Previa {
  campo: CampoEdicaoEmMassa;
  rotuloCampo: string;
  linhas: { produto: ProdutoRef; version: number; antes: unknown; depois: unknown; antesTexto: string; depoisTexto: string }[];
  recusados: { produto: ProdutoRef; motivo: string }[];
  semMudanca: number;
}

export interface Lote {
  _id: string;
  criadoEm: string;
  usuario: string;
  descricao: string;
  quantidade: number;
  desfeitoEm: string | null;
  desfeitoPor: string | null;
}

export interface Edicao {
  campo: CampoEdicaoEmMassa;
  modo: ModoAjuste;
  valor?: string | number | null;
  percentual?: string;
}

export type Selecao = { produtos: string[] } | { busca?: string; agrupador?: string };

const chaveLotes = (empresa: string | undefined) => ['correcaoProdutos', 'lotes', empresa];

/**
 * Controller of correcaoProdutos' bulk edit: the preview of an edit over a selection, applying
 * exactly what the preview showed (with its versions), the company's batches and undoing one.
 * `aoMudar` refreshes what the products' change affects (the checker).
 */
export function useEdicaoEmMassa(textos: { aplicado: (n: number) => string; desfeito: string }, aoMudar: () => Promise<unknown>) {
  const empresa = useGeral((s) => s.empresa?._id);
  const queryClient = useQueryClient();
  const [previa, setPrevia] = useState<{ edicao: Edicao; resultado: Previa } | null>(null);
  const lotes = useQuery({
    queryKey: chaveLotes(empresa),
    queryFn: ({ signal }) => api.get<Lote[]>('correcaoProdutos/lotes', { signal }),
    enabled: Boolean(empresa),
  });
  const erro = (error: Error) => notifications.show({ color: 'red', message: error.message, autoClose: 10_000 });
  const mudou = () => Promise.all([queryClient.invalidateQueries({ queryKey: chaveLotes(empresa) }), aoMudar()]);

  const pedirPrevia = useMutation({
    mutationFn: async ({ edicao, selecao }: { edicao: Edicao; selecao: Selecao }) => ({ edicao, resultado: await api.post<Previa>('correcaoProdutos/previa', { edicao, selecao }) }),
    onSuccess: setPrevia,
    onError: erro,
  });
  const aplicar = useMutation({
    mutationFn: () => api.post<Lote>('correcaoProdutos/aplicar', { edicao: previa!.edicao, itens: previa!.resultado.linhas.map((l) => ({ produto: l.produto._id, version: l.version })) }),
    onSuccess: async (lote) => {
      notifications.show({ color: 'green', message: textos.aplicado(lote.quantidade) });
      setPrevia(null);
      await mudou();
    },
    onError: erro,
  });
  const desfazer = useMutation({
    mutationFn: (id: string) => api.post<Lote>(`correcaoProdutos/lotes/${id}/desfazer`, {}),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: textos.desfeito });
      await mudou();
    },
    onError: erro,
  });
  return { previa: previa?.resultado ?? null, descartarPrevia: () => setPrevia(null), pedirPrevia, aplicar, lotes, desfazer };
}
