import { Badge, Checkbox, Group, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { hojeNoFuso, type Campo } from '@retaguarda/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { useUrlParams } from '../app/useUrlParams.ts';
import { useOpcoesReferencia } from '../resources/ReferenciaInput.tsx';
import type { Registro } from '../resources/exportar.ts';
import { paginaDaUrl } from '../resources/listState.ts';
import { useGeral } from '../session/store.ts';
import { BotoesExportar } from '../sales/relatorios/BotoesExportar.tsx';
import { EscolhaFiltro } from '../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDeRelatorio } from '../sales/relatorios/exportarRelatorio.ts';
import { EstadoRelatorio, GraficoETabela, PaginaRelatorio } from '../sales/relatorios/PaginaRelatorio.tsx';
import { useConsultaRelatorio } from '../sales/relatorios/useConsultaRelatorio.ts';
import type { FiltroPosicao, LinhaPosicao, PaginaPosicao } from './estoqueApi.ts';
import { formatQtd } from './formatoEstoque.ts';
import { PainelIndisponiveis } from './disponibilidade/PainelIndisponiveis.tsx';
import { PainelPendenciasEstoque } from './pendencias/PainelPendenciasEstoque.tsx';
import { LINHAS_POR_PAGINA } from './relatorios/paginas.ts';
import { PaginacaoRelatorio } from './relatorios/PaginacaoRelatorio.tsx';
import { registrosPosicao } from './relatoriosEstoque.ts';

/** The columns the exports write (quantities as numbers, the unit apart); the screen shows the unit with the quantity. */
export const colunasPosicao = {
  codigo: { rotulo: 'Código', tipo: 'texto' },
  descricao: { rotulo: 'Produto', tipo: 'texto' },
  localDescricao: { rotulo: 'Local', tipo: 'texto' },
  quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
  unidade: { rotulo: 'Unidade', tipo: 'texto' },
  custoMedio: { rotulo: 'Custo médio', tipo: 'texto' },
  valor: { rotulo: 'Valor', tipo: 'dinheiro' },
  estoqueMinimo: { rotulo: 'Estoque mínimo', tipo: 'decimal' },
  abaixoMinimo: { rotulo: 'Abaixo do mínimo', tipo: 'texto' },
} as const satisfies Record<string, Campo>;
const { unidade: _, ...colunasTela } = colunasPosicao;
const recurso = recursoDeRelatorio('relatorioEstoqueProduto', 'Estoque por produto', colunasPosicao);

/**
 * relatorioEstoqueProduto: the position per location and product, valued at average cost; filters and the
 * page in the URL (?local=&busca=&abaixoMinimo=1&semZerados=1&pagina=). A page of lines at a time, with the
 * totals of all of them (a company's position is 22,000 lines); the exports ask every line.
 */
export default function RelatorioEstoqueProdutoPage() {
  const { t } = useTranslation();
  const [params, setParams] = useUrlParams();
  const grupo = useGeral((s) => s.grupoEmpresarial?.nome);
  const empresa = useGeral((s) => s.empresa?.nomeFantasia);
  const filtro: FiltroPosicao = useMemo(
    () => ({
      ...(params.get('local') ? { local: params.get('local')! } : {}),
      ...(params.get('busca')?.trim() ? { busca: params.get('busca')!.trim() } : {}),
      abaixoMinimo: params.get('abaixoMinimo') === '1',
      semZerados: params.get('semZerados') === '1',
    }),
    [params],
  );
  const pagina = paginaDaUrl(params);
  // A filter changed shows its first page.
  const definir = (chave: string, valor: string | null) =>
    setParams((p) => {
      const proximo = new URLSearchParams(p);
      if (valor === null || valor === '') proximo.delete(chave);
      else proximo.set(chave, valor);
      if (chave !== 'pagina') proximo.delete('pagina');
      return proximo;
    });
  const [busca, setBusca] = useState(filtro.busca ?? '');
  useEffect(() => setBusca((atual) => (atual.trim() === (filtro.busca ?? '') ? atual : (filtro.busca ?? ''))), [filtro.busca]);
  const buscaAdiada = useDebouncedCallback((texto: string) => definir('busca', texto.trim() || null), 350);

  const locais = useOpcoesReferencia('estoqueCadastro').data ?? [];
  const consulta = useMemo(() => ({ ...filtro, limite: LINHAS_POR_PAGINA, offset: (pagina - 1) * LINHAS_POR_PAGINA }), [filtro, pagina]);
  const { dados, erro } = useConsultaRelatorio<PaginaPosicao>('relatorioEstoqueProduto', consulta);
  const rotulos = [t('relatorioVenda.total'), t('relatorioEstoqueProduto.sim')] as const;
  const { registros } = registrosPosicao(dados?.linhas ?? [], ...rotulos);
  // The totals row is every line's, summed by the server, not the page's.
  const totais: Registro = { _id: 'total', descricao: rotulos[0], valor: dados?.totais.valor ?? 0 };
  // Every line, asked without limite: one answer, one snapshot of the balances.
  const carregar = async () => {
    const tudo = registrosPosicao(await api.post<LinhaPosicao[]>('relatorioEstoqueProduto', filtro), ...rotulos);
    return [...tudo.registros, tudo.totais];
  };
  const nomeLocal = locais.find((l) => l.value === filtro.local)?.label;
  const hoje = hojeNoFuso();
  const filtrosPdf: [string, string][] = [
    ...(filtro.local ? [[t('relatorioEstoqueProduto.filtroLocal'), nomeLocal ?? filtro.local] as [string, string]] : []),
    ...(filtro.busca ? [[t('relatorioEstoqueProduto.filtroBusca'), filtro.busca] as [string, string]] : []),
    ...(filtro.abaixoMinimo ? [[t('relatorioEstoqueProduto.abaixoMinimo'), t('relatorioEstoqueProduto.sim')] as [string, string]] : []),
    ...(filtro.semZerados ? [[t('relatorioEstoqueProduto.semZerados'), t('relatorioEstoqueProduto.sim')] as [string, string]] : []),
  ];
  const celula = (coluna: string, linha: Registro) => {
    if (linha._id === 'total') return undefined;
    const l = linha as unknown as LinhaPosicao;
    if (coluna === 'quantidade') return formatQtd(l.quantidade, l.unidade);
    if (coluna === 'estoqueMinimo') return formatQtd(l.estoqueMinimo, l.unidade);
    if (coluna === 'abaixoMinimo')
      return l.abaixoMinimo ? (
        <Badge color="red" variant="light" data-testid="posicao-abaixo-minimo">
          {t('relatorioEstoqueProduto.abaixo')}
        </Badge>
      ) : (
        ''
      );
    return undefined;
  };

  return (
    <PaginaRelatorio testid="relatorio-estoque-produto" titulo={t('relatorioEstoqueProduto.titulo')} explicacao={t('relatorioEstoqueProduto.explicacao')}>
      <PainelPendenciasEstoque />
      <PainelIndisponiveis />
      <Paper withBorder p="md" radius="md" className="nao-imprimir">
        <Group align="flex-end" wrap="wrap">
          <EscolhaFiltro multipla={false} rotulo={t('relatorioEstoqueProduto.local')} todos={t('relatorioEstoqueProduto.todosLocais')} opcoes={locais} valor={filtro.local ?? null} alterar={(v) => definir('local', v)} largura={220} busca testid="posicao-local" />
          <TextInput
            label={t('relatorioEstoqueProduto.busca')}
            placeholder={t('relatorioEstoqueProduto.buscaPlaceholder')}
            value={busca}
            onChange={(e) => {
              setBusca(e.currentTarget.value);
              buscaAdiada(e.currentTarget.value);
            }}
            w={220}
            data-testid="posicao-busca"
          />
          <Group gap="md" pb={8} wrap="wrap">
            <Checkbox label={t('relatorioEstoqueProduto.abaixoMinimo')} checked={filtro.abaixoMinimo ?? false} onChange={(e) => definir('abaixoMinimo', e.currentTarget.checked ? '1' : null)} data-testid="posicao-abaixo" />
            <Checkbox label={t('relatorioEstoqueProduto.semZerados')} checked={filtro.semZerados ?? false} onChange={(e) => definir('semZerados', e.currentTarget.checked ? '1' : null)} data-testid="posicao-sem-zerados" />
          </Group>
          <BotoesExportar
            exportar={
              dados
                ? {
                    recurso,
                    registros: [...registros, totais],
                    carregar,
                    arquivo: `estoque-por-produto-${hoje}`,
                    pdf: { titulo: t('relatorioEstoqueProduto.titulo'), empresa: [grupo, empresa].filter(Boolean).join(' · '), de: hoje, ate: hoje, filtros: filtrosPdf },
                  }
                : null
            }
          />
        </Group>
      </Paper>
      <EstadoRelatorio erro={erro} dados={dados} vazio={(d) => d.totais.linhas === 0 && t('relatorioEstoqueProduto.vazio')} vazioAjuda={t('relatorioEstoqueProduto.vazioAjuda')}>
        {(d) => (
          <>
            <Text size="sm" c="dimmed" data-testid="posicao-resumo">
              {t('relatorioEstoqueProduto.resumo', { linhas: d.totais.linhas.toLocaleString('pt-BR'), abaixo: d.totais.abaixoMinimo.toLocaleString('pt-BR') })}
            </Text>
            <GraficoETabela barras={d.porLocal.map((l) => ({ rotulo: l.localDescricao, valor: l.valor }))} colunas={colunasTela} linhas={registros} totais={totais} celula={celula} minWidth={960} />
            <PaginacaoRelatorio pagina={pagina} total={d.totais.linhas} alterar={(p) => definir('pagina', p > 1 ? String(p) : null)} />
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
