import { Alert, Button, Group, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { dataBr, ocorrencias, type TipoTitulo } from '@retaguarda/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { formatCentavos, parseCentavos } from '../../resources/format.ts';
import { CampoReais } from '../../resources/CampoReais.tsx';
import { ReferenciaInput } from '../../resources/ReferenciaInput.tsx';
import { CampoDataBr } from '../../forms/CampoDataBr.tsx';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { useOpcoesPlano } from '../movimentacao/financeiroApi.ts';
import { agendaApi, VENCIMENTO_SEM_LIMITE } from './agendaApi.ts';

interface Props {
  tipo: TipoTitulo;
  hoje: string;
  onSalvo: (primeiro: string) => void;
}

/** A new payable or receivable: the total in reais split in monthly installments (previewed to the centavo), optionally repeated. */
export function TituloForm({ tipo, hoje, onSalvo }: Props) {
  const { t } = useTranslation();
  const [pessoa, setPessoa] = useState<string | null>(null);
  const [planoConta, setPlanoConta] = useState<string | null>(null);
  const [descricao, setDescricao] = useState('');
  const [documento, setDocumento] = useState('');
  const [emissao, setEmissao] = useState(hoje);
  // The accrual basis's day: today, following the issue date until the user types another.
  const [competencia, setCompetencia] = useState<string | null>(hoje);
  const [competenciaDigitada, setCompetenciaDigitada] = useState(false);
  const [valor, setValor] = useState('');
  const [parcelas, setParcelas] = useState<number>(1);
  const [vencimento, setVencimento] = useState(hoje);
  const [recorrente, setRecorrente] = useState(false);
  const [frequencia, setFrequencia] = useState<'mensal' | 'semanal'>('mensal');
  const [vezes, setVezes] = useState<number>(12);
  const [diaDoMes, setDiaDoMes] = useState<number | ''>('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const planos = (useOpcoesPlano().data ?? []).filter((p) => p.ativo);

  const centavos = parseCentavos(valor);
  const recorrencia = recorrente ? { frequencia, ocorrencias: vezes, diaDoMes: frequencia === 'mensal' && diaDoMes !== '' ? diaDoMes : null } : null;
  const previa = typeof centavos === 'number' && centavos >= parcelas && parcelas >= 1 && (!recorrencia || vezes >= 2) ? ocorrencias(centavos, parcelas, vencimento, recorrencia) : null;

  const salvar = useMutation({
    mutationFn: agendaApi.criar,
    onSuccess: (criados) => {
      notifications.show({ color: 'green', message: criados.length > 1 ? t('agenda.criadosOk', { n: criados.length }) : t('agenda.criadoOk') });
      onSalvo(criados[0]!._id);
    },
    onError: (e) => {
      if (isApiError(e) && e.campos) setErros(e.campos);
      setErroGeral(e.message);
    },
  });

  const enviar = () => {
    const locais: Record<string, string> = {};
    if (typeof centavos !== 'number' || centavos <= 0) locais.valor = t('agenda.valorInvalido');
    if (!planoConta) locais.planoConta = t('agenda.escolhaPlano');
    if (!descricao.trim()) locais.descricao = t('agenda.informeDescricao');
    if (tipo === 'pagar' && !pessoa) locais.pessoa = t('agenda.escolhaFornecedor');
    if (!competencia) locais.competencia = t('agenda.informeCompetencia');
    setErros(locais);
    if (Object.keys(locais).length) return setErroGeral(t('agenda.corrija'));
    setErroGeral(null);
    salvar.mutate({ tipo, pessoa, planoConta: planoConta!, descricao: descricao.trim(), documento: documento.trim(), emissao, competencia: competencia!, valor: centavos as number, parcelas, vencimento, recorrencia });
  };

  return (
    <Stack gap="sm" data-testid="agenda-form">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <ReferenciaInput alvo="pessoa" campo={{ rotulo: t('agenda.pessoa'), tipo: 'referencia' }} nome="pessoa" valor={pessoa} onChange={(v) => setPessoa((v as string | null) ?? null)} erro={erros.pessoa} label={tipo === 'pagar' ? t('agenda.fornecedor') : t('agenda.cliente')} />
        <Select label={t('agenda.planoConta')} data={planos} value={planoConta} onChange={setPlanoConta} searchable error={erros.planoConta} data-testid="agenda-plano" comboboxProps={{ withinPortal: true }} />
      </SimpleGrid>
      <TextInput label={t('agenda.descricao')} value={descricao} onChange={(e) => setDescricao(e.currentTarget.value)} maxLength={200} error={erros.descricao} data-testid="agenda-descricao" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <TextInput label={t('agenda.documento')} value={documento} onChange={(e) => setDocumento(e.currentTarget.value)} maxLength={60} error={erros.documento} data-testid="agenda-documento" />
        <CampoDia rotulo={t('agenda.emissao')} data={emissao} hoje={hoje} onChange={(d) => { setEmissao(d); if (!competenciaDigitada) setCompetencia(d); }} testid="agenda-emissao" />
        <CampoDataBr label={t('agenda.competencia')} description={t('agenda.competenciaAjuda')} valor={competencia} onChange={(d) => { setCompetencia(d); setCompetenciaDigitada(true); }} invalida={t('agenda.dataInvalida')} error={erros.competencia} data-testid="agenda-competencia" />
        <CampoReais label={t('agenda.valorTotal')} valor={valor} alterar={setValor} error={erros.valor} data-testid="agenda-valor" />
        <NumberInput label={t('agenda.parcelas')} value={parcelas} onChange={(v) => setParcelas(typeof v === 'number' ? v : 1)} min={1} max={120} allowDecimal={false} error={erros.parcelas} data-testid="agenda-parcelas" />
        <CampoDia rotulo={t('agenda.primeiroVencimento')} data={vencimento} hoje={VENCIMENTO_SEM_LIMITE} onChange={setVencimento} testid="agenda-vencimento" />
      </SimpleGrid>
      <Switch label={t('agenda.recorrente')} checked={recorrente} onChange={(e) => setRecorrente(e.currentTarget.checked)} data-testid="agenda-recorrente" />
      {recorrente ? (
        <Group align="flex-end">
          <SegmentedControl value={frequencia} onChange={(v) => setFrequencia(v as 'mensal' | 'semanal')} data={[{ value: 'mensal', label: t('agenda.mensal') }, { value: 'semanal', label: t('agenda.semanal') }]} />
          <NumberInput label={t('agenda.ocorrencias')} value={vezes} onChange={(v) => setVezes(typeof v === 'number' ? v : 2)} min={2} max={60} allowDecimal={false} w={130} error={erros.recorrencia} data-testid="agenda-vezes" />
          {frequencia === 'mensal' ? <NumberInput label={t('agenda.diaDoMes')} value={diaDoMes} onChange={(v) => setDiaDoMes(typeof v === 'number' ? v : '')} min={1} max={31} allowDecimal={false} w={120} placeholder={vencimento.slice(8)} /> : null}
        </Group>
      ) : null}
      {previa ? (
        <Paper withBorder p="sm" radius="md" data-testid="agenda-previa">
          <Text size="sm" fw={600} mb={4}>
            {previa.length > 1 ? t('agenda.previaOcorrencias', { n: previa.length, periodo: t(frequencia === 'mensal' ? 'agenda.mes' : 'agenda.semana') }) : t('agenda.previa')}
          </Text>
          <Table striped withRowBorders={false}>
            <Table.Tbody>
              {previa[0]!.map((p) => (
                <Table.Tr key={p.numero} data-testid="agenda-previa-parcela">
                  <Table.Td>{p.numero}/{previa[0]!.length}</Table.Td>
                  <Table.Td>{dataBr(p.vencimento)}</Table.Td>
                  <Table.Td ta="right">{formatCentavos(p.valor)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
      {erroGeral ? <Alert color="red" data-testid="agenda-erro">{erroGeral}</Alert> : null}
      <Group justify="flex-end" pb="md">
        <Button onClick={enviar} loading={salvar.isPending} data-testid="agenda-salvar">{t('agenda.salvar')}</Button>
      </Group>
    </Stack>
  );
}
