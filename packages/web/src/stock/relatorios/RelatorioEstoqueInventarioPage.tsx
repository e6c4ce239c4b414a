import { Anchor, Badge, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { statusInventario, type Campo, type RelatorioInventario, type StatusInventario, type TotaisInventario } from '@retaguarda/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDeRelatorio } from '../../sales/relatorios/exportarRelatorio.ts';
import { GraficoBarras } from '../../sales/relatorios/GraficoBarras.tsx';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import { useFiltroRelatorio } from '../../sales/relatorios/useFiltroRelatorio.ts';
import { dataHora, formatQtd } from '../formatoEstoque.ts';
import { corStatus, corValor, reaisComSinal } from '../inventario.ts';
import { BarraFiltros } from './BarraFiltros.tsx';
import { Cartoes } from './Cartoes.tsx';
import { faltasPorLocal, registrosDetalhe, registrosInventarios } from './registros.ts';
import { TabelaLonga } from './TabelaLonga.tsx';

const colunasLista = {
  numero: { rotulo: 'Nº', tipo: 'inteiro' },
  descricao: { rotulo: 'Descrição', tipo: 'texto' },
  congeladoEm: { rotulo: 'Congelado em', tipo: 'texto' },
  status: { rotulo: 'Situação', tipo: 'texto' },
  locais: { rotulo: 'Locais', tipo: 'texto' },
  contadas: { rotulo: 'Linhas contadas', tipo: 'texto' },
  sobras: { rotulo: 'Sobras', tipo: 'dinheiro' },
  faltas: { rotulo: 'Faltas', tipo: 'dinheiro' },
  diferenca: { rotulo: 'Diferença', tipo: 'dinheiro' },
  aprovadoEm: { rotulo: 'Aprovado em', tipo: 'texto' },
  aprovadoPor: { rotulo: 'Aprovado por', tipo: 'texto' },
} as const satisfies Record<string, Campo>;
// The screen leaves the approval's moment and author to the files: the status says it, the table stays readable.
const { aprovadoEm: _e, aprovadoPor: _a, ...colunasListaTela } = colunasLista;
const colunasDetalhe = {
  local: { rotulo: 'Local', tipo: 'texto' },
  codigo: { rotulo: 'Código', tipo: 'texto' },
  descricao: { rotulo: 'Produto', tipo: 'texto' },
  unidade: { rotulo: 'Unidade', tipo: 'texto' },
  congelado: { rotulo: 'Saldo congelado', tipo: 'decimal' },
  contado: { rotulo: 'Contado', tipo: 'decimal' },
  diferenca: { rotulo: 'Diferença', tipo: 'decimal' },
  custoMedio: { rotulo: 'Custo médio', tipo: 'texto' },
  valor: { rotulo: 'Valor da diferença', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const { local: _l, unidade: _u, ...colunasDetalheTela } = colunasDetalhe;
const recursoLista = recursoDeRelatorio('relatorioEstoqueInventario', 'Inventários', colunasLista);
const recursoDetalhe = recursoDeRelatorio('relatorioEstoqueInventario', 'Linhas do inventário', colunasDetalhe);
const statusValidos = new Set<string>(statusInventario);

/**
 * relatorioEstoqueInventario: the counts frozen in the period with status and valued difference
 * (?de=&ate=&status=aprovado&local=), the approved ones totalled; ?inventario=<id> opens one count's
 * lines by location (?soDiferencas=1 for the lines that differ), the losses per location as a chart.
 */
export default function RelatorioEstoqueInventarioPage() {
  const { t } = useTranslation();
  const { filtro: base, hoje, params, alterar } = useFiltroRelatorio({ comEmpresas: false });
  const status = (params.get('status') ?? '').split(',').filter((s): s is StatusInventario => statusValidos.has(s));
  const localId = params.get('local') || null;
  const inventarioId = params.get('inventario') || null;
  const soDiferencas = params.get('soDiferencas') === '1';
  const locais = useOpcoesReferencia('estoqueCadastro').data ?? [];
  const filtro = {
    de: base.de,
    ate: base.ate,
    ...(status.length ? { status } : {}),
    ...(localId ? { local: localId } : {}),
    ...(inventarioId ? { inventario: inventarioId, soDiferencas } : {}),
  };
  const { dados: r, erro } = useConsultaRelatorio<RelatorioInventario>('relatorioEstoqueInventario', filtro);
  const rotuloStatus = (s: string) => t(`estoqueInventario.status_${s}`);
  const contadas = (c: number, l: number) => t('relatorioEstoqueInventario.contadasValor', { contadas: c, linhas: l });
  const resumo = (nome: string, x: TotaisInventario) =>
    t('relatorioEstoqueInventario.resumoLocal', { nome, contadas: contadas(x.contadas, x.linhas), sobras: reaisComSinal(x.sobras), faltas: reaisComSinal(x.faltas) });
  const detalhe = r?.detalhe ?? null;
  const lista = r ? registrosInventarios(r.inventarios, rotuloStatus, contadas) : [];
  const totalLista: Registro = { _id: 'total', descricao: t('relatorioEstoqueInventario.aprovados'), sobras: r?.aprovados.sobras ?? 0, faltas: r?.aprovados.faltas ?? 0, diferenca: r?.aprovados.diferenca ?? 0 };
  const linhasDetalhe = detalhe ? registrosDetalhe(detalhe, resumo, t('relatorioEstoqueInventario.totalGeral')) : null;
  const nomeLocal = locais.find((o) => o.value === localId)?.label ?? localId ?? '';
  const filtrosPdf: [string, string][] = [
    [t('relatorioEstoqueInventario.situacoes'), status.length ? status.map(rotuloStatus).join(', ') : t('relatorioEstoqueInventario.todasSituacoes')],
    [t('relatoriosEstoque.local'), localId ? nomeLocal : t('relatoriosEstoque.todosLocais')],
    ...(detalhe && soDiferencas ? [[t('relatorioEstoqueInventario.soDiferencas'), t('relatoriosEstoque.sim')] as [string, string]] : []),
  ];
  const porId = new Map((r?.inventarios ?? []).map((i) => [i._id, i]));

  const celulaLista = (coluna: string, linha: Registro) => {
    if (linha._id === 'total') return coluna === 'sobras' || coluna === 'faltas' || coluna === 'diferenca' ? <Text span inherit fw={700} c={corValor(Number(linha[coluna]))}>{reaisComSinal(Number(linha[coluna]))}</Text> : undefined;
    const i = porId.get(String(linha._id));
    if (!i) return undefined;
    if (coluna === 'numero')
      return (
        <Anchor component="button" type="button" onClick={() => alterar({ inventario: i._id })} aria-label={t('relatorioEstoqueInventario.abrir', { numero: i.numero })} data-testid="inventario-relatorio-abrir">
          {i.numero}
        </Anchor>
      );
    if (coluna === 'status')
      return (
        <Badge color={corStatus[i.status]} variant="light" style={{ minWidth: 'max-content' }}>
          {rotuloStatus(i.status)}
        </Badge>
      );
    if (coluna === 'sobras' || coluna === 'faltas' || coluna === 'diferenca')
      return (
        <Text span inherit c={i.status === 'cancelado' ? 'dimmed' : corValor(i[coluna])}>
          {reaisComSinal(i[coluna])}
        </Text>
      );
    if (coluna === 'congeladoEm') return <span style={{ whiteSpace: 'nowrap' }}>{String(linha[coluna])}</span>;
    return undefined;
  };
  const celulaDetalhe = (coluna: string, linha: Registro) => {
    const id = String(linha._id);
    if (id === 'total' || id.startsWith('subtotal:')) {
      if (coluna === 'valor') return <Text span inherit fw={700} c={corValor(Number(linha.valor))}>{reaisComSinal(Number(linha.valor))}</Text>;
      return undefined;
    }
    const unidade = String(linha.unidade ?? '') || null;
    if (coluna === 'congelado') return formatQtd(String(linha.congelado), unidade);
    if (coluna === 'contado')
      return linha.contado === '' ? (
        <Text span inherit c="dimmed" fs="italic">
          {t('relatorioEstoqueInventario.naoContado')}
        </Text>
      ) : (
        formatQtd(String(linha.contado), unidade)
      );
    if (coluna === 'diferenca') {
      const d = String(linha.diferenca);
      if (!d) return '';
      const negativa = d.startsWith('-');
      const zero = !/[1-9]/.test(d);
      return <Text span inherit c={zero ? undefined : negativa ? 'red' : 'green'} data-testid="inventario-relatorio-diferenca">{`${zero || negativa ? '' : '+'}${formatQtd(d, unidade)}`}</Text>;
    }
    if (coluna === 'valor') return linha.valor === '' ? '' : <Text span inherit c={corValor(Number(linha.valor))}>{reaisComSinal(Number(linha.valor))}</Text>;
    return undefined;
  };

  const cartoesTotais = (x: { sobras: number; faltas: number; diferenca: number }, primeiro: { titulo: string; valor: string; detalhe?: string }, detalheDiferenca?: string) => [
    { testid: 'inventario-relatorio-quantos', ...primeiro },
    { testid: 'inventario-relatorio-sobras', titulo: t('relatorioEstoqueInventario.sobras'), valor: reaisComSinal(x.sobras), detalhe: t('relatorioEstoqueInventario.sobrasAjuda'), cor: corValor(x.sobras) },
    { testid: 'inventario-relatorio-faltas', titulo: t('relatorioEstoqueInventario.faltas'), valor: reaisComSinal(x.faltas), detalhe: t('relatorioEstoqueInventario.faltasAjuda'), cor: corValor(x.faltas) },
    { testid: 'inventario-relatorio-diferenca-total', titulo: t('relatorioEstoqueInventario.diferenca'), valor: reaisComSinal(x.diferenca), cor: corValor(x.diferenca), ...(detalheDiferenca ? { detalhe: detalheDiferenca } : {}) },
  ];

  return (
    <PaginaRelatorio testid="relatorio-estoque-inventario" titulo={t('relatorioEstoqueInventario.titulo')} explicacao={t('relatorioEstoqueInventario.explicacao')}>
      <BarraFiltros
        testid="inventario-relatorio-filtros"
        de={base.de}
        ate={base.ate}
        hoje={hoje}
        alterar={alterar}
        exportar={
          !r
            ? null
            : detalhe && linhasDetalhe
              ? {
                  recurso: recursoDetalhe,
                  registros: [...linhasDetalhe.registros, linhasDetalhe.total],
                  arquivo: `inventario-${detalhe.numero}`,
                  titulo: t('relatorioEstoqueInventario.detalheTitulo', { numero: detalhe.numero, descricao: detalhe.descricao }),
                  filtros: [[t('estoqueInventario.status'), rotuloStatus(detalhe.status)], [t('estoqueInventario.congeladoEm'), dataHora(detalhe.congeladoEm)], ...filtrosPdf.slice(1)],
                  secoes: [{ colunas: colunasDetalhe, linhas: [...linhasDetalhe.registros, linhasDetalhe.total] }],
                }
              : { recurso: recursoLista, registros: [...lista, totalLista], arquivo: `inventarios-${base.de}-a-${base.ate}`, titulo: t('relatorioEstoqueInventario.titulo'), filtros: filtrosPdf }
        }
      >
        {inventarioId ? null : (
          <EscolhaFiltro
            multipla
            rotulo={t('relatorioEstoqueInventario.situacoes')}
            todos={t('relatorioEstoqueInventario.todasSituacoes')}
            opcoes={statusInventario.map((s) => ({ value: s, label: rotuloStatus(s) }))}
            valor={status}
            alterar={(v) => alterar({ status: v.length ? v.join(',') : null })}
            largura={220}
            testid="inventario-relatorio-status"
          />
        )}
        <EscolhaFiltro multipla={false} rotulo={t('relatoriosEstoque.local')} todos={t('relatoriosEstoque.todosLocais')} opcoes={locais} valor={localId} alterar={(v) => alterar({ local: v })} largura={200} busca testid="inventario-relatorio-local" />
        {inventarioId ? (
          <Checkbox pb={10} label={t('relatorioEstoqueInventario.soDiferencas')} checked={soDiferencas} onChange={(e) => alterar({ soDiferencas: e.currentTarget.checked ? '1' : null })} data-testid="inventario-relatorio-so-diferencas" />
        ) : null}
      </BarraFiltros>
      <EstadoRelatorio erro={erro} dados={r} vazio={(d) => !d.detalhe && d.inventarios.length === 0 && t('relatorioEstoqueInventario.vazio')} vazioAjuda={t('relatorioEstoqueInventario.vazioAjuda')}>
        {(d) =>
          d.detalhe && linhasDetalhe ? (
            <>
              <Group justify="space-between" align="flex-end" wrap="wrap">
                <Stack gap={2}>
                  <Group gap="sm">
                    <Title order={3} data-testid="inventario-relatorio-titulo">
                      {t('relatorioEstoqueInventario.detalheTitulo', { numero: d.detalhe.numero, descricao: d.detalhe.descricao })}
                    </Title>
                    <Badge color={corStatus[d.detalhe.status]} variant="light" data-testid="inventario-relatorio-status-detalhe">
                      {rotuloStatus(d.detalhe.status)}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {[t('relatorioEstoqueInventario.congeladoEm', { quando: dataHora(d.detalhe.congeladoEm) }), d.detalhe.aprovadoEm ? t('relatorioEstoqueInventario.aprovadoEm', { quando: dataHora(d.detalhe.aprovadoEm) }) : null].filter(Boolean).join(', ')}
                  </Text>
                </Stack>
                <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => alterar({ inventario: null, soDiferencas: null })} data-testid="inventario-relatorio-voltar" className="nao-imprimir">
                  {t('relatorioEstoqueInventario.voltar')}
                </Button>
              </Group>
              <Cartoes cartoes={cartoesTotais(d.detalhe.totais, { titulo: t('relatorioEstoqueInventario.contadas'), valor: contadas(d.detalhe.totais.contadas, d.detalhe.totais.linhas) })} />
              {faltasPorLocal(d.detalhe).length > 1 ? (
                <SecaoRelatorio titulo={t('relatorioEstoqueInventario.faltasPorLocal')}>
                  <GraficoBarras testid="relatorio-grafico" itens={faltasPorLocal(d.detalhe)} />
                </SecaoRelatorio>
              ) : null}
              <SecaoRelatorio titulo={t('relatorioEstoqueInventario.linhasTitulo')} ajuda={t('relatorioEstoqueInventario.linhasAjuda')} testid="inventario-relatorio-linhas" vazia={!linhasDetalhe.registros.length && t('relatorioEstoqueInventario.semLinhas')}>
                <TabelaLonga colunas={colunasDetalheTela} linhas={linhasDetalhe.registros} totais={linhasDetalhe.total} celula={celulaDetalhe} testid="relatorio-tabela" linhaTestid="inventario-relatorio-linha" minWidth={980} />
              </SecaoRelatorio>
            </>
          ) : (
            <>
              <Cartoes
                cartoes={cartoesTotais(
                  d.aprovados,
                  { titulo: t('relatorioEstoqueInventario.aprovados'), valor: String(d.aprovados.inventarios), detalhe: t('relatorioEstoqueInventario.noPeriodo', { count: d.inventarios.length }) },
                  t('relatorioEstoqueInventario.diferencaAjuda'),
                )}
              />
              <SecaoRelatorio titulo={t('relatorioEstoqueInventario.listaTitulo')} testid="inventario-relatorio-lista">
                <TabelaRelatorio colunas={colunasListaTela} linhas={lista} totais={totalLista} celula={celulaLista} testid="relatorio-tabela" linhaTestid="inventario-relatorio-inventario" minWidth={960} />
              </SecaoRelatorio>
            </>
          )
        }
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}

