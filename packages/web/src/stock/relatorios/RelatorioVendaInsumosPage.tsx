import { Alert, Anchor, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FiltroVendaInsumos, InventarioDoRelatorio, RelatorioVendaInsumos } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client.ts';
import type { Registro } from '../../resources/exportar.ts';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { useSessao } from '../../session/queries.ts';
import { useGeral } from '../../session/store.ts';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { BotoesExportar } from '../../sales/relatorios/BotoesExportar.tsx';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDeRelatorio } from '../../sales/relatorios/exportarRelatorio.ts';
import { GraficoBarras } from '../../sales/relatorios/GraficoBarras.tsx';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import { useFiltroRelatorio } from '../../sales/relatorios/useFiltroRelatorio.ts';
import { formatQtd } from '../formatoEstoque.ts';
import { barrasVendaInsumos, colunasInventarios, colunasPeriodo, colunasSemFicha, registrosVendaInsumos, rotuloInventario, variacaoEmReais } from './vendaInsumos.ts';

const recursoPeriodo = recursoDeRelatorio('relatorioVendaInsumos', 'Consumo de insumos', colunasPeriodo);
const recursoInventarios = recursoDeRelatorio('relatorioVendaInsumos', 'Consumo de insumos', colunasInventarios);
const { unidade: _u1, ...telaPeriodo } = colunasPeriodo;
const { unidade: _u2, ...telaInventarios } = colunasInventarios;
const QTD = new Set(['teorico', 'inicial', 'entradas', 'outrasSaidas', 'final', 'real', 'diferenca']);

function Cartao({ titulo, valor, detalhe, cor, testid }: { titulo: string; valor: string; detalhe?: string; cor?: string; testid: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testid}>
      <Text size="sm" c="dimmed">
        {titulo}
      </Text>
      <Text fz={22} fw={700} c={cor} style={{ whiteSpace: 'nowrap' }} data-testid={`${testid}-valor`}>
        {valor}
      </Text>
      {detalhe ? (
        <Text size="xs" c="dimmed">
          {detalhe}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * relatorioVendaInsumos: what the sales should have consumed by recipe, per ingredient (?de=&ate=&empresa=&agrupador=),
 * or actual against theoretical between two approved counts (?modo=inventarios&inicial=&final=&local=&agrupador=).
 */
export default function RelatorioVendaInsumosPage() {
  const { t } = useTranslation();
  const { filtro: base, hoje, params, alterar } = useFiltroRelatorio();
  const grupo = useGeral((s) => s.grupoEmpresarial?.nome);
  const empresaAtiva = useGeral((s) => s.empresa);
  const porInventario = params.get('modo') === 'inventarios';
  const sessao = useSessao();
  const lojas = (sessao.data?.empresas ?? []).map((e) => ({ value: e._id, label: e.nomeFantasia }));
  const locais = useOpcoesReferencia(porInventario ? 'estoqueCadastro' : undefined).data ?? [];
  const agrupadores = useOpcoesReferencia('agrupador').data ?? [];
  const inventariosQ = useQuery({
    queryKey: ['relatorioVendaInsumos', 'inventarios', empresaAtiva?._id],
    queryFn: ({ signal }) => api.get<InventarioDoRelatorio[]>('relatorioVendaInsumos/inventarios', { signal }),
    enabled: porInventario && Boolean(empresaAtiva?._id),
  });
  const inventarios = inventariosQ.data ?? [];
  // Without a choice, the two latest approved counts.
  const inicial = params.get('inicial') || inventarios[1]?._id || null;
  const final = params.get('final') || inventarios[0]?._id || null;
  const local = params.get('local') || null;
  const agrupador = params.get('agrupador') || null;

  const filtro: FiltroVendaInsumos = useMemo(
    () =>
      porInventario
        ? { inventarioInicial: inicial ?? '', inventarioFinal: final ?? '', ...(local ? { local } : {}), ...(agrupador ? { agrupador } : {}) }
        : { de: base.de, ate: base.ate, ...(base.empresas?.length ? { empresas: base.empresas } : {}), ...(agrupador ? { agrupador } : {}) },
    [porInventario, inicial, final, local, agrupador, base.de, base.ate, base.empresas],
  );
  const pronto = !porInventario || Boolean(inicial && final);
  const { dados: r, erro } = useConsultaRelatorio<RelatorioVendaInsumos>('relatorioVendaInsumos', filtro, { ativa: pronto });
  const { registros, totais } = r ? registrosVendaInsumos(r, t('relatorioVenda.total')) : { registros: [], totais: undefined };
  const colunasTela = porInventario ? telaInventarios : telaPeriodo;
  const unidades = new Map((r?.linhas ?? []).map((l) => [l.produto, l.unidade]));
  const celula = (coluna: string, linha: Registro) => {
    if (linha._id === 'total') return undefined;
    if (QTD.has(coluna)) {
      const v = linha[coluna];
      if (v === null || v === undefined) return coluna === 'real' || coluna === 'diferenca' ? <Text span inherit c="dimmed">{t('relatorioVendaInsumos.naoContado')}</Text> : '';
      const texto = formatQtd(String(v), unidades.get(String(linha._id)));
      if (coluna !== 'diferenca') return texto;
      const sinal = String(v).startsWith('-') ? -1 : /^0(\.0+)?$/.test(String(v)) ? 0 : 1;
      return (
        <Text span inherit c={sinal > 0 ? 'red' : sinal < 0 ? 'teal' : undefined}>
          {sinal > 0 ? `+${texto}` : texto}
        </Text>
      );
    }
    if (coluna === 'valorDiferenca' && typeof linha.valorDiferenca === 'number') {
      return (
        <Text span inherit fw={600} c={linha.valorDiferenca > 0 ? 'red' : linha.valorDiferenca < 0 ? 'teal' : undefined}>
          {variacaoEmReais(linha.valorDiferenca, formatCentavos)}
        </Text>
      );
    }
    return undefined;
  };

  const nomes = (lista: { value: string; label: string }[], ids: string[]) => ids.map((id) => lista.find((o) => o.value === id)?.label ?? id).join(', ');
  const nomeInventario = (id: string | null) => {
    const i = inventarios.find((x) => x._id === id);
    return i ? rotuloInventario(i) : '';
  };
  const filtrosPdf: [string, string][] = porInventario
    ? [
        [t('relatorioVendaInsumos.inventarioInicial'), nomeInventario(inicial)],
        [t('relatorioVendaInsumos.inventarioFinal'), nomeInventario(final)],
        [t('relatorioVendaInsumos.local'), local ? (locais.find((l) => l.value === local)?.label ?? local) : t('relatorioVendaInsumos.todosLocais')],
      ]
    : [[t('relatorioVenda.lojas'), base.empresas?.length ? nomes(lojas, base.empresas) : t('relatorioVenda.todasLojas')]];
  if (agrupador) filtrosPdf.push([t('relatorioVendaInsumos.agrupador'), agrupadores.find((a) => a.value === agrupador)?.label ?? agrupador]);
  const exportar =
    r && totais
      ? {
          recurso: porInventario ? recursoInventarios : recursoPeriodo,
          registros: [...registros, totais],
          arquivo: `consumo-de-insumos-${r.de}-a-${r.ate}`,
          pdf: { titulo: t('relatorioVendaInsumos.titulo'), empresa: [grupo, porInventario ? empresaAtiva?.nomeFantasia : null].filter(Boolean).join(' · '), de: r.de, ate: r.ate, filtros: filtrosPdf },
          secoes: [
            { colunas: porInventario ? colunasInventarios : colunasPeriodo, linhas: [...registros, totais] },
            ...(r.semFicha.length ? [{ titulo: t('relatorioVendaInsumos.semFichaTitulo'), colunas: colunasSemFicha, linhas: r.semFicha.map((s) => ({ ...s, _id: s.produto }) as unknown as Registro) }] : []),
          ],
        }
      : null;

  const cartoes = (r: RelatorioVendaInsumos) =>
    r.modo === 'inventarios' ? (
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Cartao testid="insumos-real" titulo={t('relatorioVendaInsumos.cmvReal')} valor={formatCentavos(r.totais.valorReal ?? 0)} detalhe={t('relatorioVendaInsumos.cmvRealAjuda')} />
        <Cartao testid="insumos-teorico" titulo={t('relatorioVendaInsumos.cmvTeorico')} valor={formatCentavos(r.totais.valorTeorico)} detalhe={t('relatorioVendaInsumos.vendas', { count: r.vendas })} />
        <Cartao
          testid="insumos-diferenca"
          titulo={t('relatorioVendaInsumos.diferencaCmv')}
          valor={variacaoEmReais(r.totais.valorDiferenca ?? 0, formatCentavos)}
          cor={(r.totais.valorDiferenca ?? 0) > 0 ? 'red' : 'teal'}
          detalhe={t('relatorioVendaInsumos.diferencaAjuda')}
        />
      </SimpleGrid>
    ) : (
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Cartao testid="insumos-teorico" titulo={t('relatorioVendaInsumos.custoTeorico')} valor={formatCentavos(r.totais.valorTeorico)} detalhe={`${formatData(r.de)} – ${formatData(r.ate)}`} />
        <Cartao testid="insumos-vendas" titulo={t('relatorioVendaInsumos.vendasTitulo')} valor={r.vendas.toLocaleString('pt-BR')} />
        <Cartao testid="insumos-quantos" titulo={t('relatorioVendaInsumos.insumos')} valor={r.linhas.length.toLocaleString('pt-BR')} />
      </SimpleGrid>
    );

  return (
    <PaginaRelatorio testid="relatorio-venda-insumos" titulo={t('relatorioVendaInsumos.titulo')} explicacao={porInventario ? t('relatorioVendaInsumos.explicacaoInventarios') : t('relatorioVendaInsumos.explicacao')}>
      <Paper withBorder p="md" radius="md" className="nao-imprimir">
        <Stack gap="sm">
          <SegmentedControl
            w="fit-content"
            value={porInventario ? 'inventarios' : 'periodo'}
            onChange={(v) => alterar({ modo: v === 'inventarios' ? 'inventarios' : null })}
            data={[
              { value: 'periodo', label: t('relatorioVendaInsumos.modoPeriodo') },
              { value: 'inventarios', label: t('relatorioVendaInsumos.modoInventarios') },
            ]}
            data-testid="insumos-modo"
          />
          <Group align="flex-end" wrap="wrap">
            {porInventario ? (
              <>
                <Select
                  label={t('relatorioVendaInsumos.inventarioInicial')}
                  data={inventarios.map((i) => ({ value: i._id, label: rotuloInventario(i) }))}
                  value={inicial}
                  onChange={(v) => alterar({ inicial: v })}
                  w={300}
                  data-testid="insumos-inicial"
                />
                <Select
                  label={t('relatorioVendaInsumos.inventarioFinal')}
                  data={inventarios.map((i) => ({ value: i._id, label: rotuloInventario(i) }))}
                  value={final}
                  onChange={(v) => alterar({ final: v })}
                  w={300}
                  data-testid="insumos-final"
                />
                <EscolhaFiltro multipla={false} rotulo={t('relatorioVendaInsumos.local')} todos={t('relatorioVendaInsumos.todosLocais')} opcoes={locais} valor={local} alterar={(v) => alterar({ local: v })} largura={200} testid="insumos-local" />
              </>
            ) : (
              <>
                <CampoDia rotulo={t('relatorioVenda.de')} data={base.de} hoje={hoje} onChange={(de) => alterar({ de })} testid="relatorio-de" />
                <CampoDia rotulo={t('relatorioVenda.ate')} data={base.ate} hoje={hoje} onChange={(ate) => alterar({ ate })} testid="relatorio-ate" />
                <EscolhaFiltro multipla rotulo={t('relatorioVenda.lojas')} todos={t('relatorioVenda.todasLojas')} opcoes={lojas} carregando={sessao.isPending} valor={base.empresas ?? []} alterar={(empresas) => alterar({ empresas })} largura={240} larguraMaxima={480} busca testid="relatorio-lojas" />
              </>
            )}
            <EscolhaFiltro multipla={false} rotulo={t('relatorioVendaInsumos.agrupador')} todos={t('relatorioVendaInsumos.todosAgrupadores')} opcoes={agrupadores} valor={agrupador} alterar={(v) => alterar({ agrupador: v })} largura={200} busca testid="insumos-agrupador" />
            <BotoesExportar exportar={exportar} />
          </Group>
        </Stack>
      </Paper>
      {porInventario && inventariosQ.isSuccess && inventarios.length < 2 ? (
        <Alert title={t('relatorioVendaInsumos.poucosInventarios')} data-testid="insumos-sem-inventarios">
          {t('relatorioVendaInsumos.poucosInventariosAjuda')}
        </Alert>
      ) : pronto ? (
        <EstadoRelatorio erro={erro} dados={r} vazio={(r) => r.linhas.length === 0 && r.semFicha.length === 0 && t('relatorioVendaInsumos.vazio')} vazioAjuda={t('relatorioVendaInsumos.vazioAjuda')}>
          {(r) => (
            <>
              {cartoes(r)}
              {r.linhas.length ? <GraficoBarras testid="relatorio-grafico" itens={barrasVendaInsumos(r)} /> : null}
              <Paper withBorder radius="md">
                <TabelaRelatorio testid="relatorio-tabela" linhaTestid="insumos-linha" colunas={colunasTela} linhas={registros} totais={totais} celula={celula} minWidth={porInventario ? 1300 : 900} />
              </Paper>
              {r.semFicha.length ? (
                <SecaoRelatorio titulo={t('relatorioVendaInsumos.semFichaTitulo')} ajuda={t('relatorioVendaInsumos.semFichaAjuda')} testid="insumos-sem-ficha">
                  <TabelaRelatorio
                    testid="insumos-sem-ficha-tabela"
                    colunas={{ descricao: colunasSemFicha.descricao, quantidade: colunasSemFicha.quantidade }}
                    linhas={r.semFicha.map((s) => ({ ...s, _id: s.produto }) as unknown as Registro)}
                    celula={(coluna, linha) => (coluna === 'quantidade' ? formatQtd(String(linha.quantidade), (linha.unidade as string | null) ?? null) : undefined)}
                    minWidth={400}
                  />
                  <Anchor component={Link} to="/relatorioEstoqueProduto" size="sm" mt="xs" display="inline-block" data-testid="insumos-ver-pendencias">
                    {t('relatorioVendaInsumos.verPendencias')}
                  </Anchor>
                </SecaoRelatorio>
              ) : null}
            </>
          )}
        </EstadoRelatorio>
      ) : null}
    </PaginaRelatorio>
  );
}
