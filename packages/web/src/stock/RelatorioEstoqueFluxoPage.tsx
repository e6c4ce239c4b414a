import { Alert, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { type Campo } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { resourceApi } from '../resources/api.ts';
import type { Registro } from '../resources/exportar.ts';
import { formatCentavos, rotuloDeRegistro } from '../resources/format.ts';
import { paginaDaUrl } from '../resources/listState.ts';
import { useOpcoesReferencia } from '../resources/ReferenciaInput.tsx';
import { useGeral } from '../session/store.ts';
import { CampoDia } from '../sales/dashboard/CampoDia.tsx';
import { BotoesExportar } from '../sales/relatorios/BotoesExportar.tsx';
import { EscolhaFiltro } from '../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDeRelatorio } from '../sales/relatorios/exportarRelatorio.ts';
import { EstadoRelatorio, PaginaRelatorio } from '../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../sales/relatorios/TabelaRelatorio.tsx';
import { useConsultaRelatorio } from '../sales/relatorios/useConsultaRelatorio.ts';
import { useFiltroRelatorio } from '../sales/relatorios/useFiltroRelatorio.ts';
import type { ProdutoEscolhido } from './documentoForm.ts';
import type { FiltroKardex, Kardex } from './estoqueApi.ts';
import { formatCusto, formatQtd } from './formatoEstoque.ts';
import { ProdutoEstoqueInput } from './ProdutoEstoqueInput.tsx';
import { LINHAS_POR_PAGINA } from './relatorios/paginas.ts';
import { PaginacaoRelatorio } from './relatorios/PaginacaoRelatorio.tsx';
import { registrosKardex } from './relatoriosEstoque.ts';

const colunas = {
  quando: { rotulo: 'Data', tipo: 'texto' },
  tipo: { rotulo: 'Movimento', tipo: 'texto' },
  documento: { rotulo: 'Documento', tipo: 'texto' },
  localDescricao: { rotulo: 'Local', tipo: 'texto' },
  usuario: { rotulo: 'Usuário', tipo: 'texto' },
  quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
  custoUnitario: { rotulo: 'Custo unitário', tipo: 'texto' },
  valor: { rotulo: 'Valor', tipo: 'dinheiro' },
  saldo: { rotulo: 'Saldo', tipo: 'decimal' },
  custoMedio: { rotulo: 'Custo médio', tipo: 'texto' },
} as const satisfies Record<string, Campo>;
const recurso = recursoDeRelatorio('relatorioEstoqueFluxo', 'Fluxo de estoque', colunas);

/** The product of the URL (?produto=<id>) with its label and stock unit, for the picker and the quantities. */
function useProduto(id: string | null) {
  return useQuery({
    queryKey: ['relatorioEstoqueFluxo', 'produto', id],
    enabled: Boolean(id),
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<ProdutoEscolhido> => {
      const p = await resourceApi('produtoGeral').get(id!, signal);
      let unidade: string | null = null;
      if (p.unidade && typeof p.unidade === 'object') unidade = String((p.unidade as { sigla?: unknown }).sigla ?? '') || null;
      else if (typeof p.unidade === 'string' && p.unidade) unidade = String((await resourceApi('unidadeMedida').get(p.unidade, signal)).sigla ?? '') || null;
      return { id: p._id, rotulo: rotuloDeRegistro(p), unidade };
    },
  });
}

/**
 * relatorioEstoqueFluxo: the kardex of one product (?produto=&local=&de=&ate=&pagina=), running balance and
 * average cost after each movement, a page of movements at a time (each opening at the balance the previous
 * one carried); the cards are the whole period's and the exports ask every movement.
 */
export default function RelatorioEstoqueFluxoPage() {
  const { t } = useTranslation();
  const { filtro: base, hoje, params, alterar: alterarFiltro } = useFiltroRelatorio({ comEmpresas: false });
  const pagina = paginaDaUrl(params);
  // A filter changed shows its first page.
  const alterar = (mudanca: Parameters<typeof alterarFiltro>[0]) => alterarFiltro({ ...mudanca, pagina: null });
  const grupo = useGeral((s) => s.grupoEmpresarial?.nome);
  const empresa = useGeral((s) => s.empresa?.nomeFantasia);
  const produtoId = params.get('produto') || null;
  const localId = params.get('local') || null;
  // The kardex waits for the product: its quantities are shown in its unit.
  const produtoQ = useProduto(produtoId);
  const produto = produtoQ.data ?? null;
  const locais = useOpcoesReferencia('estoqueCadastro').data ?? [];
  const filtro: FiltroKardex = { produto: produtoId ?? '', de: base.de, ate: base.ate, ...(localId ? { local: localId } : {}) };
  const { dados: k, erro } = useConsultaRelatorio<Kardex>(
    'relatorioEstoqueFluxo',
    { ...filtro, limite: LINHAS_POR_PAGINA, offset: (pagina - 1) * LINHAS_POR_PAGINA },
    { ativa: Boolean(produtoId && (produto || produtoQ.isError)) },
  );
  const unidade = produto?.unidade ?? null;
  const rotulos = {
    inicial: t('relatorioEstoqueFluxo.saldoInicialLinha'),
    final: t('relatorioEstoqueFluxo.saldoFinalLinha'),
    anterior: t('relatorioEstoqueFluxo.saldoAnteriorLinha'),
    aTransportar: t('relatorioEstoqueFluxo.saldoATransportarLinha'),
  };
  const { registros, totais } = k ? registrosKardex(k, rotulos) : { registros: [], totais: undefined };
  // Every movement of the period, from its opening to its closing balance: the kardex asked without limite, in one answer.
  const carregar = async () => {
    const tudo = registrosKardex(await api.post<Kardex>('relatorioEstoqueFluxo', filtro), rotulos);
    return [...tudo.registros, tudo.totais];
  };
  const celula = (coluna: string, linha: Registro) => {
    if (coluna === 'quantidade' && linha.quantidade !== undefined) {
      const q = String(linha.quantidade);
      return <Text span inherit c={q.startsWith('-') ? 'red' : 'teal'}>{`${q.startsWith('-') ? '' : '+'}${formatQtd(q, unidade)}`}</Text>;
    }
    if (coluna === 'saldo' && linha.saldo !== undefined) return formatQtd(String(linha.saldo), unidade);
    // Dates and the balance rows' names on one line: the narrow columns are the free text ones.
    if ((coluna === 'quando' || coluna === 'tipo') && linha[coluna]) return <span style={{ whiteSpace: 'nowrap' }}>{String(linha[coluna])}</span>;
    return undefined;
  };
  const nomeLocal = locais.find((l) => l.value === localId)?.label;
  const cartoes = k
    ? [
        { testid: 'kardex-inicial', titulo: t('relatorioEstoqueFluxo.inicial'), qtd: formatQtd(k.inicial.saldo, unidade), detalhe: `${formatCentavos(k.inicial.valor)} · ${t('relatorioEstoqueFluxo.custoMedio', { custo: formatCusto(k.inicial.custoMedio) })}` },
        { testid: 'kardex-entradas', titulo: t('relatorioEstoqueFluxo.entradas'), qtd: formatQtd(k.entradas.quantidade, unidade), detalhe: formatCentavos(k.entradas.valor) },
        { testid: 'kardex-saidas', titulo: t('relatorioEstoqueFluxo.saidas'), qtd: formatQtd(k.saidas.quantidade, unidade), detalhe: formatCentavos(k.saidas.valor) },
        { testid: 'kardex-final', titulo: t('relatorioEstoqueFluxo.final'), qtd: formatQtd(k.final.saldo, unidade), detalhe: `${formatCentavos(k.final.valor)} · ${t('relatorioEstoqueFluxo.custoMedio', { custo: formatCusto(k.final.custoMedio) })}` },
      ]
    : [];

  return (
    <PaginaRelatorio testid="relatorio-estoque-fluxo" titulo={t('relatorioEstoqueFluxo.titulo')} explicacao={t('relatorioEstoqueFluxo.explicacao')}>
      <Paper withBorder p="md" radius="md" className="nao-imprimir">
        <Group align="flex-end" wrap="wrap">
          <ProdutoEstoqueInput key={produto?.id ?? 'nenhum'} label={t('relatorioEstoqueFluxo.produto')} valor={produto} onChange={(p) => alterar({ produto: p?.id ?? null })} testid="kardex-produto" w={320} />
          <EscolhaFiltro multipla={false} rotulo={t('relatorioEstoqueFluxo.local')} todos={t('relatorioEstoqueFluxo.todosLocais')} opcoes={locais} valor={localId} alterar={(v) => alterar({ local: v })} largura={200} busca testid="kardex-local" />
          <CampoDia rotulo={t('relatorioVenda.de')} data={base.de} hoje={hoje} onChange={(de) => alterar({ de })} testid="kardex-de" />
          <CampoDia rotulo={t('relatorioVenda.ate')} data={base.ate} hoje={hoje} onChange={(ate) => alterar({ ate })} testid="kardex-ate" />
          <BotoesExportar
            exportar={
              k && produto && totais
                ? {
                    recurso,
                    registros: [...registros, totais],
                    carregar,
                    arquivo: `kardex-${produto.rotulo.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}-${base.de}-a-${base.ate}`,
                    pdf: {
                      titulo: `${t('relatorioEstoqueFluxo.titulo')}: ${produto.rotulo}`,
                      empresa: [grupo, empresa].filter(Boolean).join(' · '),
                      de: base.de,
                      ate: base.ate,
                      filtros: [[t('relatorioEstoqueFluxo.local'), nomeLocal ?? t('relatorioEstoqueFluxo.todosLocais')], ...(unidade ? [['Unidade', unidade] as [string, string]] : [])],
                    },
                  }
                : null
            }
          />
        </Group>
      </Paper>
      {!produtoId ? (
        <Alert data-testid="kardex-sem-produto">{t('relatorioEstoqueFluxo.escolhaProduto')}</Alert>
      ) : (
        <EstadoRelatorio erro={erro} dados={k}>
          {(k) => (
            <>
              <SimpleGrid cols={{ base: 2, md: 4 }}>
                {cartoes.map((c) => (
                  <Paper key={c.testid} withBorder p="md" radius="md" data-testid={c.testid}>
                    <Text size="sm" c="dimmed">
                      {c.titulo}
                    </Text>
                    <Text fz={22} fw={700} data-testid={`${c.testid}-qtd`}>
                      {c.qtd}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.detalhe}
                    </Text>
                  </Paper>
                ))}
              </SimpleGrid>
              {k.linhas.length === 0 ? (
                <Alert title={t('relatorioEstoqueFluxo.vazio')} data-testid="relatorio-vazio">
                  {t('relatorioEstoqueFluxo.vazioAjuda')}
                </Alert>
              ) : null}
              <Paper withBorder radius="md">
                <TabelaRelatorio colunas={colunas} linhas={registros} totais={totais} celula={celula} testid="relatorio-tabela" linhaTestid="kardex-linha" minWidth={1100} />
              </Paper>
              <PaginacaoRelatorio pagina={pagina} total={k.pagina.total} alterar={(p) => alterarFiltro({ pagina: p > 1 ? String(p) : null })} />
            </>
          )}
        </EstadoRelatorio>
      )}
    </PaginaRelatorio>
  );
}
