import { Alert, Paper, Text } from '@mantine/core';
import type { RelatorioDre } from '@retaguarda/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../../resources/format.ts';
import { GraficoBarras } from '../../sales/relatorios/GraficoBarras.tsx';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import { FiltrosDre } from './FiltrosDre.tsx';
import { LinhasDaCelula, type Celula } from './LinhasDaCelula.tsx';
import { TabelaDre } from './TabelaDre.tsx';
import { useFiltroDre } from './useFiltroDre.ts';

/** Per column: what came in (the top groups' positive sums) and what went out, for the chart. */
export function barrasDaDre(r: RelatorioDre, textos: (chave: string, v: Record<string, string>) => string) {
  const topo = r.linhas.filter((l) => l.nivel === 0);
  return r.colunas.map((c, i) => {
    const receitas = topo.reduce((s, l) => s + Math.max(0, l.valores[i]!), 0);
    const despesas = topo.reduce((s, l) => s - Math.min(0, l.valores[i]!), 0);
    return { rotulo: c.rotulo, valor: receitas, comparacao: despesas, dica: textos('dre.dica', { coluna: c.rotulo, receitas: formatCentavos(receitas), despesas: formatCentavos(despesas), resultado: formatCentavos(r.resultado.valores[i]!) }) };
  });
}

/** The basis the statement is on, said plainly above it. */
export function AvisoRegime({ regime }: { regime: RelatorioDre['regime'] }) {
  const { t } = useTranslation();
  return (
    <Alert color={regime === 'caixa' ? 'blue' : 'grape'} title={t(`dre.regime_${regime}_titulo`)} data-testid="dre-aviso-regime">
      {t(`dre.regime_${regime}_explicacao`)}
    </Alert>
  );
}

/** relatorioFinanceiroPlanoDeContas: the income statement by chart of accounts, per month or company, cash or accrual basis; a cell opens its lines. */
export default function RelatorioDrePage() {
  const { t } = useTranslation();
  const { filtro, hoje, alterar } = useFiltroDre();
  const { dados: r, erro } = useConsultaRelatorio<RelatorioDre>('relatorioFinanceiroPlanoDeContas', filtro);
  const [celula, setCelula] = useState<Celula | null>(null);
  return (
    <PaginaRelatorio testid="relatorio-dre" titulo={t('dre.titulo')} explicacao={t('dre.explicacao')}>
      <FiltrosDre filtro={filtro} hoje={hoje} alterar={alterar} exportar={r ? { dre: r, titulo: t('dre.titulo'), arquivo: `dre-${r.regime}-${filtro.de}-a-${filtro.ate}` } : null} />
      <EstadoRelatorio erro={erro} dados={r} vazio={(r) => r.linhas.length === 0 && t('dre.vazio')} vazioAjuda={t('dre.vazioAjuda')}>
        {(r) => (
          <>
            <AvisoRegime regime={r.regime} />
            <div>
              <GraficoBarras testid="relatorio-grafico" itens={barrasDaDre(r, t)} />
              <Text size="xs" c="dimmed" mt={4}>
                {t('dre.legenda')}
              </Text>
            </div>
            <Paper withBorder radius="md">
              <TabelaDre dre={r} testid="relatorio-tabela" rotulo={t('dre.titulo')} abrir={(planoConta, coluna) => setCelula({ planoConta, coluna })} />
            </Paper>
            <LinhasDaCelula filtro={filtro} dre={r} celula={celula} fechar={() => setCelula(null)} />
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
