import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import type { EventoNota } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { dataHora } from '../../stock/formatoEstoque.ts';

/** SEFAZ's cStat of a registered event (linked, not linked, duplicate) shows green; any other red. */
const aceito = (cStat: string | null) => cStat !== null && ['135', '136', '155', '573'].includes(cStat);

/**
 * The events of one note (manifestations sent, the emitter's cancellation or correction letter): type,
 * date, protocol and SEFAZ's answer. `rota` is the API path that lists them (baixarNotas/:id/eventos or
 * entradaNotaFiscal/:id/eventos).
 */
export function EventosDaNota({ rota, titulo = true }: { rota: string; titulo?: boolean }) {
  const { t } = useTranslation();
  const eventos = useQuery({ queryKey: ['eventosNota', rota], queryFn: ({ signal }) => api.get<EventoNota[]>(rota, { signal }) });
  if (!eventos.data) return eventos.error ? <Text c="red" size="sm">{eventos.error.message}</Text> : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="eventos-nota">
      {titulo ? <Title order={4} mb="xs">{t('eventosNota.titulo')}</Title> : null}
      {eventos.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="eventos-nota-vazio">{t('eventosNota.nenhum')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('eventosNota.tipo')}</Table.Th>
                <Table.Th>{t('eventosNota.data')}</Table.Th>
                <Table.Th>{t('eventosNota.protocolo')}</Table.Th>
                <Table.Th>{t('eventosNota.retorno')}</Table.Th>
                <Table.Th>{t('eventosNota.origem')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {eventos.data.map((e, i) => (
                <Table.Tr key={`${e.tpEvento}-${e.protocolo ?? i}`} data-testid="evento-nota">
                  <Table.Td>
                    <Text size="sm">{e.descricao}</Text>
                    <Text size="xs" c="dimmed">{e.tpEvento}</Text>
                  </Table.Td>
                  <Table.Td>{dataHora(e.em)}</Table.Td>
                  <Table.Td ff="monospace">{e.protocolo ?? '—'}</Table.Td>
                  <Table.Td>
                    {e.cStat ? <Badge variant="light" color={aceito(e.cStat) ? 'green' : 'red'} data-testid="evento-nota-cstat">{e.cStat}</Badge> : '—'} <Text span size="xs" c="dimmed">{e.xMotivo ?? ''}</Text>
                  </Table.Td>
                  <Table.Td>{t(`eventosNota.origem_${e.origem}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
