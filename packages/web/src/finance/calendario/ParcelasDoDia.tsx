import { Anchor, Badge, Table } from '@mantine/core';
import { dataBr, reais, type LinhaAgenda } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { corStatus } from '../agenda/agendaApi.ts';

/** The payables and receivables due on the chosen day, each opening its título on the agenda. */
export function ParcelasDoDia({ dia, parcelas }: { dia: string; parcelas: LinhaAgenda[] }) {
  const { t } = useTranslation();
  return (
    <SecaoRelatorio titulo={t('calendario.titulosDia', { data: dataBr(dia) })} vazia={parcelas.length === 0 && t('calendario.semTitulos')} testid="calendario-titulos">
      <Table.ScrollContainer minWidth={700}>
        <Table striped>
          <Table.Tbody>
            {parcelas.map((p) => (
              <Table.Tr key={p._id} data-testid="calendario-titulo">
                <Table.Td>{t(p.tipo === 'pagar' ? 'agenda.pagar' : 'agenda.receber')}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/financeiroAgenda?tipo=${p.tipo}&de=${dia}&ate=${dia}&titulo=${p.titulo}`}>{p.descricao}</Anchor>
                </Table.Td>
                <Table.Td>{p.pessoaNome ?? ''}</Table.Td>
                <Table.Td>{`${p.numero}/${p.parcelas}`}</Table.Td>
                {/* What is still to settle: a scheduled payment is neither open nor overdue here, it has its own badge. */}
                <Table.Td ta="right">{reais(p.aBaixar)}</Table.Td>
                <Table.Td>
                  {p.aBaixar > 0 || p.agendado === 0 ? <Badge color={corStatus[p.status]} variant="light">{t(`agenda.status.${p.status}`)}</Badge> : null}{' '}
                  {p.agendado > 0 ? <Badge color="grape" variant="light" data-testid="calendario-titulo-agendado">{t('calendario.agendadoValor', { valor: reais(p.agendado) })}</Badge> : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SecaoRelatorio>
  );
}
