import { Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { colunasDre, regimesDre, rotulosRegimeDre, type RelatorioDre } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { useSessao } from '../../session/queries.ts';
import { useGeral } from '../../session/store.ts';
import { BotoesExportar } from '../../sales/relatorios/BotoesExportar.tsx';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDaDre, registrosDaDre } from './exportarDre.ts';
import { mesesParaEscolher, type FiltroDreTela } from './useFiltroDre.ts';

interface Props {
  filtro: FiltroDreTela;
  hoje: string;
  alterar: (mudanca: Partial<FiltroDreTela>) => void;
  /** The statement the export buttons write; null while loading. */
  exportar: { dre: RelatorioDre; titulo: string; arquivo: string } | null;
}

/** Last day of an AAAA-MM, as AAAA-MM-DD. */
const fimDoMes = (mes: string) => new Date(Date.UTC(Number(mes.slice(0, 4)), Number(mes.slice(5, 7)), 0)).toISOString().slice(0, 10);

/** The statement's filter bar: months, companies, basis, columns, and CSV / XLSX / PDF. */
export function FiltrosDre({ filtro, hoje, alterar, exportar }: Props) {
  const { t } = useTranslation();
  const sessao = useSessao();
  const grupo = useGeral((s) => s.grupoEmpresarial?.nome);
  const lojas = (sessao.data?.empresas ?? []).map((e) => ({ value: e._id, label: e.nomeFantasia }));
  const meses = mesesParaEscolher(hoje);
  const rotuloRegime = (r: (typeof regimesDre)[number]) => t(`dre.regime_${r}`);
  const exportacao = exportar && {
    recurso: recursoDaDre(exportar.dre, exportar.titulo, t('dre.conta'), t('dre.total')),
    registros: registrosDaDre(exportar.dre, t('dre.resultado')),
    arquivo: exportar.arquivo,
    pdf: {
      titulo: `${exportar.titulo} (${rotulosRegimeDre[exportar.dre.regime]})`,
      empresa: [grupo, filtro.empresas.length ? exportar.dre.empresas.map((e) => e.nome).join(', ') : t('relatorioVenda.todasEmpresas')].filter(Boolean).join(' · '),
      de: `${filtro.de}-01`,
      ate: fimDoMes(filtro.ate),
      filtros: [
        [t('dre.regime'), rotuloRegime(exportar.dre.regime)],
        [t('dre.colunas'), t(`dre.colunas_${filtro.colunas}`)],
      ] as [string, string][],
    },
  };
  return (
    <Paper withBorder p="md" radius="md" className="nao-imprimir">
      <Group align="flex-end" wrap="wrap">
        <Select label={t('dre.de')} data={meses} value={filtro.de} onChange={(de) => de && alterar({ de })} w={120} searchable data-testid="dre-de" allowDeselect={false} />
        <Select label={t('dre.ate')} data={meses} value={filtro.ate} onChange={(ate) => ate && alterar({ ate })} w={120} searchable data-testid="dre-ate" allowDeselect={false} />
        <EscolhaFiltro multipla rotulo={t('relatorioVenda.lojas')} todos={t('relatorioVenda.todasLojas')} opcoes={lojas} carregando={sessao.isPending} valor={filtro.empresas} alterar={(empresas) => alterar({ empresas })} largura={240} larguraMaxima={560} busca testid="dre-lojas" />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="dre-regime-rotulo">
            {t('dre.regime')}
          </Text>
          <SegmentedControl aria-labelledby="dre-regime-rotulo" data={regimesDre.map((r) => ({ value: r, label: rotuloRegime(r) }))} value={filtro.regime} onChange={(v) => alterar({ regime: v as FiltroDreTela['regime'] })} data-testid="dre-regime" />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="dre-colunas-rotulo">
            {t('dre.colunas')}
          </Text>
          <SegmentedControl aria-labelledby="dre-colunas-rotulo" data={colunasDre.map((c) => ({ value: c, label: t(`dre.colunas_${c}`) }))} value={filtro.colunas} onChange={(v) => alterar({ colunas: v as FiltroDreTela['colunas'] })} data-testid="dre-colunas" />
        </Stack>
        <BotoesExportar exportar={exportacao} />
      </Group>
    </Paper>
  );
}
