import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Campo, RelatorioResumoFiscal } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import type { Registro } from '../../resources/exportar.ts';
import { useGeral } from '../../session/store.ts';
import { quando, recursoDeRelatorio, semLojaUnica } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { GraficoBarras } from './GraficoBarras.tsx';
import { CarregandoRelatorio } from './Progresso.tsx';
import { TabelaRelatorio } from './TabelaRelatorio.tsx';
import { useFiltroRelatorio } from './useFiltroRelatorio.ts';

const colunasDocumentos = {
  modelo: { rotulo: 'Modelo', tipo: 'texto' },
  status: { rotulo: 'Situação', tipo: 'texto' },
  serie: { rotulo: 'Série', tipo: 'texto' },
  quantidade: { rotulo: 'Documentos', tipo: 'inteiro' },
  total: { rotulo: 'Valor', tipo: 'dinheiro' },
  canceladas: { rotulo: 'Vendas canceladas', tipo: 'inteiro' },
  valorCancelado: { rotulo: 'Valor cancelado', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const colunasCfop = {
  cfop: { rotulo: 'CFOP', tipo: 'texto' },
  itens: { rotulo: 'Itens', tipo: 'inteiro' },
  total: { rotulo: 'Valor dos itens', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const colunasCst = {
  cst: { rotulo: 'CST/CSOSN', tipo: 'texto' },
  itens: { rotulo: 'Itens', tipo: 'inteiro' },
  total: { rotulo: 'Valor dos itens', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const colunasContingencia = {
  fechadoEm: { rotulo: 'Emitida em', tipo: 'texto' },
  loja: { rotulo: 'Loja', tipo: 'texto' },
  pedidoId: { rotulo: 'Pedido', tipo: 'texto' },
  modelo: { rotulo: 'Modelo', tipo: 'texto' },
  serie: { rotulo: 'Série', tipo: 'texto' },
  numero: { rotulo: 'Número', tipo: 'texto' },
  total: { rotulo: 'Valor', tipo: 'dinheiro' },
  // Last: the 44 digits are the widest cell, and the one to scroll to.
  chave: { rotulo: 'Chave de acesso', tipo: 'texto' },
} as const satisfies Record<string, Campo>;
const colunasTransmitidas = {
  fechadoEm: { rotulo: 'Emitida em', tipo: 'texto' },
  transmitidaEm: { rotulo: 'Autorizada em', tipo: 'texto' },
  loja: { rotulo: 'Loja', tipo: 'texto' },
  pedidoId: { rotulo: 'Pedido', tipo: 'texto' },
  modelo: { rotulo: 'Modelo', tipo: 'texto' },
  serie: { rotulo: 'Série', tipo: 'texto' },
  numero: { rotulo: 'Número', tipo: 'texto' },
  status: { rotulo: 'Situação', tipo: 'texto' },
  protocolo: { rotulo: 'Protocolo', tipo: 'texto' },
  total: { rotulo: 'Valor', tipo: 'dinheiro' },
  chave: { rotulo: 'Chave de acesso', tipo: 'texto' },
} as const satisfies Record<string, Campo>;
const recurso = recursoDeRelatorio('relatorioVendasResumoFiscal', 'Resumo fiscal de vendas', colunasDocumentos);

/** relatorioVendasResumoFiscal: documents by model, status and series; items by CFOP and CST/CSOSN; contingency to transmit and transmitted. */
export default function RelatorioResumoFiscalPage() {
  const { t } = useTranslation();
  const { filtro, hoje, alterar } = useFiltroRelatorio();
  const empresa = useGeral((s) => s.empresa?._id);
  const consulta = useQuery({
    queryKey: ['relatorioVendasResumoFiscal', empresa, filtro],
    queryFn: ({ signal }) => api.post<RelatorioResumoFiscal>('relatorioVendasResumoFiscal', filtro, { signal }),
    enabled: Boolean(empresa),
  });
  const r = consulta.data;
  const modelo = (m: string | null) => (m ? t(`relatorioResumoFiscal.modelo_${m}`) : '—');
  const semCodigo = t('relatorioResumoFiscal.semCodigo');
  const documentos: Registro[] = (r?.documentos ?? []).map((d) => ({ ...d, _id: `${d.modelo}-${d.status}-${d.serie}`, modelo: modelo(d.modelo), status: t(`relatorioResumoFiscal.status_${d.status}`), serie: d.serie === null ? '—' : String(d.serie) }));
  const totalDocumentos: Registro = { _id: 'total', modelo: t('relatorioVenda.total'), ...(r ? { quantidade: r.totais.quantidade, total: r.totais.total, canceladas: r.totais.canceladas, valorCancelado: r.totais.valorCancelado } : {}) };
  const porCfop: Registro[] = (r?.porCfop ?? []).map((l) => ({ ...l, _id: `cfop-${l.cfop}`, cfop: l.cfop ?? semCodigo }));
  const porCst: Registro[] = (r?.porCst ?? []).map((l) => ({ ...l, _id: `cst-${l.cst}`, cst: l.cst ?? semCodigo }));
  const totalItens = (campo: string): Registro => ({ _id: 'total', [campo]: t('relatorioVenda.total'), itens: r?.totais.itens ?? 0, total: r?.totais.totalItens ?? 0 });
  const contingencia: Registro[] = (r?.contingencia ?? []).map((c) => ({ ...c, _id: c.venda, fechadoEm: quando(c.fechadoEm), modelo: modelo(c.modelo), serie: c.serie ?? '', numero: c.numero ?? '' }));
  const transmitidas: Registro[] = (r?.transmitidas ?? []).map((c) => ({
    ...c,
    _id: c.venda,
    fechadoEm: quando(c.fechadoEm),
    transmitidaEm: quando(c.transmitidaEm),
    modelo: modelo(c.modelo),
    status: t(`relatorioResumoFiscal.status_${c.status}`),
    serie: c.serie ?? '',
    numero: c.numero ?? '',
    protocolo: c.protocolo ?? '',
  }));
  return (
    <Stack gap="lg" maw={1400} data-testid="relatorio-resumo-fiscal">
      <div>
        <Title order={2}>{t('relatorioResumoFiscal.titulo')}</Title>
        <Text c="dimmed" size="sm">
          {t('relatorioResumoFiscal.explicacao')}
        </Text>
      </div>
      <FiltrosRelatorio
        filtro={filtro}
        hoje={hoje}
        alterar={alterar}
        exportar={
          r
            ? {
                recurso,
                registros: [...documentos, totalDocumentos],
                arquivo: `resumo-fiscal-${filtro.de}-a-${filtro.ate}`,
                secoes: [
                  { titulo: t('relatorioResumoFiscal.documentos'), colunas: colunasDocumentos, linhas: [...documentos, totalDocumentos] },
                  { titulo: t('relatorioResumoFiscal.porCfop'), colunas: colunasCfop, linhas: [...porCfop, totalItens('cfop')] },
                  { titulo: t('relatorioResumoFiscal.porCst'), colunas: colunasCst, linhas: [...porCst, totalItens('cst')] },
                  { titulo: t('relatorioResumoFiscal.contingencia'), colunas: colunasContingencia, linhas: contingencia },
                  { titulo: t('relatorioResumoFiscal.transmitidas'), colunas: colunasTransmitidas, linhas: transmitidas },
                ],
              }
            : null
        }
      />
      {consulta.error ? <Alert color="red">{consulta.error.message}</Alert> : null}
      {!r ? (
        <CarregandoRelatorio />
      ) : r.documentos.length === 0 ? (
        <Alert title={t('relatorioVenda.vazio')}>{t('relatorioVenda.vazioAjuda')}</Alert>
      ) : (
        <>
          <GraficoBarras testid="relatorio-grafico" itens={r.documentos.map((d, i) => ({ rotulo: `${documentos[i]!.modelo} ${documentos[i]!.status}${d.serie === null ? '' : ` (${d.serie})`}`, valor: d.total }))} />
          <Paper withBorder radius="md" p="md">
            <Title order={4} mb="sm">
              {t('relatorioResumoFiscal.documentos')}
            </Title>
            <TabelaRelatorio colunas={colunasDocumentos} linhas={documentos} totais={totalDocumentos} testid="relatorio-tabela" minWidth={800} />
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper withBorder radius="md" p="md">
              <Title order={4} mb="sm">
                {t('relatorioResumoFiscal.porCfop')}
              </Title>
              <TabelaRelatorio colunas={colunasCfop} linhas={porCfop} totais={totalItens('cfop')} testid="resumo-fiscal-cfop" linhaTestid="resumo-fiscal-cfop-linha" minWidth={360} />
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Title order={4} mb="sm">
                {t('relatorioResumoFiscal.porCst')}
              </Title>
              <TabelaRelatorio colunas={colunasCst} linhas={porCst} totais={totalItens('cst')} testid="resumo-fiscal-cst" linhaTestid="resumo-fiscal-cst-linha" minWidth={360} />
            </Paper>
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('relatorioResumoFiscal.itensAjuda')}
          </Text>
          <Paper withBorder radius="md" p="md">
            <Title order={4} mb="sm">
              {t('relatorioResumoFiscal.contingencia')}
            </Title>
            {contingencia.length ? (
              <TabelaRelatorio colunas={semLojaUnica(colunasContingencia, contingencia) as Record<string, Campo>} linhas={contingencia} testid="resumo-fiscal-contingencia" linhaTestid="resumo-fiscal-contingencia-linha" minWidth={1100} />
            ) : (
              <Text c="dimmed">{t('relatorioResumoFiscal.semContingencia')}</Text>
            )}
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Title order={4}>{t('relatorioResumoFiscal.transmitidas')}</Title>
            <Text size="xs" c="dimmed" mb="sm">
              {t('relatorioResumoFiscal.transmitidasAjuda')}
            </Text>
            {transmitidas.length ? (
              <TabelaRelatorio colunas={semLojaUnica(colunasTransmitidas, transmitidas) as Record<string, Campo>} linhas={transmitidas} testid="resumo-fiscal-transmitidas" linhaTestid="resumo-fiscal-transmitidas-linha" minWidth={1600} />
            ) : (
              <Text c="dimmed">{t('relatorioResumoFiscal.semTransmitidas')}</Text>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}
