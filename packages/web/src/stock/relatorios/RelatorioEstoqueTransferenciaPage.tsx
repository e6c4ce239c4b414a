import { Alert, Badge, Switch } from '@mantine/core';
import { rotulosStatusTransferenciaLojas, statusTransferenciaLojas, type Campo, type RelatorioTransferencia, type StatusTransferenciaLojas } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import type { Registro } from '../../resources/exportar.ts';
import { formatCentavos } from '../../resources/format.ts';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDeRelatorio } from '../../sales/relatorios/exportarRelatorio.ts';
import { GraficoBarras } from '../../sales/relatorios/GraficoBarras.tsx';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import { useFiltroRelatorio } from '../../sales/relatorios/useFiltroRelatorio.ts';
import { useGeral } from '../../session/store.ts';
import { dataHora } from '../formatoEstoque.ts';
import type { Loja } from '../transferencias/transferenciasApi.ts';
import { BarraFiltros } from './BarraFiltros.tsx';
import { Cartoes } from './Cartoes.tsx';

const colunas = {
  quando: { rotulo: 'Data', tipo: 'texto' },
  numero: { rotulo: 'Nº', tipo: 'inteiro' },
  origem: { rotulo: 'Origem', tipo: 'texto' },
  destino: { rotulo: 'Destino', tipo: 'texto' },
  situacao: { rotulo: 'Situação', tipo: 'texto' },
  pedido: { rotulo: 'Pedido', tipo: 'texto' },
  linhas: { rotulo: 'Itens', tipo: 'inteiro' },
  valor: { rotulo: 'Valor enviado', tipo: 'dinheiro' },
  valorRecebido: { rotulo: 'Valor recebido', tipo: 'dinheiro' },
  valorDivergencia: { rotulo: 'Divergência', tipo: 'dinheiro' },
  linhasDivergentes: { rotulo: 'Itens divergentes', tipo: 'inteiro' },
} as const satisfies Record<string, Campo>;
const colunasRota = {
  rota: { rotulo: 'Rota', tipo: 'texto' },
  transferencias: { rotulo: 'Transferências', tipo: 'inteiro' },
  valor: { rotulo: 'Valor enviado', tipo: 'dinheiro' },
  valorDivergencia: { rotulo: 'Divergência', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const recurso = recursoDeRelatorio('relatorioEstoqueTransferencia', 'Transferências entre lojas', colunas);
const cores: Record<StatusTransferenciaLojas, string> = { rascunho: 'gray', enviada: 'yellow', recebida: 'green', cancelada: 'red' };

/**
 * relatorioEstoqueTransferencia: the transfers between stores this store sent or received in the period
 * (?de=&ate=&direcao=enviadas|recebidas&loja=&status=enviada,recebida&divergencias=1): origin, destination,
 * state, values sent and received and the divergence valued; totals, the routes as a chart and a table.
 * Cancelled transfers are listed, never counted.
 */
export default function RelatorioEstoqueTransferenciaPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { filtro: base, hoje, params, alterar } = useFiltroRelatorio({ comEmpresas: false });
  const direcao = params.get('direcao') === 'enviadas' || params.get('direcao') === 'recebidas' ? (params.get('direcao') as 'enviadas' | 'recebidas') : null;
  const loja = params.get('loja') || null;
  const status = (params.get('status') ?? '').split(',').filter((s): s is StatusTransferenciaLojas => (statusTransferenciaLojas as readonly string[]).includes(s));
  const soDivergencias = params.get('divergencias') === '1';
  const lojas = useQuery({ queryKey: ['relatorioEstoqueTransferencia', empresa, 'lojas'], queryFn: ({ signal }) => api.get<Loja[]>('relatorioEstoqueTransferencia/lojas', { signal }) });
  const opcoesLojas = (lojas.data ?? []).map((l) => ({ value: l._id, label: l.nome }));
  const filtro = { de: base.de, ate: base.ate, ...(direcao ? { direcao } : {}), ...(loja ? { loja } : {}), ...(status.length ? { status } : {}), ...(soDivergencias ? { soDivergencias } : {}) };
  const { dados: r, erro } = useConsultaRelatorio<RelatorioTransferencia>('relatorioEstoqueTransferencia', filtro);
  const registros: Registro[] = (r?.linhas ?? []).map((l) => ({
    _id: l._id,
    quando: dataHora(l.data),
    numero: l.numero,
    origem: l.empresaOrigemNome ?? '',
    destino: l.empresaDestinoNome ?? '',
    situacao: rotulosStatusTransferenciaLojas[l.status],
    status: l.status,
    pedido: l.pedidoNumero ? `nº ${l.pedidoNumero}` : '',
    linhas: l.linhas,
    valor: l.valor,
    valorRecebido: l.valorRecebido ?? 0,
    valorDivergencia: l.valorDivergencia ?? 0,
    linhasDivergentes: l.linhasDivergentes,
  }));
  const rotas: Registro[] = (r?.porRota ?? []).map((x, i) => ({ _id: String(i), rota: `${x.origem ?? ''} → ${x.destino ?? ''}`, transferencias: x.transferencias, valor: x.valor, valorDivergencia: x.valorDivergencia }));
  const total: Registro = { _id: 'total', quando: t('relatoriosEstoque.total'), linhas: r?.linhas.filter((l) => l.status !== 'cancelada').reduce((s, l) => s + l.linhas, 0) ?? 0, valor: r?.totais.valor ?? 0, valorRecebido: r?.totais.valorRecebido ?? 0, valorDivergencia: r?.totais.valorDivergencia ?? 0 };
  const totalRotas: Registro = { _id: 'total', rota: t('relatoriosEstoque.total'), transferencias: r?.totais.transferencias ?? 0, valor: r?.totais.valor ?? 0, valorDivergencia: r?.totais.valorDivergencia ?? 0 };
  const celula = (coluna: string, linha: Registro) => {
    if (linha._id === 'total') return undefined;
    if (coluna === 'situacao') {
      const s = linha.status as StatusTransferenciaLojas;
      return (
        <Badge color={cores[s]} variant="light" style={{ minWidth: 'max-content' }}>
          {String(linha.situacao)}
        </Badge>
      );
    }
    if (coluna === 'valor' && linha.status === 'cancelada') return <s>{formatCentavos(Number(linha.valor))}</s>;
    if (coluna === 'quando') return <span style={{ whiteSpace: 'nowrap' }}>{String(linha.quando)}</span>;
    return undefined;
  };
  const nome = (id: string | null) => opcoesLojas.find((o) => o.value === id)?.label ?? id ?? '';
  const filtrosPdf: [string, string][] = [
    [t('relatorioEstoqueTransferencia.direcao'), direcao ? t(`relatorioEstoqueTransferencia.${direcao}`) : t('relatorioEstoqueTransferencia.todas')],
    [t('relatorioEstoqueTransferencia.loja'), loja ? nome(loja) : t('relatorioEstoqueTransferencia.todasLojas')],
    [t('relatorioEstoqueTransferencia.situacao'), status.length ? status.map((s) => rotulosStatusTransferenciaLojas[s]).join(', ') : t('relatorioEstoqueTransferencia.todasSituacoes')],
    ...(soDivergencias ? [[t('relatorioEstoqueTransferencia.soDivergencias'), t('relatorioEstoqueTransferencia.sim')] as [string, string]] : []),
  ];

  return (
    <PaginaRelatorio testid="relatorio-estoque-transferencia" titulo={t('relatorioEstoqueTransferencia.titulo')} explicacao={t('relatorioEstoqueTransferencia.explicacao')}>
      <BarraFiltros
        testid="transferencia-filtros"
        de={base.de}
        ate={base.ate}
        hoje={hoje}
        alterar={alterar}
        exportar={
          r
            ? {
                recurso,
                registros: [...registros, total],
                arquivo: `transferencias-${base.de}-a-${base.ate}`,
                titulo: t('relatorioEstoqueTransferencia.titulo'),
                filtros: filtrosPdf,
                secoes: [
                  { titulo: t('relatorioEstoqueTransferencia.porRota'), colunas: colunasRota, linhas: [...rotas, totalRotas] },
                  { titulo: t('relatorioEstoqueTransferencia.transferencias'), colunas, linhas: [...registros, total] },
                ],
              }
            : null
        }
      >
        <EscolhaFiltro
          multipla={false}
          rotulo={t('relatorioEstoqueTransferencia.direcao')}
          todos={t('relatorioEstoqueTransferencia.todas')}
          opcoes={[
            { value: 'enviadas', label: t('relatorioEstoqueTransferencia.enviadas') },
            { value: 'recebidas', label: t('relatorioEstoqueTransferencia.recebidas') },
          ]}
          valor={direcao}
          alterar={(v) => alterar({ direcao: v })}
          largura={180}
          testid="transferencia-direcao-filtro"
        />
        <EscolhaFiltro multipla={false} rotulo={t('relatorioEstoqueTransferencia.loja')} todos={t('relatorioEstoqueTransferencia.todasLojas')} opcoes={opcoesLojas} valor={loja} alterar={(v) => alterar({ loja: v })} largura={220} testid="transferencia-loja-filtro" />
        <EscolhaFiltro
          multipla
          rotulo={t('relatorioEstoqueTransferencia.situacao')}
          todos={t('relatorioEstoqueTransferencia.todasSituacoes')}
          opcoes={statusTransferenciaLojas.map((s) => ({ value: s, label: rotulosStatusTransferenciaLojas[s] }))}
          valor={status}
          alterar={(v) => alterar({ status: v.length ? v.join(',') : null })}
          largura={220}
          testid="transferencia-status-filtro"
        />
        <Switch label={t('relatorioEstoqueTransferencia.soDivergencias')} checked={soDivergencias} onChange={(e) => alterar({ divergencias: e.currentTarget.checked ? '1' : null })} mb={8} data-testid="transferencia-so-divergencias" />
      </BarraFiltros>
      <EstadoRelatorio erro={erro} dados={r} vazio={(d) => d.linhas.length === 0 && t('relatorioEstoqueTransferencia.vazio')} vazioAjuda={t('relatorioEstoqueTransferencia.vazioAjuda')}>
        {(d) => (
          <>
            <Cartoes
              cartoes={[
                { testid: 'transferencia-total', titulo: t('relatorioEstoqueTransferencia.totalEnviado'), valor: formatCentavos(d.totais.valor), detalhe: t('relatorioEstoqueTransferencia.quantas', { count: d.totais.transferencias }) },
                { testid: 'transferencia-recebido', titulo: t('relatorioEstoqueTransferencia.totalRecebido'), valor: formatCentavos(d.totais.valorRecebido) },
                { testid: 'transferencia-divergencia', titulo: t('relatorioEstoqueTransferencia.divergencias'), valor: formatCentavos(d.totais.valorDivergencia), detalhe: t('relatorioEstoqueTransferencia.comDivergencia', { count: d.totais.comDivergencia }), cor: d.totais.valorDivergencia ? 'red' : undefined },
                { testid: 'transferencia-transito', titulo: t('relatorioEstoqueTransferencia.emTransito'), valor: String(d.totais.emTransito) },
              ]}
            />
            {d.truncado ? <Alert color="yellow">{t('relatoriosEstoque.truncado')}</Alert> : null}
            {d.porRota.length ? <GraficoBarras testid="relatorio-grafico" itens={d.porRota.map((x) => ({ rotulo: `${x.origem ?? ''} → ${x.destino ?? ''}`, valor: x.valor }))} /> : null}
            <SecaoRelatorio titulo={t('relatorioEstoqueTransferencia.porRota')} testid="transferencia-por-rota">
              <TabelaRelatorio colunas={colunasRota} linhas={rotas} totais={totalRotas} testid="transferencia-rotas-tabela" minWidth={560} />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('relatorioEstoqueTransferencia.transferencias')} testid="transferencia-linhas">
              <TabelaRelatorio colunas={colunas} linhas={registros} totais={total} celula={celula} testid="relatorio-tabela" linhaTestid="transferencia-relatorio-linha" minWidth={1100} />
            </SecaoRelatorio>
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
