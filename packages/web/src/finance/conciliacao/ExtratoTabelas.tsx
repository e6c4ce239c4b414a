import { Paper, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';
import type { useConciliacaoBancaria } from './useConciliacaoBancaria.ts';

type C = ReturnType<typeof useConciliacaoBancaria>;

/** The files imported into the account, newest first. */
export function ExtratoImportacoes({ c }: { c: C }) {
  const { t } = useTranslation();
  const importacoes = c.extrato.data?.importacoes ?? [];
  if (importacoes.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <TituloSecao mb="sm">{t('conciliacao.historicoTitulo')}</TituloSecao>
      <Table.ScrollContainer minWidth={720}>
        <Table striped data-testid="conciliacao-importacoes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('conciliacao.importadoEm')}</Table.Th>
              <Table.Th>{t('conciliacao.arquivo')}</Table.Th>
              <Table.Th>{t('conciliacao.periodo')}</Table.Th>
              <Table.Th ta="right">{t('conciliacao.novas')}</Table.Th>
              <Table.Th ta="right">{t('conciliacao.repetidas')}</Table.Th>
              <Table.Th ta="right">{t('conciliacao.saldoBanco')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {importacoes.map((i) => (
              <Table.Tr key={i._id} data-testid="conciliacao-importacao">
                <Table.Td>{new Date(i.importadoEm).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' })}</Table.Td>
                <Table.Td>{i.arquivoNome}</Table.Td>
                <Table.Td>{i.inicio && i.fim ? `${formatData(i.inicio)} – ${formatData(i.fim)}` : '—'}</Table.Td>
                <Table.Td ta="right">{i.importadas}</Table.Td>
                <Table.Td ta="right">{i.repetidas}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {i.saldo === null ? '—' : `${formatCentavos(i.saldo)}${i.saldoData ? ` (${formatData(i.saldoData)})` : ''}`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
