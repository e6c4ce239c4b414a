import { Alert, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { totalDaBaixa, type Parcela, type Titulo } from '@retaguarda/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { centavosParaTexto, formatCentavos, parseCentavos } from '../../resources/format.ts';
import { CampoReais } from '../../resources/CampoReais.tsx';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { agendaApi } from './agendaApi.ts';

/** Settling an installment: how much of it, interest, fine, discount, the account and the day; the total shown as typed. */
export function BaixaForm({ titulo, parcela, hoje, onBaixado }: { titulo: Titulo; parcela: Parcela; hoje: string; onBaixado: () => void }) {
  const { t } = useTranslation();
  const contas = useOpcoesReferencia('financeiroConta', { ativo: true }).data ?? [];
  const [conta, setConta] = useState<string | null>(null);
  const [data, setData] = useState(hoje);
  const [valor, setValor] = useState(centavosParaTexto(parcela.aBaixar));
  const [juros, setJuros] = useState('');
  const [multa, setMulta] = useState('');
  const [desconto, setDesconto] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const baixar = useMutation({
    mutationFn: (corpo: Parameters<typeof agendaApi.baixar>[1]) => agendaApi.baixar(parcela._id, corpo),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('agenda.baixadoOk') });
      onBaixado();
    },
    onError: (e) => setErros(isApiError(e) && e.campos ? e.campos : {}),
  });
  const c = (texto: string) => (texto.trim() ? parseCentavos(texto) : 0);
  const valores = { valor: c(valor), juros: c(juros), multa: c(multa), desconto: c(desconto) };
  const validos = Object.values(valores).every((v) => typeof v === 'number');
  const total = validos ? totalDaBaixa(valores as { valor: number; juros: number; multa: number; desconto: number }) : null;
  const enviar = () => {
    const locais: Record<string, string> = {};
    if (!conta) locais.conta = t('agenda.escolhaConta');
    for (const [campo, v] of Object.entries(valores)) if (typeof v !== 'number' || v < 0 || (campo === 'valor' && v === 0)) locais[campo] = t('agenda.valorInvalido');
    setErros(locais);
    if (Object.keys(locais).length) return;
    baixar.mutate({ conta: conta!, data, ...(valores as { valor: number; juros: number; multa: number; desconto: number }) });
  };
  return (
    <Stack gap="sm" data-testid="agenda-baixa">
      <Text size="sm">{t('agenda.baixarAjuda', { aberto: formatCentavos(parcela.aBaixar) })}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <Select label={t('agenda.conta')} data={contas} value={conta} onChange={setConta} searchable error={erros.conta} data-testid="agenda-baixa-conta" comboboxProps={{ withinPortal: true }} />
        <CampoDia rotulo={t('agenda.data')} data={data} hoje={hoje} onChange={setData} testid="agenda-baixa-data" />
        <CampoReais label={t('agenda.valorBaixado')} valor={valor} alterar={setValor} error={erros.valor} data-testid="agenda-baixa-valor" />
        <CampoReais label={t('agenda.juros')} valor={juros} alterar={setJuros} error={erros.juros} data-testid="agenda-baixa-juros" />
        <CampoReais label={t('agenda.multa')} valor={multa} alterar={setMulta} error={erros.multa} data-testid="agenda-baixa-multa" />
        <CampoReais label={t('agenda.desconto')} valor={desconto} alterar={setDesconto} error={erros.desconto} data-testid="agenda-baixa-desconto" />
      </SimpleGrid>
      <Text fw={600} data-testid="agenda-baixa-total">
        {t(titulo.tipo === 'pagar' ? 'agenda.total' : 'agenda.totalRecebido')}: {total === null ? '—' : formatCentavos(total)}
      </Text>
      {baixar.error ? <Alert color="red" data-testid="agenda-baixa-erro">{baixar.error.message}</Alert> : null}
      <Group justify="flex-end">
        <Button onClick={enviar} loading={baixar.isPending} data-testid="agenda-baixa-ok">{t('agenda.baixar')}</Button>
      </Group>
    </Stack>
  );
}
