import { ActionIcon, Alert, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { dividirEmParcelas, somarMeses, type Titulo } from '@retaguarda/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { CampoDataBr } from '../../forms/CampoDataBr.tsx';
import { CampoReais } from '../../resources/CampoReais.tsx';
import { centavosParaTexto, formatCentavos, parseCentavos } from '../../resources/format.ts';
import { ReferenciaInput } from '../../resources/ReferenciaInput.tsx';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { useOpcoesPlano } from '../movimentacao/financeiroApi.ts';
import { agendaApi, VENCIMENTO_SEM_LIMITE } from './agendaApi.ts';

type LinhaEdicao = { chave: string; _id?: string; vencimento: string; valor: string; travada: boolean; removivel: boolean };

/**
 * The título drawer's Editar mode: names, person, chart account and the due date and amount of each
 * installment without a settlement (a settled one is shown but locked); installments added, and removed
 * when no settlement ever touched them. The installments' sum is shown as typed; when it is not the
 * título's total the user either spreads the total again over the open ones or ticks that the total
 * changes (sent as `total`, which the server checks against the sum), so a total never changes by accident.
 */
export function TituloEdicao({ titulo, onSalvo, onCancelar }: { titulo: Titulo; onSalvo: () => void; onCancelar: () => void }) {
  const { t } = useTranslation();
  const planos = (useOpcoesPlano().data ?? []).filter((p) => p.ativo || p.value === titulo.planoConta);
  const [pessoa, setPessoa] = useState<string | null>(titulo.pessoa);
  const [planoConta, setPlanoConta] = useState<string | null>(titulo.planoConta);
  const [descricao, setDescricao] = useState(titulo.descricao);
  const [documento, setDocumento] = useState(titulo.documento);
  const [competencia, setCompetencia] = useState<string | null>(titulo.competencia);
  const comBaixa = new Set(titulo.baixas.map((b) => b.parcela));
  const [parcelas, setParcelas] = useState<LinhaEdicao[]>(titulo.parcelas.map((p) => ({ chave: p._id, _id: p._id, vencimento: p.vencimento, valor: centavosParaTexto(p.valor), travada: p.pago !== 0, removivel: !comBaixa.has(p._id) })));
  const [novas, setNovas] = useState(0);
  const [mudarTotal, setMudarTotal] = useState(false);
  const [erros, setErros] = useState<Record<string, string>>({});
  const salvar = useMutation({
    mutationFn: (corpo: Parameters<typeof agendaApi.editar>[1]) => agendaApi.editar(titulo._id, corpo),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('agenda.editadoOk') });
      onSalvo();
    },
    onError: (e) => setErros(isApiError(e) && e.campos ? e.campos : {}),
  });
  const original = titulo.parcelas.reduce((s, p) => s + p.valor, 0);
  const valores = parcelas.map((p) => parseCentavos(p.valor));
  const total = valores.every((v) => typeof v === 'number') ? (valores as number[]).reduce((s, v) => s + v, 0) : null;
  const totalMudou = total !== null && total !== original;
  const mudar = (i: number, m: Partial<{ vencimento: string; valor: string }>) => setParcelas((ps) => ps.map((p, k) => (k === i ? { ...p, ...m } : p)));
  const adicionar = () => {
    const ultima = parcelas.reduce((d, p) => (p.vencimento > d ? p.vencimento : d), parcelas[0]?.vencimento ?? titulo.emissao);
    setParcelas((ps) => [...ps, { chave: `nova-${novas}`, vencimento: somarMeses(ultima, 1), valor: '', travada: false, removivel: true }]);
    setNovas((n) => n + 1);
  };
  const remover = (i: number) => setParcelas((ps) => ps.filter((_, k) => k !== i));
  // The original total less what the locked (settled) ones hold, split over the others to the centavo, the odd ones on the first.
  const abertas = parcelas.map((p, i) => (p.travada ? -1 : i)).filter((i) => i >= 0);
  const travado = parcelas.reduce((s, p, i) => s + (p.travada ? ((valores[i] as number | undefined) ?? 0) : 0), 0);
  const podeRedistribuir = abertas.length > 0 && original - travado >= abertas.length;
  const redistribuir = () => {
    const partes = dividirEmParcelas(original - travado, abertas.length);
    setParcelas((ps) => ps.map((p, i) => (abertas.includes(i) ? { ...p, valor: centavosParaTexto(partes[abertas.indexOf(i)]!) } : p)));
    setMudarTotal(false);
  };
  const enviar = () => {
    const locais: Record<string, string> = {};
    if (!planoConta) locais.planoConta = t('agenda.escolhaPlano');
    if (!descricao.trim()) locais.descricao = t('agenda.informeDescricao');
    if (titulo.tipo === 'pagar' && !pessoa) locais.pessoa = t('agenda.escolhaFornecedor');
    if (!competencia) locais.competencia = t('agenda.informeCompetencia');
    if (valores.some((v) => typeof v !== 'number' || v <= 0)) locais.parcelas = t('agenda.valorInvalido');
    else if (totalMudou && !mudarTotal) locais.parcelas = t('agenda.totalMudouEscolha');
    setErros(locais);
    if (Object.keys(locais).length) return;
    salvar.mutate({
      pessoa,
      planoConta: planoConta!,
      descricao: descricao.trim(),
      documento: documento.trim(),
      // Sent only when changed: a título from before the field keeps its derived competence.
      ...(competencia !== titulo.competencia ? { competencia: competencia! } : {}),
      parcelas: parcelas.map((p, i) => ({ ...(p._id ? { _id: p._id } : {}), vencimento: p.vencimento, valor: valores[i] as number })),
      total: total!,
    });
  };
  return (
    <Stack gap="sm" data-testid="agenda-edicao">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <ReferenciaInput alvo="pessoa" campo={{ rotulo: t('agenda.pessoa'), tipo: 'referencia' }} nome="pessoa" valor={pessoa} onChange={(v) => setPessoa((v as string | null) ?? null)} erro={erros.pessoa} label={titulo.tipo === 'pagar' ? t('agenda.fornecedor') : t('agenda.cliente')} />
        <Select label={t('agenda.planoConta')} data={planos} value={planoConta} onChange={setPlanoConta} searchable error={erros.planoConta} data-testid="agenda-edicao-plano" comboboxProps={{ withinPortal: true }} />
      </SimpleGrid>
      <TextInput label={t('agenda.descricao')} value={descricao} onChange={(e) => setDescricao(e.currentTarget.value)} maxLength={200} error={erros.descricao} data-testid="agenda-edicao-descricao" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <TextInput label={t('agenda.documento')} value={documento} onChange={(e) => setDocumento(e.currentTarget.value)} maxLength={60} error={erros.documento} data-testid="agenda-edicao-documento" />
        <CampoDataBr label={t('agenda.competencia')} valor={competencia} onChange={setCompetencia} invalida={t('agenda.dataInvalida')} error={erros.competencia} data-testid="agenda-edicao-competencia" />
      </SimpleGrid>
      <Paper withBorder p="sm" radius="md">
        <Text size="sm" c="dimmed" mb={4}>{t('agenda.edicaoParcelasAjuda')}</Text>
        <Table withRowBorders={false}>
          <Table.Tbody>
            {parcelas.map((p, i) => (
              <Table.Tr key={p.chave} data-testid="agenda-edicao-parcela">
                <Table.Td>{i + 1}/{parcelas.length}</Table.Td>
                <Table.Td>{p.travada ? <Text size="sm">{t('agenda.parcelaComBaixa')}</Text> : <CampoDia rotulo={t('agenda.vencimento')} data={p.vencimento} hoje={VENCIMENTO_SEM_LIMITE} onChange={(v) => mudar(i, { vencimento: v })} testid={`agenda-edicao-vencimento-${i + 1}`} />}</Table.Td>
                <Table.Td>
                  <CampoReais label={t('agenda.valor')} valor={p.valor} alterar={(v) => mudar(i, { valor: v })} disabled={p.travada} data-testid={`agenda-edicao-valor-${i + 1}`} />
                </Table.Td>
                <Table.Td w={44} style={{ verticalAlign: 'bottom' }}>
                  {p.removivel && !p.travada && parcelas.length > 1 ? (
                    <ActionIcon variant="subtle" color="red" size="lg" onClick={() => remover(i)} aria-label={t('agenda.removerParcela', { n: i + 1 })} data-testid="agenda-edicao-remover">
                      <IconTrash size={18} />
                    </ActionIcon>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between" align="flex-start" mt={4}>
          <Button variant="light" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={adicionar} data-testid="agenda-edicao-adicionar">{t('agenda.adicionarParcela')}</Button>
          <Text fw={600} ta="right" data-testid="agenda-edicao-total">{t('agenda.totalTitulo')}: {total === null ? '—' : formatCentavos(total)}</Text>
        </Group>
        {totalMudou ? (
          <Alert color="yellow" mt="xs" data-testid="agenda-edicao-total-mudou">
            <Stack gap={6}>
              <Text size="sm">{t('agenda.totalMudou', { soma: formatCentavos(total), original: formatCentavos(original) })}</Text>
              <Group gap="sm">
                {podeRedistribuir ? <Button size="compact-sm" variant="light" onClick={redistribuir} data-testid="agenda-edicao-redistribuir">{t('agenda.redistribuir', { total: formatCentavos(original) })}</Button> : null}
                <Checkbox checked={mudarTotal} onChange={(e) => setMudarTotal(e.currentTarget.checked)} label={t('agenda.alterarTotal', { total: formatCentavos(total) })} data-testid="agenda-edicao-alterar-total" />
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {erros.parcelas ? <Text size="sm" c="red" mt={4} data-testid="agenda-edicao-erro-parcelas">{erros.parcelas}</Text> : null}
      </Paper>
      {salvar.error ? <Alert color="red" data-testid="agenda-edicao-erro">{salvar.error.message}</Alert> : null}
      <Group justify="flex-end" pb="md">
        <Button variant="default" onClick={onCancelar}>{t('agenda.voltar')}</Button>
        <Button onClick={enviar} loading={salvar.isPending} data-testid="agenda-edicao-salvar">{t('agenda.salvar')}</Button>
      </Group>
    </Stack>
  );
}
