import type { Campo } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { dataHora } from '../../stock/formatoEstoque.ts';
import type { useConciliacaoBancaria } from './useConciliacaoBancaria.ts';

type C = ReturnType<typeof useConciliacaoBancaria>;

/** The files imported into the account, newest first; the time of each in the stores' clock. */
export function ExtratoImportacoes({ c }: { c: C }) {
  const { t } = useTranslation();
  const importacoes = c.extrato.data?.importacoes ?? [];
  if (importacoes.length === 0) return null;
  const colunas: Record<string, Campo> = {
    importadoEm: { rotulo: t('conciliacao.importadoEm'), tipo: 'texto' },
    arquivoNome: { rotulo: t('conciliacao.arquivo'), tipo: 'texto' },
    periodo: { rotulo: t('conciliacao.periodo'), tipo: 'texto' },
    importadas: { rotulo: t('conciliacao.novas'), tipo: 'inteiro' },
    repetidas: { rotulo: t('conciliacao.repetidas'), tipo: 'inteiro' },
    saldo: { rotulo: t('conciliacao.saldoBanco'), tipo: 'dinheiro' },
  };
  const registros = importacoes.map((i) => ({
    _id: i._id,
    importadoEm: dataHora(i.importadoEm),
    arquivoNome: i.arquivoNome,
    periodo: i.inicio && i.fim ? `${formatData(i.inicio)} – ${formatData(i.fim)}` : '—',
    importadas: i.importadas,
    repetidas: i.repetidas,
    saldo: i.saldo === null ? '—' : `${formatCentavos(i.saldo)}${i.saldoData ? ` (${formatData(i.saldoData)})` : ''}`,
  }));
  return (
    <SecaoRelatorio titulo={t('conciliacao.historicoTitulo')}>
      <TabelaRelatorio colunas={colunas} linhas={registros} testid="conciliacao-importacoes" linhaTestid="conciliacao-importacao" minWidth={720} />
    </SecaoRelatorio>
  );
}
