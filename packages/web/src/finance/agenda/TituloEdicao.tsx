import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Titulo } from '@retaguarda/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { CampoReais } from '../../resources/CampoReais.tsx';
import { centavosParaTexto, formatCentavos, parseCentavos } from '../../resources/format.ts';
import { ReferenciaInput } from '../../resources/ReferenciaInput.tsx';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { useOpcoesPlano } from '../movimentacao/financeiroApi.ts';
import { agendaApi, VENCIMENTO_SEM_LIMITE } from './agendaApi.ts';

/**
 * The título drawer's Editar mode: names, person, chart account and the due date and amount of each
 * installment without a settlement (a settled one is shown but locked). The total is the installments'
 * sum, shown as typed, so changing an amount changes the título's total.
 */
export function TituloEdicao({ titulo, onSalvo, onCancelar }: { titulo: Titulo; onSalvo: () => void; onCancelar: () => void }) {
  const { t } = useTranslation();
  const planos = (useOpcoesPlano().data ?? []).filter((p) => p.ativo || p.value === titulo.planoConta);
  const [pessoa, setPessoa] = useState<string | null>(titulo.pessoa);
  const [planoConta, setPlanoConta] = useState<string | null>(titulo.planoConta);
  const [descricao, setDescricao] = useState(titulo.descricao);
  const [documento, setDocumento] = useState(titulo.documento);
  const [parcelas, setParcelas] = useState(titulo.parcelas.map((p) => ({ _id: p._id, numero: p.numero, vencimento: p.vencimento, valor: centavosParaTexto(p.valor), travada: p.pago !== 0 })));
  const [erros, setErros] = useState<Record<string, string>>({});
  const salvar = useMutation({
    mutationFn: (corpo: Parameters<typeof agendaApi.editar>[1]) => agendaApi.editar(titulo._id, corpo),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('agenda.editadoOk') });
      onSalvo();
    },
    onError: (e) => setErros(isApiError(e) && e.campos ? e.campos : {}),
  });
  const valores = parcelas.map((p) => parseCentavos(p.valor));
  const total = valores.every((v) => typeof v === 'number') ? (valores as number[]).reduce((s, v) => s + v, 0) : null;
  const mudar = (i: number, m: Partial<{ vencimento: string; valor: string }>) => setParcelas((ps) => ps.map((p, k) => (k === i ? { ...p, ...m } : p)));
  const enviar = () => {
    const locais: Record<string, string> = {};
    if (!planoConta) locais.planoConta = t('agenda.escolhaPlano');
    if (!descricao.trim()) locais.descricao = t('agenda.informeDescricao');
    if (titulo.tipo === 'pagar' && !pessoa) locais.pessoa = t('agenda.escolhaFornecedor');
    if (valores.some((v) => typeof v !== 'number' || v <= 0)) locais.parcelas = t('agenda.valorInvalido');
    setErros(locais);
    if (Object.keys(locais).length) return;
    salvar.mutate({ pessoa, planoConta: planoConta!, descricao: descricao.trim(), documento: documento.trim(), parcelas: parcelas.map((p, i) => ({ _id: p._id, vencimento: p.vencimento, valor: valores[i] as number })) });
  };
  return (
    <Stack gap="sm" data-testid="agenda-edicao">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <ReferenciaInput alvo="pessoa" campo={{ rotulo: t('agenda.pessoa'), tipo: 'referencia' }} nome="pessoa" valor={pessoa} onChange={(v) => setPessoa((v as string | null) ?? null)} erro={erros.pessoa} label={titulo.tipo === 'pagar' ? t('agenda.fornecedor') : t('agenda.cliente')} />
        <Select label={t('agenda.planoConta')} data={planos} value={planoConta} onChange={setPlanoConta} searchable error={erros.planoConta} data-testid="agenda-edicao-plano" comboboxProps={{ withinPortal: true }} />
      </SimpleGrid>
      <TextInput label={t('agenda.descricao')} value={descricao} onChange={(e) => setDescricao(e.currentTarget.value)} maxLength={200} error={erros.descricao} data-testid="agenda-edicao-descricao" />
      <TextInput label={t('agenda.documento')} value={documento} onChange={(e) => setDocumento(e.currentTarget.value)} maxLength={60} error={erros.documento} data-testid="agenda-edicao-documento" />
      <Paper withBorder p="sm" radius="md">
        <Text size="sm" c="dimmed" mb={4}>{t('agenda.edicaoParcelasAjuda')}</Text>
        <Table withRowBorders={false}>
          <Table.Tbody>
            {parcelas.map((p, i) => (
              <Table.Tr key={p._id} data-testid="agenda-edicao-parcela">
                <Table.Td>{p.numero}/{parcelas.length}</Table.Td>
                <Table.Td>{p.travada ? <Text size="sm">{t('agenda.parcelaComBaixa')}</Text> : <CampoDia rotulo={t('agenda.vencimento')} data={p.vencimento} hoje={VENCIMENTO_SEM_LIMITE} onChange={(v) => mudar(i, { vencimento: v })} testid={`agenda-edicao-vencimento-${p.numero}`} />}</Table.Td>
                <Table.Td>
                  <CampoReais label={t('agenda.valor')} valor={p.valor} alterar={(v) => mudar(i, { valor: v })} disabled={p.travada} data-testid={`agenda-edicao-valor-${p.numero}`} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fw={600} ta="right" data-testid="agenda-edicao-total">{t('agenda.totalTitulo')}: {total === null ? '—' : formatCentavos(total)}</Text>
        {erros.parcelas ? <Text size="sm" c="red">{erros.parcelas}</Text> : null}
      </Paper>
      {salvar.error ? <Alert color="red" data-testid="agenda-edicao-erro">{salvar.error.message}</Alert> : null}
      <Group justify="flex-end" pb="md">
        <Button variant="default" onClick={onCancelar}>{t('agenda.voltar')}</Button>
        <Button onClick={enviar} loading={salvar.isPending} data-testid="agenda-edicao-salvar">{t('agenda.salvar')}</Button>
      </Group>
    </Stack>
  );
}
