import { Paper, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { ConciliacaoLinhas } from './ConciliacaoLinhas.tsx';
import { ExtratoImportacoes } from './ExtratoTabelas.tsx';
import { ImportarOfx } from './ImportarOfx.tsx';
import { RegrasConciliacao } from './RegrasConciliacao.tsx';
import { SaldoConciliado } from './SaldoConciliado.tsx';
import { useConciliacao } from './useConciliacao.ts';
import { useConciliacaoBancaria } from './useConciliacaoBancaria.ts';

/** financeiroConciliacaoBancaria: import a bank's OFX statement into an account and reconcile its lines with the ledger. */
export default function ConciliacaoBancariaPage() {
  const { t } = useTranslation();
  const c = useConciliacaoBancaria();
  const m = useConciliacao(c);
  const contas = (c.contas.data ?? []).map((x) => ({ value: x._id, label: x.banco ? `${x.nome} (${x.banco})` : x.nome }));
  return (
    <PaginaRelatorio testid="conciliacao-pagina" titulo={t('tela.financeiroConciliacaoBancaria')} explicacao={t('conciliacao.explicacao')}>
      <Paper withBorder p="md">
        <Select
          label={t('conciliacao.conta')}
          placeholder={c.contas.isLoading ? t('conciliacao.carregando') : t('conciliacao.contaPlaceholder')}
          data={contas}
          value={c.conta || null}
          onChange={c.setConta}
          searchable
          nothingFoundMessage={t('conciliacao.semContas')}
          maw={420}
          data-testid="conciliacao-conta"
        />
        {c.contas.isSuccess && contas.length === 0 ? (
          <Text size="sm" c="dimmed" mt="xs">
            {t('conciliacao.semContas')}
          </Text>
        ) : null}
      </Paper>
      {c.conta ? (
        <>
          <ImportarOfx c={c} />
          <ConciliacaoLinhas c={c} m={m} />
          <SaldoConciliado m={m} />
          <RegrasConciliacao m={m} conta={c.conta} />
          <ExtratoImportacoes c={c} />
        </>
      ) : null}
    </PaginaRelatorio>
  );
}
