import { Alert, SimpleGrid } from '@mantine/core';
import type { ComparacaoDre } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../../resources/format.ts';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import { FiltrosDre } from './FiltrosDre.tsx';
import { AvisoRegime } from './RelatorioDrePage.tsx';
import { chaveCelula, TabelaDre } from './TabelaDre.tsx';
import { useFiltroDre } from './useFiltroDre.ts';

/**
 * relatorioFinanceiroPlanoDeContasTeste: the statement as the report reads it (the monthly rollup kept with
 * every write) beside the next version, read from every ledger row and título of the period; each cell
 * that differs is highlighted on both sides and counted. Equal statements are the proof the rollup is right.
 */
export default function RelatorioDreTestePage() {
  const { t } = useTranslation();
  const { filtro, hoje, alterar } = useFiltroDre();
  const { dados: r, erro } = useConsultaRelatorio<ComparacaoDre>('relatorioFinanceiroPlanoDeContasTeste', filtro);
  return (
    <PaginaRelatorio testid="relatorio-dre-teste" titulo={t('dre.testeTitulo')} explicacao={t('dre.testeExplicacao')}>
      <FiltrosDre filtro={filtro} hoje={hoje} alterar={alterar} exportar={r ? { dre: r.proxima, titulo: t('dre.testeTitulo'), arquivo: `dre-nova-versao-${r.proxima.regime}-${filtro.de}-a-${filtro.ate}` } : null} />
      <EstadoRelatorio erro={erro} dados={r}>
        {(r) => {
          const destacar = new Set(r.diferencas.map((d) => chaveCelula(d.planoConta, d.coluna)));
          const celulas = (r.proxima.linhas.length + 1) * (r.proxima.colunas.length + 1);
          return (
            <>
              <AvisoRegime regime={r.atual.regime} />
              {r.diferencas.length ? (
                <Alert color="yellow" title={t('dre.diferencas', { count: r.diferencas.length })} data-testid="dre-diferencas">
                  {t('dre.diferencasAjuda')}
                </Alert>
              ) : (
                <Alert color="green" title={t('dre.semDiferencas')} data-testid="dre-diferencas">
                  {t('dre.semDiferencasAjuda', { celulas, atual: r.tempos.atual, proxima: r.tempos.proxima })}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, lg: 2 }}>
                <SecaoRelatorio titulo={t('dre.versaoAtual')} ajuda={t('dre.versaoAtualAjuda', { ms: r.tempos.atual })} testid="dre-atual">
                  <TabelaDre dre={r.atual} testid="dre-tabela-atual" rotulo={t('dre.versaoAtual')} destacar={destacar} />
                </SecaoRelatorio>
                <SecaoRelatorio titulo={t('dre.versaoProxima')} ajuda={t('dre.versaoProximaAjuda', { ms: r.tempos.proxima })} testid="dre-proxima">
                  <TabelaDre dre={r.proxima} testid="dre-tabela-proxima" rotulo={t('dre.versaoProxima')} destacar={destacar} />
                </SecaoRelatorio>
              </SimpleGrid>
              {r.diferencas.length ? (
                <SecaoRelatorio titulo={t('dre.listaDiferencas')} testid="dre-lista-diferencas">
                  {r.diferencas.map((d) => {
                    const linha = r.proxima.linhas.find((l) => l.planoConta === d.planoConta) ?? r.atual.linhas.find((l) => l.planoConta === d.planoConta);
                    const coluna = r.atual.colunas.find((c) => c.chave === d.coluna)?.rotulo ?? t('dre.total');
                    return (
                      <div key={chaveCelula(d.planoConta, d.coluna)}>
                        {t('dre.diferenca', { conta: linha ? `${linha.codigo} ${linha.nome}` : t('dre.resultado'), coluna, atual: formatCentavos(d.atual), proxima: formatCentavos(d.proxima) })}
                      </div>
                    );
                  })}
                </SecaoRelatorio>
              ) : null}
            </>
          );
        }}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
