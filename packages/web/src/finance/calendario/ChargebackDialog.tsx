import { Alert, Button, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { hojeNoFuso, reais, type Chargeback, type RecebivelDoDia } from '@retaguarda/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../api/client.ts';
import { CampoReais } from '../../resources/CampoReais.tsx';
import { formatData, parseCentavos } from '../../resources/format.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { lerDiaBr } from '../../sales/dashboard/CampoDia.tsx';
import { useGeral } from '../../session/store.ts';
import { calendarioKeys } from './calendarioKeys.ts';

const CARTEIRAS = { ativo: true, tipo: 'Carteira de adquirente' } as const;

/** The acquirer takes back a card or voucher payment: amount, the day it debited the wallet, the reason and which wallet. */
export function ChargebackDialog({ recebivel, fechar }: { recebivel: RecebivelDoDia; fechar: () => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const queryClient = useQueryClient();
  const [valor, setValor] = useState('');
  const [data, setData] = useState(formatData(hojeNoFuso()));
  const [motivo, setMotivo] = useState('');
  const [conta, setConta] = useState<string | null>(null);
  const [erros, setErros] = useState<Record<string, string>>({});
  const carteiras = useOpcoesReferencia('financeiroConta', CARTEIRAS);
  const opcoes = carteiras.data ?? [];
  // The first wallet until another is picked.
  const contaEscolhida = conta ?? opcoes[0]?.value ?? null;
  const salvar = useMutation({
    mutationFn: (corpo: { valor: number; data: string }) =>
      api.post<Chargeback>('calendarioRecebimento/chargebacks', { venda: recebivel.venda, pagamento: recebivel.pagamento, motivo, conta: contaEscolhida ?? '', ...corpo }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('calendario.chargeback.ok') });
      void queryClient.invalidateQueries({ queryKey: calendarioKeys.todas(empresa) });
      fechar();
    },
    onError: (e) => setErros(isApiError(e) && e.campos ? e.campos : {}),
  });
  const enviar = () => {
    const centavos = parseCentavos(valor);
    const dia = lerDiaBr(data);
    if (typeof centavos !== 'number' || centavos <= 0) return setErros({ valor: t('calendario.chargeback.valorInvalido') });
    if (!dia) return setErros({ data: t('calendario.chargeback.dataInvalida') });
    salvar.mutate({ valor: centavos, data: dia });
  };
  return (
    <Modal opened onClose={fechar} title={t('calendario.chargeback.titulo')} data-testid="chargeback-dialogo">
      <Stack>
        <Text size="sm">{t('calendario.chargeback.texto', { venda: formatData(recebivel.dataVenda), operadora: recebivel.operadoraNome, bandeira: recebivel.bandeiraNome })}</Text>
        <CampoReais label={t('calendario.chargeback.valor')} valor={valor} alterar={setValor} error={erros.valor} data-testid="chargeback-valor" />
        <TextInput label={t('calendario.chargeback.data')} value={data} onChange={(e) => setData(e.currentTarget.value)} error={erros.data} placeholder="dd/mm/aaaa" data-testid="chargeback-data" />
        <TextInput label={t('calendario.chargeback.motivo')} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} error={erros.motivo} maxLength={200} data-testid="chargeback-motivo" />
        <Select label={t('calendario.chargeback.conta')} data={opcoes} value={contaEscolhida} onChange={setConta} error={erros.conta} allowDeselect={false} data-testid="chargeback-conta" />
        {!carteiras.isLoading && !opcoes.length ? <Alert color="orange">{t('calendario.chargeback.semCarteira')}</Alert> : null}
        {salvar.error && !Object.keys(erros).length ? <Alert color="red">{salvar.error.message}</Alert> : null}
        <Button color="red" onClick={enviar} loading={salvar.isPending} data-testid="chargeback-salvar">{t('calendario.chargeback.salvar')}</Button>
      </Stack>
    </Modal>
  );
}

/** A payment's chargeback in the day's list: the amount taken back, in red. */
export function ValorChargeback({ valor }: { valor: number }) {
  return valor ? <Text span inherit c="red.8" data-testid="calendario-chargeback">−{reais(valor)}</Text> : null;
}
