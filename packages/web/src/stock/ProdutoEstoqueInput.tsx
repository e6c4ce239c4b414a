import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceApi, resourceKeys } from '../resources/api.ts';
import { rotuloDeRegistro } from '../resources/format.ts';
import { filtroSemAcento } from '../resources/LocalidadeInput.tsx';
import { useGeral } from '../session/store.ts';
import type { ProdutoEscolhido } from './documentoForm.ts';

const LIMITE = 50;

/** Products of the group matching the typed text (description or code, on the server), with their stock unit. */
function useProdutos(busca: string) {
  const empresa = useGeral((s) => s.empresa?._id);
  return useQuery({
    queryKey: [...resourceKeys.opcoes('produtoGeral', empresa), 'estoque', busca],
    staleTime: 30_000,
    // The options shown stay, and stay pickable, while the search for the text typed is on its way: without
    // them a click on one as the search started found no product (the pick was lost) or hit a list being redrawn.
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const { registros } = await resourceApi('produtoGeral').list(
        { filtro: { lixo: false, ...(busca ? { busca } : {}) }, populate: ['unidade'], sort: { descricao: 1 }, limit: LIMITE, skip: 0 },
        signal,
      );
      return registros.map((r): ProdutoEscolhido => {
        const unidade = r.unidade && typeof r.unidade === 'object' ? (r.unidade as { sigla?: unknown }).sigla : null;
        return { id: r._id, rotulo: rotuloDeRegistro(r), unidade: typeof unidade === 'string' ? unidade : null };
      });
    },
  });
}

interface Props {
  valor: ProdutoEscolhido | null;
  onChange: (produto: ProdutoEscolhido | null) => void;
  label?: string;
  erro?: string | undefined;
  testid: string;
  w?: number | string;
}

/** Picks a product (produtoGeral) by description or code, searched on the server; the unit comes with it. */
export function ProdutoEstoqueInput({ valor, onChange, label, erro, testid, w }: Props) {
  const { t } = useTranslation();
  const [busca, setBusca] = useState(valor?.rotulo ?? '');
  const [adiada] = useDebouncedValue(busca.trim(), 250);
  // While the chosen product's label is shown, the list is the first page, not a search for that label.
  const termo = valor && adiada === valor.rotulo ? '' : adiada;
  const produtos = useProdutos(termo);
  const porId = useMemo(() => {
    const mapa = new Map<string, ProdutoEscolhido>();
    for (const p of produtos.data ?? []) mapa.set(p.id, p);
    if (valor) mapa.set(valor.id, valor);
    return mapa;
  }, [produtos.data, valor]);
  const data = useMemo(() => [...porId.values()].map((p) => ({ value: p.id, label: p.rotulo })), [porId]);
  return (
    <Select
      label={label}
      aria-label={label ? undefined : t('estoqueDoc.produto')}
      data={data}
      value={valor?.id ?? null}
      onChange={(id) => onChange(id ? (porId.get(id) ?? null) : null)}
      searchable
      searchValue={busca}
      onSearchChange={setBusca}
      filter={filtroSemAcento}
      clearable
      placeholder={t('estoqueDoc.buscarProduto')}
      nothingFoundMessage={produtos.isFetching ? t('recurso.carregandoOpcoes') : t('recurso.nenhumaOpcao')}
      error={erro}
      w={w}
      data-testid={testid}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
