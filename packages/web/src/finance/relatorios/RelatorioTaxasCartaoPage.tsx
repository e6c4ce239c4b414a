import { Group, Paper, Text } from '@mantine/core';
import type { Campo, RelatorioTaxasCartao } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { useGeral } from '../../session/store.ts';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { BotoesExportar, type ExportacaoRelatorio } from '../../sales/relatorios/BotoesExportar.tsx';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDeRelatorio } from '../../sales/relatorios/exportarRelatorio.ts';
import { GraficoBarras } from '../../sales/relatorios/GraficoBarras.tsx';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import { useFiltroRelatorio } from '../../sales/relatorios/useFiltroRelatorio.ts';
import { Cartoes } from '../../stock/relatorios/Cartoes.tsx';
import { percentualDe, taxaAntecipacaoDe } from './percentual.ts';
import { nomesEscolhidos, useLojasFiltro } from './useLojasFiltro.ts';

const valores = {
  bruto: { rotulo: 'Bruto', tipo: 'dinheiro' },
  taxaContrato: { rotulo: 'Taxa do contrato', tipo: 'dinheiro' },
  chargeback: { rotulo: 'Chargeback', tipo: 'dinheiro' },
  liquidoPrevisto: { rotulo: 'Líquido previsto', tipo: 'dinheiro' },
  pago: { rotulo: 'Crédito no banco', tipo: 'dinheiro' },
  taxaCobrada: { rotulo: 'Taxa cobrada', tipo: 'dinheiro' },
  antecipacao: { rotulo: 'Custo da antecipação', tipo: 'dinheiro' },
  taxaAntecipacao: { rotulo: 'Antecipação ao mês', tipo: 'texto' },
  diferenca: { rotulo: 'Diferença', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const colunasDias = {
  data: { rotulo: 'Data', tipo: 'texto' },
  operadoraNome: { rotulo: 'Operadora', tipo: 'texto' },
  bandeiraNome: { rotulo: 'Bandeira', tipo: 'texto' },
  empresaNome: { rotulo: 'Loja', tipo: 'texto' },
  ...valores,
} as const satisfies Record<string, Campo>;
const colunasOperadoras = {
  operadoraNome: { rotulo: 'Operadora', tipo: 'texto' },
  dias: { rotulo: 'Dias', tipo: 'inteiro' },
  ...valores,
} as const satisfies Record<string, Campo>;
// On screen the day's table leaves out the expected net (the files keep it): the difference stays in view;
// the anticipation's columns only for a period with one (the files always keep them).
const { liquidoPrevisto: _l, ...colunasDiasTela } = colunasDias;
const { antecipacao: _a, taxaAntecipacao: _t, ...semAntecipacao } = colunasDiasTela;
const { antecipacao: _oa, taxaAntecipacao: _ot, ...operadorasSemAntecipacao } = colunasOperadoras;
const recurso = recursoDeRelatorio('relatorioFinanceiroTaxasCartao', 'Auditoria de taxas de cartão', colunasDias);


/**
 * relatorioFinanceiroTaxasCartao, the card fee audit (?de=&ate=&empresa=…&operadora=): what each
 * acquirer's contract says it should keep against what it kept (the day's gross less its chargebacks and
 * the bank credit reconciled to it), per brand and day, the overcharge in red, the fees per day as a chart;
 * chargebacks in their own column and card, never in the difference; so the discount of an anticipation
 * the acquirer made on its own (its cost and effective monthly rate).
 */
export default function RelatorioTaxasCartaoPage() {
  const { t } = useTranslation();
  const { filtro: base, hoje, params, alterar } = useFiltroRelatorio();
  const operadora = params.get('operadora') || null;
  const empresas = base.empresas ?? [];
  const filtro = { de: base.de, ate: base.ate, empresas, ...(operadora ? { operadora } : {}) };
  const { dados: r, erro } = useConsultaRelatorio<RelatorioTaxasCartao>('relatorioFinanceiroTaxasCartao', filtro);
  const { lojas, carregando } = useLojasFiltro();
  const operadoras = useOpcoesReferencia('operadora').data ?? [];
  const grupo = useGeral((s) => s.grupoEmpresarial?.nome);

  const linhas: Registro[] = (r?.linhas ?? []).map((l, i) => ({ ...l, _id: `${l.data}-${l.operadora}-${l.bandeira}-${l.empresa}-${i}`, data: formatData(l.data), taxaAntecipacao: taxaAntecipacaoDe(l) }));
  const totalDias: Registro | undefined = r ? { _id: 'total', data: t('taxasCartao.total'), ...r.totais, taxaAntecipacao: taxaAntecipacaoDe(r.totais) } : undefined;
  const porOperadora: Registro[] = (r?.porOperadora ?? []).map((o) => ({ ...o, _id: o.operadoraNome, taxaAntecipacao: taxaAntecipacaoDe(o) }));
  const totalOperadoras: Registro | undefined = r
    ? { _id: 'total', operadoraNome: t('taxasCartao.total'), dias: r.porOperadora.reduce((s, o) => s + o.dias, 0), ...r.totais, taxaAntecipacao: taxaAntecipacaoDe(r.totais) }
    : undefined;
  const nomeOperadora = operadoras.find((o) => o.value === operadora)?.label ?? operadora ?? '';
  const exportar: ExportacaoRelatorio | null = r
    ? {
        recurso,
        registros: [...linhas, totalDias!],
        arquivo: `taxas-cartao-${base.de}-a-${base.ate}`,
        pdf: {
          titulo: t('tela.relatorioFinanceiroTaxasCartao'),
          empresa: [grupo, nomesEscolhidos(lojas, empresas, t('taxasCartao.todasLojas'))].filter(Boolean).join(' · '),
          de: base.de,
          ate: base.ate,
          filtros: [[t('taxasCartao.operadora'), operadora ? nomeOperadora : t('taxasCartao.todasOperadoras')]],
        },
        secoes: [
          { titulo: t('taxasCartao.porOperadora'), colunas: colunasOperadoras, linhas: [...porOperadora, totalOperadoras!] },
          { titulo: t('taxasCartao.porDia'), colunas: colunasDias, linhas: [...linhas, totalDias!] },
        ],
      }
    : null;
  // Charged above the contract in red, below it in green.
  const celula = (coluna: string, linha: Registro) => {
    if (coluna !== 'diferenca') return undefined;
    const v = Number(linha.diferenca);
    return (
      <Text span fw={linha._id === 'total' ? 700 : 500} c={v > 0 ? 'red' : v < 0 ? 'teal' : undefined} size="sm" data-testid="taxa-diferenca">
        {v > 0 ? '+' : ''}
        {formatCentavos(v)}
      </Text>
    );
  };
  // The day's fees across brands and operadoras: kept (blue) beside the contract's (grey).
  const porDia = new Map<string, { cobrada: number; contrato: number }>();
  for (const l of r?.linhas ?? []) {
    const d = porDia.get(l.data) ?? porDia.set(l.data, { cobrada: 0, contrato: 0 }).get(l.data)!;
    d.cobrada += l.taxaCobrada;
    d.contrato += l.taxaContrato;
  }

  return (
    <PaginaRelatorio testid="relatorio-taxas-cartao" titulo={t('tela.relatorioFinanceiroTaxasCartao')} explicacao={t('taxasCartao.explicacao')}>
      <Paper withBorder p="md" radius="md" className="nao-imprimir" data-testid="taxas-filtros">
        <Group align="flex-end" wrap="wrap">
          <CampoDia rotulo={t('relatorioVenda.de')} data={base.de} hoje={hoje} onChange={(de) => alterar({ de })} testid="relatorio-de" />
          <CampoDia rotulo={t('relatorioVenda.ate')} data={base.ate} hoje={hoje} onChange={(ate) => alterar({ ate })} testid="relatorio-ate" />
          <EscolhaFiltro multipla rotulo={t('taxasCartao.lojas')} todos={t('taxasCartao.todasLojas')} opcoes={lojas} carregando={carregando} valor={empresas} alterar={(v) => alterar({ empresas: v })} largura={220} larguraMaxima={480} busca testid="taxas-lojas" />
          <EscolhaFiltro multipla={false} rotulo={t('taxasCartao.operadora')} todos={t('taxasCartao.todasOperadoras')} opcoes={operadoras} valor={operadora} alterar={(v) => alterar({ operadora: v })} largura={220} busca testid="taxas-operadora" />
          <BotoesExportar exportar={exportar} />
        </Group>
      </Paper>
      <EstadoRelatorio erro={erro} dados={r} vazio={(d) => d.linhas.length === 0 && t('taxasCartao.vazio')} vazioAjuda={t('taxasCartao.vazioAjuda')}>
        {(d) => (
          <>
            <Cartoes
              cartoes={[
                { testid: 'taxas-bruto', titulo: t('taxasCartao.bruto'), valor: formatCentavos(d.totais.bruto), detalhe: t('taxasCartao.dias', { count: d.porOperadora.reduce((s, o) => s + o.dias, 0) }) },
                { testid: 'taxas-contrato', titulo: t('taxasCartao.taxaContrato'), valor: formatCentavos(d.totais.taxaContrato) },
                { testid: 'taxas-cobrada', titulo: t('taxasCartao.taxaCobrada'), valor: formatCentavos(d.totais.taxaCobrada) },
                ...(d.totais.antecipacao
                  ? [{ testid: 'taxas-antecipacao', titulo: t('taxasCartao.antecipacao'), valor: formatCentavos(d.totais.antecipacao), detalhe: t('taxasCartao.antecipacaoDetalhe', { taxa: taxaAntecipacaoDe(d.totais) }) }]
                  : []),
                ...(d.totais.chargeback ? [{ testid: 'taxas-chargeback', titulo: t('taxasCartao.chargeback'), valor: formatCentavos(d.totais.chargeback), detalhe: t('taxasCartao.chargebackDetalhe') }] : []),
                d.totais.diferenca > 0
                  ? { testid: 'taxas-diferenca', titulo: t('taxasCartao.cobradoAMais'), valor: formatCentavos(d.totais.diferenca), detalhe: t('taxasCartao.cobradoAMaisDetalhe', { percentual: percentualDe(d.totais.diferenca, d.totais.taxaContrato) }), cor: 'red' }
                  : { testid: 'taxas-diferenca', titulo: t('taxasCartao.dentroDoContrato'), valor: formatCentavos(d.totais.diferenca), cor: 'teal' },
              ]}
            />
            <SecaoRelatorio titulo={t('taxasCartao.grafico')} testid="taxas-grafico">
              <GraficoBarras
                semMoldura
                testid="relatorio-grafico"
                itens={[...porDia.entries()].map(([data, v]) => ({
                  rotulo: formatData(data),
                  valor: v.cobrada,
                  comparacao: v.contrato,
                  dica: `${formatData(data)}: ${t('taxasCartao.taxaCobrada')} ${formatCentavos(v.cobrada)} · ${t('taxasCartao.taxaContrato')} ${formatCentavos(v.contrato)}`,
                }))}
              />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('taxasCartao.porOperadora')} testid="taxas-operadoras">
              <TabelaRelatorio colunas={d.totais.antecipacao ? colunasOperadoras : operadorasSemAntecipacao} linhas={porOperadora} totais={totalOperadoras} celula={celula} testid="taxas-operadoras-tabela" linhaTestid="taxas-operadora-linha" minWidth={820} />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('taxasCartao.porDia')} ajuda={t('taxasCartao.porDiaAjuda')} testid="taxas-dias">
              <TabelaRelatorio colunas={d.totais.antecipacao ? colunasDiasTela : semAntecipacao} linhas={linhas} totais={totalDias} celula={celula} testid="relatorio-tabela" linhaTestid="taxas-linha" minWidth={1000} mah={520} />
            </SecaoRelatorio>
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
