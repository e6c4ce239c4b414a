import { Badge, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';
import type { useConciliacaoBancaria } from './useConciliacaoBancaria.ts';

type C = ReturnType<typeof useConciliacaoBancaria>;

/** The account's imported statement lines, newest first. */
export function ExtratoLinhas({ c }: { c: C }) {
  const { t } = useTranslation();
  const linhas = c.extrato.data?.linhas ?? [];
  return (
    <Paper withBorder p="md">
      <TituloSecao mb="sm">{t('conciliacao.linhasTitulo')}</TituloSecao>
      {linhas.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="conciliacao-sem-linhas">
          {c.extrato.isLoading ? t('conciliacao.carregando') : t('conciliacao.semLinhas')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="conciliacao-linhas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('conciliacao.data')}</Table.Th>
                <Table.Th>{t('conciliacao.descricao')}</Table.Th>
                <Table.Th ta="right">{t('conciliacao.valor')}</Table.Th>
                <Table.Th>{t('conciliacao.situacao')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {linhas.map((l) => (
                <Table.Tr key={l._id} data-testid="conciliacao-linha">
                  <Table.Td>{formatData(l.data)}</Table.Td>
                  <Table.Td>{l.memo || l.nome}</Table.Td>
                  <Table.Td ta="right" c={l.valor < 0 ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
                    {formatCentavos(l.valor)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color="gray" variant="light">
                      {l.conciliada ? t('conciliacao.conciliada') : t('conciliacao.naoConciliada')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

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
