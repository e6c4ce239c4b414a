import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { totalDaBaixa, type LinhaAgenda } from '@retaguarda/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { CampoReais } from '../../resources/CampoReais.tsx';
import { formatCentavos, parseCentavos } from '../../resources/format.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { agendaApi } from './agendaApi.ts';

type Encargo = 'juros' | 'multa' | 'desconto';
const ENCARGOS: readonly Encargo[] = ['juros', 'multa', 'desconto'];

/**
 * "Baixar selecionadas": the chosen installments, each at its open amount plus the interest and fine
 * and less the discount typed on its row (sent as `encargos`, only the rows with any), from one account
 * on one day. Each row's total and the sum follow what is typed.
 */
export function BaixaVariasForm({ parcelas, tipo, hoje, onBaixado }: { parcelas: readonly LinhaAgenda[]; tipo: LinhaAgenda['tipo']; hoje: string; onBaixado: () => void }) {
  const { t } = useTranslation();
  const contas = useOpcoesReferencia('financeiroConta', { ativo: true }).data ?? [];
  const [conta, setConta] = useState<string | null>(null);
  const [data, setData] = useState(hoje);
  const [textos, setTextos] = useState<Record<string, Partial<Record<Encargo, string>>>>({});
  const [erros, setErros] = useState<Record<string, string>>({});
  const baixar = useMutation({
    mutationFn: agendaApi.baixarVarias,
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: t('agenda.baixadasOk', { n: r.baixas }) });
      onBaixado();
    },
    onError: (e) => setErros(isApiError(e) && e.campos ? e.campos : {}),
  });
  const mudar = (parcela: string, campo: Encargo, texto: string) => setTextos((x) => ({ ...x, [parcela]: { ...x[parcela], [campo]: texto } }));
  // Per row: the amounts typed (an empty field is zero; null when not an amount) and the money that moves.
  const linhas = parcelas.map((p) => {
    const valores = Object.fromEntries(ENCARGOS.map((c) => { const s = textos[p._id]?.[c]?.trim(); return [c, s ? parseCentavos(s) : 0]; })) as Record<Encargo, number | null | undefined>;
    const validos = ENCARGOS.every((c) => typeof valores[c] === 'number' && valores[c] >= 0);
    const v = valores as Record<Encargo, number>;
    const total = validos ? totalDaBaixa({ valor: p.aBaixar, ...v }) : null;
    return { p, valores: v, validos, total };
  });
  const total = linhas.every((l) => l.total !== null) ? linhas.reduce((s, l) => s + l.total!, 0) : null;
  const enviar = () => {
    const locais: Record<string, string> = {};
    if (!conta) locais.conta = t('agenda.escolhaConta');
    for (const l of linhas) {
      if (!l.validos) locais[`encargos.${l.p._id}`] = t('agenda.encargoInvalido');
      else if (l.total! <= 0) locais[`encargos.${l.p._id}`] = t('agenda.descontoGrande');
    }
    setErros(locais);
    if (Object.keys(locais).length) return;
    const encargos = Object.fromEntries(linhas.filter((l) => ENCARGOS.some((c) => l.valores[c])).map((l) => [l.p._id, l.valores]));
    baixar.mutate({ conta: conta!, data, parcelas: parcelas.map((p) => p._id), encargos });
  };
  return (
    <Stack gap="sm" data-testid="agenda-baixa-varias">
      <Text size="sm">{t('agenda.baixarVariasAjuda')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <Select label={t('agenda.conta')} data={contas} value={conta} onChange={setConta} searchable error={erros.conta} data-testid="agenda-baixa-varias-conta" comboboxProps={{ withinPortal: true }} />
        <CampoDia rotulo={t('agenda.data')} data={data} hoje={hoje} onChange={setData} testid="agenda-baixa-varias-data" />
      </SimpleGrid>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table miw={640} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('agenda.parcela')}</Table.Th>
              <Table.Th ta="right">{t('agenda.aberto')}</Table.Th>
              {ENCARGOS.map((c) => <Table.Th key={c} ta="right">{t(`agenda.${c}`)}</Table.Th>)}
              <Table.Th ta="right">{t(tipo === 'pagar' ? 'agenda.total' : 'agenda.totalRecebido')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {linhas.map(({ p, total: daLinha }) => {
              const erro = erros[`encargos.${p._id}`];
              return (
                <Table.Tr key={p._id} data-testid="agenda-baixa-varias-linha">
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>{p.descricao}</Text>
                    <Text size="xs" c="dimmed">{t('agenda.parcela')} {p.numero}/{p.parcelas}</Text>
                    {erro ? <Text size="xs" c="red" data-testid="agenda-baixa-varias-linha-erro">{erro}</Text> : null}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatCentavos(p.aBaixar)}</Table.Td>
                  {ENCARGOS.map((c) => (
                    <Table.Td key={c} w={130}>
                      <CampoReais aria-label={`${t(`agenda.${c}`)}: ${p.descricao} ${p.numero}/${p.parcelas}`} size="xs" valor={textos[p._id]?.[c] ?? ''} alterar={(v) => mudar(p._id, c, v)} error={Boolean(erro)} data-testid={`agenda-baixa-varias-${c}`} />
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="agenda-baixa-varias-linha-total">{daLinha === null ? '—' : formatCentavos(daLinha)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      <Text fw={700} ta="right" data-testid="agenda-baixa-varias-total">
        {t(tipo === 'pagar' ? 'agenda.total' : 'agenda.totalRecebido')}: {total === null ? '—' : formatCentavos(total)}
      </Text>
      {erros.encargos ? <Alert color="red">{erros.encargos}</Alert> : null}
      {baixar.error ? <Alert color="red" data-testid="agenda-baixa-varias-erro">{baixar.error.message}</Alert> : null}
      <Group justify="flex-end">
        <Button onClick={enviar} loading={baixar.isPending} data-testid="agenda-baixa-varias-ok">{t('agenda.baixar')}</Button>
      </Group>
    </Stack>
  );
}
