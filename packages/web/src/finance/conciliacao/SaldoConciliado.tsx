import { Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';
import type { useConciliacao } from './useConciliacao.ts';

const dinheiro = (v: number | null) => (v === null ? '—' : formatCentavos(v));

/** The bank's balance per the statements beside the ledger's reconciled balance, day by day (newest first). */
export function SaldoConciliado({ m }: { m: ReturnType<typeof useConciliacao> }) {
  const { t } = useTranslation();
  const dias = [...(m.saldos.data ?? [])].reverse();
  if (!dias.length) return null;
  return (
    <Paper withBorder p="md">
      <TituloSecao mb="xs">{t('conciliacaoBancaria.saldoTitulo')}</TituloSecao>
      <Text size="sm" c="dimmed" mb="sm">
        {t('conciliacaoBancaria.saldoExplicacao')}
      </Text>
      <Table.ScrollContainer minWidth={560} mah={360}>
        <Table striped data-testid="conciliacao-saldos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('conciliacao.data')}</Table.Th>
              <Table.Th ta="right">{t('conciliacaoBancaria.saldoBanco')}</Table.Th>
              <Table.Th ta="right">{t('conciliacaoBancaria.saldoConciliado')}</Table.Th>
              <Table.Th ta="right">{t('conciliacaoBancaria.diferenca')}</Table.Th>
              <Table.Th ta="right">{t('conciliacaoBancaria.saldoRazao')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dias.map((d) => (
              <Table.Tr key={d.data} data-testid="conciliacao-saldo-dia">
                <Table.Td>{formatData(d.data)}</Table.Td>
                <Table.Td ta="right">{dinheiro(d.banco)}</Table.Td>
                <Table.Td ta="right">{dinheiro(d.conciliado)}</Table.Td>
                <Table.Td ta="right" c={d.diferenca ? 'red.8' : 'teal.8'} fw={600}>
                  {dinheiro(d.diferenca)}
                </Table.Td>
                <Table.Td ta="right">{dinheiro(d.razao)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
