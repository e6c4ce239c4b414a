import { Anchor, Badge, Table } from '@mantine/core';
import { dataBr, reais, type BaixaAgendadaDia } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';

/** The settlements scheduled for the chosen (future) day: the money that will move then, each opening its título. */
export function AgendadasDoDia({ dia, baixas }: { dia: string; baixas: BaixaAgendadaDia[] }) {
  const { t } = useTranslation();
  return (
    <SecaoRelatorio titulo={t('calendario.agendadasDia', { data: dataBr(dia) })} testid="calendario-agendadas">
      <Table.ScrollContainer minWidth={700}>
        <Table striped>
          <Table.Tbody>
            {baixas.map((b) => (
              <Table.Tr key={b._id} data-testid="calendario-agendada">
                <Table.Td>
                  <Badge color="grape" variant="light">{t(b.tipo === 'pagar' ? 'calendario.agendadoPagar' : 'calendario.agendadoReceber')}</Badge>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/financeiroAgenda?tipo=${b.tipo}&de=${b.vencimento}&ate=${b.vencimento}&titulo=${b.titulo}`}>{b.descricao}</Anchor>
                </Table.Td>
                <Table.Td>{b.pessoaNome ?? ''}</Table.Td>
                <Table.Td>{`${b.numero}/${b.parcelas}`}</Table.Td>
                <Table.Td>{t('calendario.venceEm', { data: dataBr(b.vencimento) })}</Table.Td>
                <Table.Td>{b.contaNome ?? ''}</Table.Td>
                <Table.Td ta="right">{reais(b.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SecaoRelatorio>
  );
}
