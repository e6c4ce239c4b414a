import { Alert, Badge, Button, Group, Paper, SimpleGrid, Table, Text, UnstyledButton } from '@mantine/core';
import { dataBr, deDias, diaDaSemana, feriadosBancarios, fimDoMes, hojeNoFuso, paraDias, reais, rotulosProduto, somarMeses, type CalendarioAgenda, type DiaAgenda, type DiaPrevisto, type PrevisaoRecebimento, type RecebivelDoDia } from '@retaguarda/domain';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../../api/client.ts';
import { layoutRouteName } from '../../app/routeName.ts';
import { useUrlParams } from '../../app/useUrlParams.ts';
import { useGeral } from '../../session/store.ts';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { PaginaRelatorio, SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { useLojasFiltro } from '../relatorios/useLojasFiltro.ts';
import { calendarioKeys } from './calendarioKeys.ts';
import { ChargebackDialog, ValorChargeback } from './ChargebackDialog.tsx';
import { ChargebacksDoMes } from './ChargebacksDoMes.tsx';
import { AgendadasDoDia } from './AgendadasDoDia.tsx';
import { ParcelasDoDia } from './ParcelasDoDia.tsx';

const MES = /^\d{4}-(0[1-9]|1[0-2])$/;
const outroMes = (mes: string, passo: number) => somarMeses(`${mes}-01`, passo).slice(0, 7);

/**
 * calendarioRecebimento / calendarioPagamento: a month with each day's expected card, voucher and pix
 * receivables (POST /api/calendarioRecebimento/previsao) and the agenda's títulos due, overdue and
 * settled (…/titulos); a day opens both lists. Month, day and stores (?empresa=, repeated; none: every
 * store the user may use) in the URL.
 */
export default function CalendarioPage() {
  const { t } = useTranslation();
  // One page for both screens: the title says which one was opened.
  const tela = layoutRouteName(useLocation().pathname);
  const empresa = useGeral((s) => s.empresa?._id);
  const [params, setParams] = useUrlParams();
  const mes = MES.test(params.get('mes') ?? '') ? params.get('mes')! : hojeNoFuso().slice(0, 7);
  const de = `${mes}-01`;
  const ate = fimDoMes(de);
  const dia = params.get('dia')?.startsWith(mes) ? params.get('dia')! : null;
  const empresas = params.getAll('empresa');
  const { lojas, carregando } = useLojasFiltro();
  // Month and day change with the stores kept; the stores change with the month and day kept.
  const ir = (m: { mes: string; dia?: string | null }, lojasEscolhidas: readonly string[] = empresas) => {
    const proximo = new URLSearchParams({ mes: m.mes });
    if (m.dia) proximo.set('dia', m.dia);
    for (const id of lojasEscolhidas) proximo.append('empresa', id);
    setParams(proximo);
  };
  const consulta = useQuery({
    queryKey: calendarioKeys.previsao(empresa, mes, dia, empresas),
    queryFn: ({ signal }) => api.post<PrevisaoRecebimento>('calendarioRecebimento/previsao', { de, ate, dia, empresas }, { signal }),
    // Opening a day keeps the month on screen while its list loads.
    placeholderData: keepPreviousData,
  });
  const titulos = useQuery({
    queryKey: calendarioKeys.titulos(empresa, mes, dia, empresas),
    queryFn: ({ signal }) => api.post<CalendarioAgenda>('calendarioRecebimento/titulos', { de, ate, dia, empresas }, { signal }),
    placeholderData: keepPreviousData,
  });
  const agendaPorData = new Map((titulos.data?.dias ?? []).map((d) => [d.data, d]));
  const porData = new Map((consulta.data?.dias ?? []).map((d) => [d.data, d]));
  const feriados = new Map(feriadosBancarios(Number(mes.slice(0, 4))).map((f) => [f.data, f.nome]));
  const inicio = paraDias(de) - diaDaSemana(de);
  const casas = Array.from({ length: Math.ceil((paraDias(ate) - inicio + 1) / 7) * 7 }, (_, i) => deDias(inicio + i));
  const semana = t('calendario.semana', { returnObjects: true }) as string[];
  return (
    <PaginaRelatorio
      testid="calendario-pagina"
      titulo={t(`tela.${tela}`)}
      explicacao={t('calendario.explicacao')}
      acoes={<EscolhaFiltro multipla rotulo={t('calendario.lojas')} todos={t('calendario.todasLojas')} opcoes={lojas} carregando={carregando} valor={empresas} alterar={(v) => ir({ mes, dia }, v)} largura={240} larguraMaxima={520} busca testid="calendario-lojas" />}
    >
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="default" leftSection={<IconChevronLeft size={16} />} onClick={() => ir({ mes: outroMes(mes, -1) })}>
            {t('calendario.anterior')}
          </Button>
          <Text fw={600} miw={160} ta="center" data-testid="calendario-mes">
            {t(`calendario.meses.${Number(mes.slice(5)) - 1}`)} {mes.slice(0, 4)}
          </Text>
          <Button variant="default" rightSection={<IconChevronRight size={16} />} onClick={() => ir({ mes: outroMes(mes, 1) })}>
            {t('calendario.proximo')}
          </Button>
        </Group>
        {consulta.data ? (
          <Text size="sm" data-testid="calendario-total">
            {t('calendario.totalMes', { bruto: reais(consulta.data.totais.bruto), taxas: reais(consulta.data.totais.taxas), liquido: reais(consulta.data.totais.liquido) })}
          </Text>
        ) : null}
      </Group>
      {titulos.data ? (
        <Text size="sm" data-testid="calendario-total-titulos">
          {t('calendario.totalTitulos', { aReceber: reais(titulos.data.totais.aReceber), aPagar: reais(titulos.data.totais.aPagar), vencido: reais(titulos.data.totais.vencidoPagar + titulos.data.totais.vencidoReceber), recebido: reais(titulos.data.totais.recebido), pago: reais(titulos.data.totais.pago) })}
          {titulos.data.totais.agendadoReceber || titulos.data.totais.agendadoPagar ? t('calendario.totalAgendado', { receber: reais(titulos.data.totais.agendadoReceber), pagar: reais(titulos.data.totais.agendadoPagar) }) : null}
        </Text>
      ) : null}
      {titulos.error ? <Alert color="red">{titulos.error.message}</Alert> : null}
      {consulta.error ? <Alert color="red">{consulta.error.message}</Alert> : null}
      {consulta.data?.avisos.map((a) => (
        <Alert key={a.mensagem} color="orange" icon={<IconAlertTriangle />} data-testid="calendario-aviso-pat">
          {t('calendario.avisoPat', { mensagem: a.mensagem, pagamentos: a.pagamentos })}
        </Alert>
      ))}
      <SimpleGrid cols={7} spacing={4} verticalSpacing={4}>
        {semana.map((nome) => (
          <Text key={nome} size="xs" fw={600} c="dimmed" ta="center">
            {nome}
          </Text>
        ))}
        {casas.map((data) => (
          <CasaDoDia key={data} data={data} doMes={data >= de && data <= ate} previsto={porData.get(data)} agenda={agendaPorData.get(data)} feriado={feriados.get(data)} escolhido={data === dia} onClick={() => ir({ mes, dia: data })} />
        ))}
      </SimpleGrid>
      {dia ? (
        <>
          <ParcelasDoDia dia={dia} parcelas={titulos.data?.parcelas ?? []} />
          {titulos.data?.agendadas.length ? <AgendadasDoDia dia={dia} baixas={titulos.data.agendadas} /> : null}
          <RecebiveisDoDia dia={dia} previsao={consulta.data} />
        </>
      ) : (
        <Text size="sm" c="dimmed">{t('calendario.escolhaDia')}</Text>
      )}
      {tela === 'calendarioRecebimento' ? <ChargebacksDoMes de={de} ate={ate} /> : null}
    </PaginaRelatorio>
  );
}

function CasaDoDia({ data, doMes, previsto, agenda, feriado, escolhido, onClick }: { data: string; doMes: boolean; previsto: DiaPrevisto | undefined; agenda: DiaAgenda | undefined; feriado: string | undefined; escolhido: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  if (!doMes) return <div />;
  return (
    // Named by what it shows (the day, a holiday, the net), as axe's label-content-name-mismatch asks.
    <UnstyledButton onClick={onClick} aria-pressed={escolhido} data-testid={`calendario-dia-${data}`}>
      <Paper withBorder p={6} mih={64} bg={escolhido ? 'var(--mantine-primary-color-light)' : undefined}>
        <Text size="xs" c="dimmed">
          {Number(data.slice(8))}
        </Text>
        {feriado ? (
          <Text size="xs" c="dimmed" fs="italic" data-testid="calendario-feriado">
            {feriado}
          </Text>
        ) : null}
        {previsto ? (
          <Text size="sm" fw={600} data-testid="calendario-dia-liquido">
            {reais(previsto.liquido)}
          </Text>
        ) : null}
        {agenda ? <LinhasAgenda agenda={agenda} t={t} /> : null}
      </Paper>
    </UnstyledButton>
  );
}

function RecebiveisDoDia({ dia, previsao }: { dia: string; previsao: PrevisaoRecebimento | undefined }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const [contestar, setContestar] = useState<RecebivelDoDia | null>(null);
  const linhas = previsao?.recebiveis ?? [];
  return (
    <SecaoRelatorio titulo={t('calendario.tituloDia', { data: dataBr(dia) })} vazia={linhas.length === 0 && t('calendario.diaVazio')} testid="calendario-lista">
      <Table.ScrollContainer minWidth={900}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              {(['venda', 'produto', 'operadora', 'bandeira', 'parcela', 'bruto', 'taxas', 'liquido', 'chargeback'] as const).map((c) => (
                <Table.Th key={c} ta={['bruto', 'taxas', 'liquido', 'chargeback'].includes(c) ? 'right' : undefined}>
                  {t(`calendario.colunas.${c}`)}
                </Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {linhas.map((r) => (
              <Table.Tr key={`${r.venda}:${r.parcela}:${r.produto}:${r.bruto}`}>
                <Table.Td>{dataBr(r.dataVenda)}</Table.Td>
                <Table.Td>
                  {rotulosProduto[r.produto]} {r.avisos.length ? <Badge color="orange" size="xs">PAT</Badge> : null}{' '}
                  {r.fechamento ? (
                    <Badge color="teal" size="xs" variant="light" title={t('calendario.confirmadoEm', { quando: dataBr(r.fechamento.aprovadoEm.slice(0, 10)) })} data-testid="calendario-confirmado">
                      {t('calendario.confirmado')}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{r.operadoraNome}</Table.Td>
                <Table.Td>{r.bandeiraNome}</Table.Td>
                <Table.Td>{`${r.parcela}/${r.parcelas}`}</Table.Td>
                <Table.Td ta="right">{reais(r.bruto)}</Table.Td>
                <Table.Td ta="right">{reais(r.mdr + r.tarifa + r.antecipacao)}</Table.Td>
                <Table.Td ta="right">{reais(r.liquido)}</Table.Td>
                <Table.Td ta="right"><ValorChargeback valor={r.chargeback} /></Table.Td>
                <Table.Td>
                  {/* A chargeback is recorded in the active store's books: another store's sale is contested from that store. */}
                  {r.empresa === empresa ? (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => setContestar(r)} data-testid="calendario-contestar">
                      {t('calendario.chargeback.abrir')}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {contestar ? <ChargebackDialog recebivel={contestar} fechar={() => setContestar(null)} /> : null}
    </SecaoRelatorio>
  );
}

/**
 * A day's títulos in its square: to receive and to pay (red when overdue), what was settled and, as a badge of
 * its own, what is scheduled for the day (not paid until then).
 */
function LinhasAgenda({ agenda, t }: { agenda: DiaAgenda; t: (k: string, o?: Record<string, unknown>) => string }) {
  const linhas: [string, number, string | undefined, string][] = [
    ['aReceber', agenda.aReceber, agenda.vencidoReceber ? 'red.8' : 'teal.9', 'calendario-dia-receber'],
    ['aPagar', agenda.aPagar, agenda.vencidoPagar ? 'red.8' : 'orange.9', 'calendario-dia-pagar'],
    ['recebido', agenda.recebido, 'dimmed', 'calendario-dia-recebido'],
    ['pago', agenda.pago, 'dimmed', 'calendario-dia-pago'],
  ];
  const agendados: [string, number, string][] = [
    ['agendadoReceber', agenda.agendadoReceber, 'calendario-dia-agendado-receber'],
    ['agendadoPagar', agenda.agendadoPagar, 'calendario-dia-agendado-pagar'],
  ];
  return (
    <>
      {linhas.filter(([, v]) => v).map(([k, v, cor, testid]) => (
        <Text key={k} size="xs" c={cor} data-testid={testid}>
          {t(`calendario.dia.${k}`, { valor: reais(v) })}
        </Text>
      ))}
      {agendados.filter(([, v]) => v).map(([k, v, testid]) => (
        <Badge key={k} display="block" size="xs" radius="sm" color="grape" variant="light" tt="none" fw={500} data-testid={testid}>
          {t(`calendario.dia.${k}`, { valor: reais(v) })}
        </Badge>
      ))}
    </>
  );
}
