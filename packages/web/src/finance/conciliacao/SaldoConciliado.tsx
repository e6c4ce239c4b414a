import { Text } from '@mantine/core';
import type { Campo } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { formatCentavos } from '../../resources/format.ts';
import { SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import type { useConciliacao } from './useConciliacao.ts';

const dinheiro = (v: number | null) => (v === null ? '—' : formatCentavos(v));

/** The bank's balance per the statements beside the ledger's reconciled balance, day by day (newest first). */
export function SaldoConciliado({ m }: { m: ReturnType<typeof useConciliacao> }) {
  const { t } = useTranslation();
  const dias = [...(m.saldos.data ?? [])].reverse();
  if (!dias.length) return null;
  const colunas: Record<string, Campo> = {
    data: { rotulo: t('conciliacao.data'), tipo: 'data' },
    banco: { rotulo: t('conciliacaoBancaria.saldoBanco'), tipo: 'dinheiro' },
    conciliado: { rotulo: t('conciliacaoBancaria.saldoConciliado'), tipo: 'dinheiro' },
    diferenca: { rotulo: t('conciliacaoBancaria.diferenca'), tipo: 'dinheiro' },
    razao: { rotulo: t('conciliacaoBancaria.saldoRazao'), tipo: 'dinheiro' },
  };
  const registros = dias.map((d) => ({ _id: d.data, data: d.data, banco: dinheiro(d.banco), conciliado: d.conciliado, diferenca: d.diferenca, razao: d.razao }));
  // The difference in red unless it is zero.
  const celula = (coluna: string, r: Registro) =>
    coluna === 'diferenca' ? (
      <Text span inherit c={r.diferenca ? 'red.8' : 'teal.8'} fw={600}>
        {dinheiro(r.diferenca as number | null)}
      </Text>
    ) : undefined;
  return (
    <SecaoRelatorio titulo={t('conciliacaoBancaria.saldoTitulo')} ajuda={t('conciliacaoBancaria.saldoExplicacao')}>
      <TabelaRelatorio colunas={colunas} linhas={registros} celula={celula} testid="conciliacao-saldos" linhaTestid="conciliacao-saldo-dia" minWidth={560} mah={360} />
    </SecaoRelatorio>
  );
}
