import { notifications } from '@mantine/notifications';
import { canaisVenda } from '@retaguarda/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { useGeral } from '../../session/store.ts';
import { cardapioApi, cardapioKeys, type CardapioRegistro } from './cardapioApi.ts';
import { comChaves, mover, moverProduto, novaChave, secoesParaSalvar, type PosicaoProduto, type SecaoRascunho } from './ordenacao.ts';
import { useUrlParams } from '../../app/useUrlParams.ts';

export interface JanelaRascunho {
  dias: string[];
  horaInicio: string;
  horaFim: string;
}

export interface Rascunho {
  descricao: string;
  canais: string[];
  secoes: SecaoRascunho[];
  disponibilidade: JanelaRascunho[];
}

const vazio = (): Rascunho => ({ descricao: '', canais: [...canaisVenda], secoes: [], disponibilidade: [] });
const deRegistro = (r: CardapioRegistro): Rascunho => ({
  descricao: r.descricao,
  canais: [...r.canais],
  secoes: comChaves(r.secoes),
  disponibilidade: r.disponibilidade.map((j) => ({ ...j, dias: [...j.dias] })),
});

/**
 * State of the criarCardapio page: the menu chosen (?cardapio=<id>), its draft being edited, the
 * customer preview of that draft (debounced, unsaved changes included), save and publish.
 */
export function useConstrutor() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const queryClient = useQueryClient();
  const [params, setParams] = useUrlParams();
  const id = params.get('cardapio');
  const [rascunho, setRascunho] = useState<Rascunho>(vazio);
  const [carregadoDe, setCarregadoDe] = useState<string | null>(null);
  const [alterado, setAlterado] = useState(false);
  const [erro, setErro] = useState<{ mensagem: string; campos: Record<string, string> } | null>(null);
  const [nomes, setNomes] = useState<Record<string, string>>({});

  const lista = useQuery({ queryKey: cardapioKeys.lista(empresa), queryFn: ({ signal }) => cardapioApi.lista(signal) });
  const registro = useQuery({ queryKey: cardapioKeys.um(empresa, id ?? ''), queryFn: ({ signal }) => cardapioApi.um(id!, signal), enabled: Boolean(id) });

  // A menu read from the server replaces the draft once per id (a refetch never drops typing).
  if (id && registro.data && carregadoDe !== `${id}:${registro.data.version}` && !alterado) {
    setCarregadoDe(`${id}:${registro.data.version}`);
    setRascunho(deRegistro(registro.data));
  }
  if (!id && carregadoDe !== null) {
    setCarregadoDe(null);
    setRascunho(vazio());
    setAlterado(false);
  }

  const idsNoRascunho = useMemo(() => [...new Set(rascunho.secoes.flatMap((s) => s.produtos))], [rascunho.secoes]);
  const faltamNomes = idsNoRascunho.filter((p) => !(p in nomes));
  useQuery({
    queryKey: ['criarCardapio', 'nomes', faltamNomes],
    enabled: faltamNomes.length > 0,
    queryFn: async ({ signal }) => {
      const achados = await cardapioApi.nomesProdutos(faltamNomes, signal);
      setNomes((n) => ({ ...n, ...Object.fromEntries(achados.map((p) => [p._id, p.descricao])) }));
      return achados;
    },
  });

  const secoesApi = useMemo(() => secoesParaSalvar(rascunho.secoes), [rascunho.secoes]);
  const previa = useMemo(() => ({ secoes: secoesApi, canais: rascunho.canais }), [secoesApi, rascunho.canais]);
  const [previaDebounced] = useDebouncedValue(previa, 300);
  const vitrine = useQuery({
    queryKey: cardapioKeys.vitrine(empresa, previaDebounced),
    queryFn: ({ signal }) => cardapioApi.vitrine(previaDebounced.secoes, previaDebounced.canais, signal),
    placeholderData: keepPreviousData,
  });

  const mudar = (f: (r: Rascunho) => Rascunho) => {
    setRascunho(f);
    setAlterado(true);
  };

  const falhou = (error: Error) => setErro({ mensagem: error.message, campos: isApiError(error) && error.campos ? error.campos : {} });

  async function gravar(): Promise<CardapioRegistro> {
    const dados = { descricao: rascunho.descricao, canais: rascunho.canais, secoes: secoesApi, disponibilidade: rascunho.disponibilidade };
    const salvo = registro.data && id ? await cardapioApi.salvar(id, { ...dados, version: registro.data.version }) : await cardapioApi.criar(dados);
    queryClient.setQueryData(cardapioKeys.um(empresa, salvo._id), salvo);
    setCarregadoDe(`${salvo._id}:${salvo.version}`);
    setAlterado(false);
    setErro(null);
    if (salvo._id !== id) setParams({ cardapio: salvo._id });
    void queryClient.invalidateQueries({ queryKey: cardapioKeys.lista(empresa) });
    return salvo;
  }

  const salvar = useMutation({
    mutationFn: gravar,
    onSuccess: () => notifications.show({ color: 'green', message: t('cardapio.salvo') }),
    onError: falhou,
  });

  const publicar = useMutation({
    mutationFn: async () => {
      const salvo = alterado || !registro.data ? await gravar() : registro.data;
      return cardapioApi.publicar(salvo._id, salvo.version);
    },
    onSuccess: ({ cardapio }) => {
      queryClient.setQueryData(cardapioKeys.um(empresa, cardapio._id), cardapio);
      setCarregadoDe(`${cardapio._id}:${cardapio.version}`);
      setErro(null);
      void queryClient.invalidateQueries({ queryKey: cardapioKeys.lista(empresa) });
      void queryClient.invalidateQueries({ queryKey: cardapioKeys.publicado(empresa, cardapio._id) });
      notifications.show({ color: 'green', message: t('cardapio.publicadoOk', { versao: cardapio.publicado?.versao ?? 1 }) });
    },
    onError: falhou,
  });

  return {
    id,
    lista,
    registro: id ? registro.data : undefined,
    carregando: Boolean(id) && registro.isLoading,
    rascunho,
    alterado,
    erro,
    nomes,
    vitrine: vitrine.data,
    vitrineCarregando: vitrine.isFetching,
    /** The preview could not be built: the one shown is of an earlier draft. */
    vitrineErro: vitrine.error,
    salvar,
    publicar,
    escolher: (novo: string | null) => {
      setAlterado(false);
      setErro(null);
      setCarregadoDe(null);
      setParams(novo ? { cardapio: novo } : {});
    },
    novo: () => {
      setAlterado(false);
      setErro(null);
      setParams({});
      setCarregadoDe(null);
      setRascunho(vazio());
    },
    setDescricao: (descricao: string) => mudar((r) => ({ ...r, descricao })),
    setCanais: (canais: string[]) => mudar((r) => ({ ...r, canais })),
    adicionarJanela: () => mudar((r) => ({ ...r, disponibilidade: [...r.disponibilidade, { dias: [], horaInicio: '11:00', horaFim: '15:00' }] })),
    alterarJanela: (i: number, parte: Partial<JanelaRascunho>) => mudar((r) => ({ ...r, disponibilidade: r.disponibilidade.map((j, k) => (k === i ? { ...j, ...parte } : j)) })),
    removerJanela: (i: number) => mudar((r) => ({ ...r, disponibilidade: r.disponibilidade.filter((_, k) => k !== i) })),
    adicionarSecao: (nome: string) => mudar((r) => ({ ...r, secoes: [...r.secoes, { chave: novaChave(), nome, descricao: '', produtos: [] }] })),
    alterarSecao: (i: number, parte: Partial<Pick<SecaoRascunho, 'nome' | 'descricao'>>) =>
      mudar((r) => ({ ...r, secoes: r.secoes.map((s, j) => (j === i ? { ...s, ...parte } : s)) })),
    removerSecao: (i: number) => mudar((r) => ({ ...r, secoes: r.secoes.filter((_, j) => j !== i) })),
    moverSecao: (de: number, para: number) => mudar((r) => ({ ...r, secoes: mover(r.secoes, de, para) })),
    adicionarProduto: (i: number, produto: { _id: string; descricao: string }) => {
      setNomes((n) => ({ ...n, [produto._id]: produto.descricao }));
      mudar((r) => ({ ...r, secoes: r.secoes.map((s, j) => (j === i && !s.produtos.includes(produto._id) ? { ...s, produtos: [...s.produtos, produto._id] } : s)) }));
    },
    removerProduto: (i: number, indice: number) => mudar((r) => ({ ...r, secoes: r.secoes.map((s, j) => (j === i ? { ...s, produtos: s.produtos.filter((_, k) => k !== indice) } : s)) })),
    moverProduto: (origem: PosicaoProduto, destino: PosicaoProduto) => mudar((r) => ({ ...r, secoes: moverProduto(r.secoes, origem, destino) })),
  };
}

export type Construtor = ReturnType<typeof useConstrutor>;
