import { Alert, Button, Group, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MovimentoFinanceiroBody, TransferenciaFinanceiraBody } from '@retaguarda/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { CampoReais } from '../../resources/CampoReais.tsx';
import { parseCentavos } from '../../resources/format.ts';
import { ReferenciaInput } from '../../resources/ReferenciaInput.tsx';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { financeiroApi, useOpcoesPlano } from './financeiroApi.ts';

export type ModoMovimento = 'entrada' | 'saida' | 'transferencia';

interface Props {
  contas: { value: string; label: string }[];
  contaInicial: string | null;
  hoje: string;
  onSalvo: () => void;
}

/** A new entrada, saída or transfer between two accounts; the amount typed in reais with a comma. */
export function MovimentoForm({ contas, contaInicial, hoje, onSalvo }: Props) {
  const { t } = useTranslation();
  const [modo, setModo] = useState<ModoMovimento>('saida');
  const [conta, setConta] = useState<string | null>(contaInicial);
  const [destino, setDestino] = useState<string | null>(null);
  const [data, setData] = useState(hoje);
  const [valor, setValor] = useState('');
  const [planoConta, setPlanoConta] = useState<string | null>(null);
  const [descricao, setDescricao] = useState('');
  const [pessoa, setPessoa] = useState<string | null>(null);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const planos = (useOpcoesPlano().data ?? []).filter((p) => p.ativo);
  const transferencia = modo === 'transferencia';

  const salvar = useMutation({
    mutationFn: async (corpo: MovimentoFinanceiroBody | TransferenciaFinanceiraBody): Promise<unknown> => ('origem' in corpo ? financeiroApi.transferir(corpo) : financeiroApi.lancar(corpo)),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t(transferencia ? 'financeiroMov.transferidoOk' : 'financeiroMov.lancadoOk') });
      onSalvo();
    },
    onError: (e) => {
      if (isApiError(e) && e.campos) setErros(e.campos);
      setErroGeral(e.message);
    },
  });

  const enviar = () => {
    const centavos = parseCentavos(valor);
    const locais: Record<string, string> = {};
    if (typeof centavos !== 'number' || centavos <= 0) locais.valor = t('financeiroMov.valorInvalido');
    if (!conta) locais[transferencia ? 'origem' : 'conta'] = t('financeiroMov.escolhaConta');
    if (transferencia && !destino) locais.destino = t('financeiroMov.escolhaConta');
    if (!transferencia && !planoConta) locais.planoConta = t('financeiroMov.escolhaPlano');
    if (!transferencia && !descricao.trim()) locais.descricao = t('financeiroMov.informeDescricao');
    setErros(locais);
    if (Object.keys(locais).length) return setErroGeral(t('financeiroMov.corrija'));
    setErroGeral(null);
    const v = centavos as number;
    salvar.mutate(
      transferencia
        ? { origem: conta!, destino: destino!, data, valor: v, descricao: descricao.trim() }
        : { tipo: modo, conta: conta!, data, valor: v, planoConta: planoConta!, descricao: descricao.trim(), pessoa },
    );
  };

  return (
    <Stack gap="sm" data-testid="financeiro-form">
      <SegmentedControl
        value={modo}
        onChange={(m) => {
          setModo(m as ModoMovimento);
          setErros({});
        }}
        data={[
          { value: 'saida', label: t('financeiroMov.saida') },
          { value: 'entrada', label: t('financeiroMov.entrada') },
          { value: 'transferencia', label: t('financeiroMov.transferencia') },
        ]}
        data-testid="financeiro-modo"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <Select label={transferencia ? t('financeiroMov.origem') : t('financeiroMov.conta')} data={contas} value={conta} onChange={setConta} searchable error={erros.conta ?? erros.origem} data-testid="financeiro-conta" comboboxProps={{ withinPortal: true }} />
        {transferencia ? (
          <Select label={t('financeiroMov.destino')} data={contas.filter((c) => c.value !== conta)} value={destino} onChange={setDestino} searchable error={erros.destino} data-testid="financeiro-destino" comboboxProps={{ withinPortal: true }} />
        ) : (
          <Select label={t('financeiroMov.planoConta')} data={planos} value={planoConta} onChange={setPlanoConta} searchable error={erros.planoConta} data-testid="financeiro-plano" comboboxProps={{ withinPortal: true }} />
        )}
        <CampoDia rotulo={t('financeiroMov.data')} data={data} hoje={hoje} onChange={setData} testid="financeiro-data" />
        <CampoReais label={t('financeiroMov.valor')} valor={valor} alterar={setValor} error={erros.valor} data-testid="financeiro-valor" />
      </SimpleGrid>
      <TextInput label={t('financeiroMov.descricao')} value={descricao} onChange={(e) => setDescricao(e.currentTarget.value)} maxLength={200} error={erros.descricao} placeholder={transferencia ? t('financeiroMov.descricaoTransferencia') : undefined} data-testid="financeiro-descricao" />
      {transferencia ? null : <ReferenciaInput alvo="pessoa" campo={{ rotulo: t('financeiroMov.pessoa'), tipo: 'referencia' }} nome="pessoa" valor={pessoa} onChange={(v) => setPessoa((v as string | null) ?? null)} erro={erros.pessoa} label={t('financeiroMov.pessoa')} />}
      {erroGeral ? (
        <Alert color="red" data-testid="financeiro-erro">
          {erroGeral}
        </Alert>
      ) : null}
      <Group justify="flex-end" pb="md">
        <Button onClick={enviar} loading={salvar.isPending} data-testid="financeiro-salvar">
          {transferencia ? t('financeiroMov.transferir') : t('financeiroMov.lancar')}
        </Button>
      </Group>
    </Stack>
  );
}
