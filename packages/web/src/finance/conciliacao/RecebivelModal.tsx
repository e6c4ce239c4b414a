import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { breakpoints, paraDias, type RecebivelAberto } from '@retaguarda/domain';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { useGeral } from '../../session/store.ts';
import { taxaAntecipacaoDe } from '../relatorios/percentual.ts';
import { conciliacaoApi, conciliacaoKeys, mensagemDeErro, type LinhaExtrato } from './conciliacaoApi.ts';
import type { useConciliacao } from './useConciliacao.ts';

const semQuebra = { whiteSpace: 'nowrap' } as const;

/**
 * A credit matched by hand to an acquirer's payouts: the operadora (the one its memo names first), its
 * open days around the credit, one of them — or, as an anticipation, the later days it paid less a discount.
 */
export function RecebivelModal({ linha, conta, m, onClose }: { linha: LinhaExtrato | null; conta: string; m: ReturnType<typeof useConciliacao>; onClose: () => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const estreito = useMediaQuery(`(max-width: ${breakpoints.sm}px)`);
  const consulta = useQuery({
    queryKey: [...conciliacaoKeys.daConta(empresa, conta), 'recebiveis', linha?._id],
    queryFn: ({ signal }) => conciliacaoApi.recebiveis(linha!._id, signal),
    enabled: linha !== null,
  });
  const [operadora, setOperadora] = useState<string | null>(null);
  const [antecipacao, setAntecipacao] = useState(false);
  const [dias, setDias] = useState<string[]>([]);
  useEffect(() => {
    setOperadora(null);
    setAntecipacao(false);
    setDias([]);
    m.recebivel.reset();
    // Only when another line is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linha?._id]);

  const todos = consulta.data?.dias ?? [];
  const operadoras = useMemo(() => [...new Map(todos.map((d) => [d.operadora, d.operadoraNome])).entries()].map(([value, label]) => ({ value, label })), [todos]);
  const escolhida = operadora ?? consulta.data?.operadoraDoMemo ?? operadoras[0]?.value ?? null;
  const daOperadora = todos.filter((d) => d.operadora === escolhida);
  const marcados = daOperadora.filter((d) => dias.includes(d.data));
  const alternar = (d: RecebivelAberto) =>
    setDias((atual) => (atual.includes(d.data) ? atual.filter((x) => x !== d.data) : antecipacao ? [...atual, d.data] : [d.data]));
  const erro = mensagemDeErro(m.recebivel.error);

  return (
    <Modal opened={linha !== null} onClose={onClose} title={t('conciliacaoBancaria.recebivelTitulo')} size="lg" fullScreen={estreito}>
      {linha ? (
        <Stack data-testid="conciliacao-recebivel">
          <Text size="sm" c="dimmed">
            {t('conciliacaoBancaria.recebivelExplicacao')}
          </Text>
          <Text size="sm" fw={500}>
            {t('conciliacaoBancaria.recebivelLinha', { data: formatData(linha.data), valor: formatCentavos(linha.valor) })}
          </Text>
          {consulta.isLoading ? <Text size="sm">{t('conciliacao.carregando')}</Text> : null}
          {consulta.data && !todos.length ? <Text size="sm">{t('conciliacaoBancaria.semRecebiveis')}</Text> : null}
          {operadoras.length ? (
            <>
              <Group align="end">
                <Select
                  label={t('conciliacaoBancaria.operadora')}
                  data={operadoras}
                  value={escolhida}
                  onChange={(v) => {
                    setOperadora(v);
                    setDias([]);
                  }}
                  allowDeselect={false}
                  data-testid="conciliacao-recebivel-operadora"
                  comboboxProps={{ withinPortal: true }}
                />
                <Switch
                  label={t('conciliacaoBancaria.antecipacaoRotulo')}
                  checked={antecipacao}
                  onChange={(e) => {
                    const ligado = e.currentTarget.checked;
                    setAntecipacao(ligado);
                    // An anticipation pays only days after the credit; a payout is one day.
                    setDias((atual) => (ligado ? atual.filter((d) => d > linha.data) : atual.slice(0, 1)));
                  }}
                  data-testid="conciliacao-recebivel-antecipacao"
                  mb={6}
                />
              </Group>
              <Table.ScrollContainer minWidth={480} mah={320}>
                <Table striped highlightOnHover data-testid="conciliacao-recebivel-dias">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={32} />
                      <Table.Th>{t('conciliacao.data')}</Table.Th>
                      <Table.Th ta="right">{t('conciliacaoBancaria.bruto')}</Table.Th>
                      <Table.Th ta="right">{t('conciliacaoBancaria.taxas')}</Table.Th>
                      <Table.Th ta="right">{t('conciliacaoBancaria.chargeback')}</Table.Th>
                      <Table.Th ta="right">{t('conciliacaoBancaria.liquido')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {daOperadora.map((d) => (
                      <Table.Tr key={d.data} data-testid="conciliacao-recebivel-dia">
                        <Table.Td>
                          <Checkbox
                            checked={dias.includes(d.data)}
                            disabled={antecipacao && d.data <= linha.data}
                            onChange={() => alternar(d)}
                            aria-label={t('conciliacaoBancaria.escolherDia', { data: formatData(d.data) })}
                          />
                        </Table.Td>
                        <Table.Td>{formatData(d.data)}</Table.Td>
                        <Table.Td ta="right" style={semQuebra}>{formatCentavos(d.bruto)}</Table.Td>
                        <Table.Td ta="right" style={semQuebra}>{formatCentavos(d.taxas)}</Table.Td>
                        <Table.Td ta="right" style={semQuebra}>{d.chargeback ? formatCentavos(d.chargeback) : ''}</Table.Td>
                        <Table.Td ta="right" style={semQuebra}>{formatCentavos(d.liquido)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Resumo linha={linha} marcados={marcados} antecipacao={antecipacao} />
            </>
          ) : null}
          {erro ? (
            <Alert color="red" data-testid="conciliacao-recebivel-erro">
              {erro}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('conciliacaoBancaria.cancelar')}
            </Button>
            <Button
              disabled={!escolhida || !marcados.length}
              loading={m.recebivel.isPending}
              onClick={() => m.recebivel.mutate({ linha: linha._id, operadora: escolhida!, dias: marcados.map((d) => d.data), antecipacao }, { onSuccess: onClose })}
              data-testid="conciliacao-recebivel-confirmar"
            >
              {t('conciliacaoBancaria.conciliarRecebivel')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** What the chosen days expected against the credit: the difference of a payout, or an anticipation's discount and monthly rate. */
function Resumo({ linha, marcados, antecipacao }: { linha: LinhaExtrato; marcados: RecebivelAberto[]; antecipacao: boolean }) {
  const { t } = useTranslation();
  if (!marcados.length) return null;
  const previsto = marcados.reduce((s, d) => s + d.liquido, 0);
  const [p, c] = [formatCentavos(previsto), formatCentavos(linha.valor)];
  const texto = antecipacao
    ? t('conciliacaoBancaria.resumoAntecipacao', {
        previsto: p,
        credito: c,
        desconto: formatCentavos(previsto - linha.valor),
        taxa: taxaAntecipacaoDe({ antecipacao: previsto - linha.valor, antecipacaoPrazo: marcados.reduce((s, d) => s + d.liquido * (paraDias(d.data) - paraDias(linha.data)), 0) }) || '0,00 %',
      })
    : t('conciliacaoBancaria.resumoDia', { previsto: p, credito: c, diferenca: formatCentavos(linha.valor - previsto) });
  return (
    <Text size="sm" data-testid="conciliacao-recebivel-resumo">
      {texto}
    </Text>
  );
}
