import { Anchor, SimpleGrid, Text } from '@mantine/core';
import type { Campo, RelatorioResumoFiscal } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { quando, recursoDeRelatorio, semLojaUnica } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { GraficoBarras } from './GraficoBarras.tsx';
import { HistoricoDocumentoDialog, useAbrirHistorico } from './HistoricoDocumentoDialog.tsx';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from './PaginaRelatorio.tsx';
import { TabelaRelatorio } from './TabelaRelatorio.tsx';
import { useConsultaRelatorio } from './useConsultaRelatorio.ts';
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
  // A cancelled sale's note is still transmitted, then cancelled by the event.
  situacaoVenda: { rotulo: 'Venda', tipo: 'texto' },
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
  const { dados: r, erro } = useConsultaRelatorio<RelatorioResumoFiscal>('relatorioVendasResumoFiscal', filtro);
  const modelo = (m: string | null) => (m ? t(`relatorioResumoFiscal.modelo_${m}`) : '—');
  const semCodigo = t('relatorioResumoFiscal.semCodigo');
  const documentos: Registro[] = (r?.documentos ?? []).map((d) => ({ ...d, _id: `${d.modelo}-${d.status}-${d.serie}`, modelo: modelo(d.modelo), status: t(`relatorioResumoFiscal.status_${d.status}`), serie: d.serie === null ? '—' : String(d.serie) }));
  const totalDocumentos: Registro = { _id: 'total', modelo: t('relatorioVenda.total'), ...(r ? { quantidade: r.totais.quantidade, total: r.totais.total, canceladas: r.totais.canceladas, valorCancelado: r.totais.valorCancelado } : {}) };
  const porCfop: Registro[] = (r?.porCfop ?? []).map((l) => ({ ...l, _id: `cfop-${l.cfop}`, cfop: l.cfop ?? semCodigo }));
  const porCst: Registro[] = (r?.porCst ?? []).map((l) => ({ ...l, _id: `cst-${l.cst}`, cst: l.cst ?? semCodigo }));
  const totalItens = (campo: string): Registro => ({ _id: 'total', [campo]: t('relatorioVenda.total'), itens: r?.totais.itens ?? 0, total: r?.totais.totalItens ?? 0 });
  const contingencia: Registro[] = (r?.contingencia ?? []).map((c) => ({
    ...c,
    _id: c.venda,
    fechadoEm: quando(c.fechadoEm),
    modelo: modelo(c.modelo),
    serie: c.serie ?? '',
    numero: c.numero ?? '',
    situacaoVenda: t(c.vendaCancelada ? 'relatorioResumoFiscal.vendaCancelada' : 'relatorioResumoFiscal.vendaConcluida'),
  }));
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
  const abrirHistorico = useAbrirHistorico();
  // The order number opens its document's history (authorized, rejected, cancelled: when and with which protocol).
  const comHistorico = (coluna: string, linha: Registro) =>
    coluna === 'pedidoId' ? (
      <Anchor component="button" type="button" size="sm" onClick={() => abrirHistorico(String(linha._id))} aria-label={t('relatorioResumoFiscal.verHistorico', { pedido: linha.pedidoId })} data-testid="resumo-fiscal-historico">
        {String(linha.pedidoId)}
      </Anchor>
    ) : undefined;
  return (
    <PaginaRelatorio testid="relatorio-resumo-fiscal" titulo={t('relatorioResumoFiscal.titulo')} explicacao={t('relatorioResumoFiscal.explicacao')}>
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
      <EstadoRelatorio erro={erro} dados={r} vazio={(r) => r.documentos.length === 0 && t('relatorioVenda.vazio')}>
        {(r) => (
          <>
            <GraficoBarras testid="relatorio-grafico" itens={r.documentos.map((d, i) => ({ rotulo: `${documentos[i]!.modelo} ${documentos[i]!.status}${d.serie === null ? '' : ` (${d.serie})`}`, valor: d.total }))} />
            <SecaoRelatorio titulo={t('relatorioResumoFiscal.documentos')}>
              <TabelaRelatorio colunas={colunasDocumentos} linhas={documentos} totais={totalDocumentos} testid="relatorio-tabela" minWidth={800} />
            </SecaoRelatorio>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <SecaoRelatorio titulo={t('relatorioResumoFiscal.porCfop')}>
                <TabelaRelatorio colunas={colunasCfop} linhas={porCfop} totais={totalItens('cfop')} testid="resumo-fiscal-cfop" linhaTestid="resumo-fiscal-cfop-linha" minWidth={360} />
              </SecaoRelatorio>
              <SecaoRelatorio titulo={t('relatorioResumoFiscal.porCst')}>
                <TabelaRelatorio colunas={colunasCst} linhas={porCst} totais={totalItens('cst')} testid="resumo-fiscal-cst" linhaTestid="resumo-fiscal-cst-linha" minWidth={360} />
              </SecaoRelatorio>
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t('relatorioResumoFiscal.itensAjuda')}
            </Text>
            <SecaoRelatorio titulo={t('relatorioResumoFiscal.contingencia')} vazia={!contingencia.length && t('relatorioResumoFiscal.semContingencia')}>
              <TabelaRelatorio colunas={semLojaUnica(colunasContingencia, contingencia) as Record<string, Campo>} linhas={contingencia} celula={comHistorico} testid="resumo-fiscal-contingencia" linhaTestid="resumo-fiscal-contingencia-linha" minWidth={1100} />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('relatorioResumoFiscal.transmitidas')} ajuda={t('relatorioResumoFiscal.transmitidasAjuda')} vazia={!transmitidas.length && t('relatorioResumoFiscal.semTransmitidas')}>
              <TabelaRelatorio colunas={semLojaUnica(colunasTransmitidas, transmitidas) as Record<string, Campo>} linhas={transmitidas} celula={comHistorico} testid="resumo-fiscal-transmitidas" linhaTestid="resumo-fiscal-transmitidas-linha" minWidth={1600} />
            </SecaoRelatorio>
          </>
        )}
      </EstadoRelatorio>
      <HistoricoDocumentoDialog />
    </PaginaRelatorio>
  );
}
