import { Badge, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dataHora } from '../../stock/formatoEstoque.ts';

/** One event as both tables show it: what it is, when, SEFAZ's protocol and answer. */
export interface LinhaEvento {
  chave: string;
  descricao: ReactNode;
  detalhe: ReactNode;
  em: string | null;
  protocolo: string | null;
  cStat: string | null;
  registrado: boolean;
  xMotivo: string | null;
  /** Who sent it, where a note's events come from several senders (received notes). */
  origem?: string;
}

/** The events table of a note, received or issued; `testId` names the rows for the browser tests. */
export function TabelaEventos({ linhas, testId }: { linhas: LinhaEvento[]; testId: string }) {
  const { t } = useTranslation();
  const comOrigem = linhas.some((l) => l.origem !== undefined);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('eventosNota.tipo')}</Table.Th>
            <Table.Th>{t('eventosNota.data')}</Table.Th>
            <Table.Th>{t('eventosNota.protocolo')}</Table.Th>
            <Table.Th>{t('eventosNota.retorno')}</Table.Th>
            {comOrigem ? <Table.Th>{t('eventosNota.origem')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linhas.map((l) => (
            <Table.Tr key={l.chave} data-testid={testId}>
              <Table.Td>
                <Text size="sm">{l.descricao}</Text>
                <Text size="xs" c="dimmed">{l.detalhe}</Text>
              </Table.Td>
              <Table.Td>{dataHora(l.em)}</Table.Td>
              <Table.Td ff="monospace">{l.protocolo ?? '—'}</Table.Td>
              <Table.Td>
                {l.cStat ? <Badge variant="light" color={l.registrado ? 'green' : 'red'} data-testid={`${testId}-cstat`}>{l.cStat}</Badge> : '—'} <Text span size="xs" c="dimmed">{l.xMotivo ?? ''}</Text>
              </Table.Td>
              {comOrigem ? <Table.Td>{l.origem ?? ''}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
