import { Badge, Paper, Table, Text } from '@mantine/core';
import { ibptVencida } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { formatData } from '../resources/format.ts';
import type { useOlhoNoImposto } from './useOlhoNoImposto.ts';
import { TituloSecao } from '../resources/TituloSecao.tsx';

export function IbptVersoesTable({ c }: { c: ReturnType<typeof useOlhoNoImposto> }) {
  const { t } = useTranslation();
  const versoes = c.versoes.data ?? [];
  return (
    <Paper withBorder p="md">
      <TituloSecao mb="sm">
        {t('ibpt.versoesTitulo')}
      </TituloSecao>
      {versoes.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="ibpt-sem-versoes">
          {c.versoes.isLoading ? t('ibpt.carregando') : t('ibpt.semVersoes')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped data-testid="ibpt-versoes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ibpt.uf')}</Table.Th>
                <Table.Th>{t('ibpt.versao')}</Table.Th>
                <Table.Th>{t('ibpt.chave')}</Table.Th>
                <Table.Th>{t('ibpt.vigencia')}</Table.Th>
                <Table.Th ta="right">{t('ibpt.linhas')}</Table.Th>
                <Table.Th>{t('ibpt.importadaEm')}</Table.Th>
                <Table.Th>{t('ibpt.situacao')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versoes.map((v) => {
                const vencida = ibptVencida(v.vigenciaFim, c.hoje);
                return (
                  <Table.Tr key={v._id} data-testid="ibpt-versao">
                    <Table.Td>{v.uf}</Table.Td>
                    <Table.Td>{v.versao}</Table.Td>
                    <Table.Td>{v.chave}</Table.Td>
                    <Table.Td>
                      {formatData(v.vigenciaInicio)} – {formatData(v.vigenciaFim)}
                    </Table.Td>
                    <Table.Td ta="right">{v.linhas.toLocaleString('pt-BR')}</Table.Td>
                    <Table.Td>{new Date(v.created_at).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' })}</Table.Td>
                    <Table.Td>
                      {!v.atual ? (
                        <Badge color="gray" variant="light">{t('ibpt.anterior')}</Badge>
                      ) : vencida ? (
                        <Badge color="yellow">{t('ibpt.vencida')}</Badge>
                      ) : (
                        <Badge color="teal">{t('ibpt.emVigor')}</Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
