import { conjuntosDeDados, definicaoRelatorio, problemasDaDefinicao, type DefinicaoRelatorio } from '@retaguarda/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useGeral } from '../../session/store.ts';
import { useFiltroRelatorio } from '../relatorios/useFiltroRelatorio.ts';
import { comoSalvo, executarRelatorio, relatoriosSalvos, type RelatorioSalvo } from './api.ts';
import { useDefinicaoNaUrl } from './useDefinicaoNaUrl.ts';

/** What a new report starts with: sales by day. */
export const definicaoInicial = (): DefinicaoRelatorio => definicaoRelatorio.parse({ conjunto: 'vendas', colunas: ['dia', 'vendas', 'total'] });

/** A filter just added, with no value picked yet, does not filter (and is not saved). */
const semFiltrosVazios = (d: DefinicaoRelatorio): DefinicaoRelatorio => ({ ...d, filtros: d.filtros.filter((f) => f.valores.length > 0) });

/** What is saved besides the definition (the definition itself lives in the URL). */
export interface Rascunho {
  nome: string;
  descricao: string;
  compartilhado: boolean;
}

const vazio = (): Rascunho => ({ nome: '', descricao: '', compartilhado: false });

/**
 * Controller of relatoriosCriados: the period in the URL (as every sales report), ?relatorio= (the
 * saved report open) and the definition being built (definicaoNaUrl.ts), so a reload or a copied
 * link shows the same unsaved report; its live preview, and save / save as / delete.
 */
export function useRelatoriosCriados() {
  const { filtro, hoje, params, alterar } = useFiltroRelatorio();
  const aberto = params.get('relatorio');
  const empresa = useGeral((s) => s.empresa?._id);
  const usuario = useGeral((s) => s.usuario?._id);
  const queryClient = useQueryClient();
  const chaveLista = ['relatorioCriado', 'lista', empresa];

  const lista = useQuery({
    queryKey: chaveLista,
    queryFn: async ({ signal }) => (await relatoriosSalvos.list({ filtro: { lixo: false }, sort: { nome: 1 }, limit: 500, skip: 0 }, signal)).registros.map(comoSalvo),
    enabled: Boolean(empresa),
  });
  const salvo: RelatorioSalvo | undefined = lista.data?.find((r) => r._id === aberto);

  const [rascunho, setRascunho] = useState<Rascunho>(vazio);
  const carregar = useCallback((r: RelatorioSalvo) => setRascunho({ nome: r.nome, descricao: r.descricao, compartilhado: r.compartilhado }), []);
  // The URL's definition when it holds one (changed, maybe unsaved); else the open report's as saved; else a new one.
  const doSalvo = useMemo(() => (salvo ? { ...definicaoInicial(), ...salvo.definicao } : definicaoInicial()), [salvo]);
  const { definicao: definicaoAtual, naUrl, alterar: alterarDefinicao, trocar } = useDefinicaoNaUrl(doSalvo);
  // A link or a reload with ?relatorio= loads that report's name and sharing once the list arrives;
  // afterwards they change only by the user's typing.
  const inicial = useRef(aberto);
  useEffect(() => {
    if (!inicial.current || !lista.data) return;
    const r = lista.data.find((l) => l._id === inicial.current);
    inicial.current = null;
    if (r) carregar(r);
  }, [lista.data, carregar]);

  // A header clicked: by that column (a measure largest first, a dimension A to Z); clicked again, the other way.
  const ordenarPor = useCallback(
    (coluna: string) => {
      const atual = definicaoAtual.ordenacao[0];
      const medida = Object.hasOwn(conjuntosDeDados[definicaoAtual.conjunto].medidas, coluna);
      const direcao = atual?.coluna === coluna ? (atual.direcao === 'asc' ? 'desc' : 'asc') : medida ? 'desc' : 'asc';
      alterarDefinicao({ ordenacao: [{ coluna, direcao }] });
    },
    [definicaoAtual, alterarDefinicao],
  );
  const problemas = useMemo(() => problemasDaDefinicao(definicaoAtual), [definicaoAtual]);
  // The preview follows the builder a moment after the last click, not on every tick.
  const efetiva = useMemo(() => semFiltrosVazios(definicaoAtual), [definicaoAtual]);
  const [definicao] = useDebouncedValue(efetiva, 250);
  const valida = problemasDaDefinicao(definicao).length === 0;
  const consulta = useQuery({
    queryKey: ['relatorioCriado', 'executar', empresa, filtro, definicao],
    queryFn: ({ signal }) => executarRelatorio(filtro, definicao, signal),
    // A link to a saved report waits for it rather than running a new report's definition first.
    enabled: Boolean(empresa) && valida && (!aberto || Boolean(salvo) || naUrl || lista.isFetched),
    placeholderData: (anterior) => anterior,
  });

  const irPara = (id: string | null) => alterar({ relatorio: id });
  // Opening a saved report (or a new one) drops the URL's definition: the builder shows it as saved.
  const abrir = (id: string) => {
    const r = lista.data?.find((l) => l._id === id);
    if (r) carregar(r);
    trocar(id);
  };
  const novo = () => {
    setRascunho(vazio());
    trocar(null);
  };

  const dados = () => ({ nome: rascunho.nome, descricao: rascunho.descricao, compartilhado: rascunho.compartilhado, ...semFiltrosVazios(definicaoAtual) });
  const depois = async (r: Record<string, unknown>) => {
    await queryClient.invalidateQueries({ queryKey: chaveLista });
    irPara(String(r._id));
  };
  const salvar = useMutation({
    mutationFn: () => (salvo && salvo.autor === usuario ? relatoriosSalvos.update(salvo._id, { ...dados(), version: salvo.version }) : relatoriosSalvos.create(dados())),
    onSuccess: depois,
  });
  const salvarComo = useMutation({
    mutationFn: (nome: string) => relatoriosSalvos.create({ ...dados(), nome }),
    onSuccess: async (r) => {
      setRascunho((atual) => ({ ...atual, nome: String(r.nome) }));
      await depois(r);
    },
  });
  const excluir = useMutation({
    mutationFn: (id: string) => relatoriosSalvos.trash(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: chaveLista });
      novo();
    },
  });

  return {
    filtro,
    hoje,
    alterar,
    lista,
    salvo,
    usuario,
    /** The open report is the user's own (may be changed and deleted), or a new one. */
    meu: !salvo || salvo.autor === usuario,
    rascunho,
    setRascunho,
    definicao: definicaoAtual,
    alterarDefinicao,
    ordenarPor,
    problemas,
    resultado: valida ? consulta.data : undefined,
    carregando: consulta.isFetching,
    erro: consulta.error,
    abrir,
    novo,
    salvar,
    salvarComo,
    excluir,
  };
}
