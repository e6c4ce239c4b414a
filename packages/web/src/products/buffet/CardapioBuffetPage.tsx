import { Alert, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { diasSemana, findRecurso, momentoLocal, normalizarDecimal, pesagemBuffet, precoKgVigente, type DiaSemana, type PrecoBuffet } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { resourceKeys } from '../../resources/api.ts';
import { formatCentavos } from '../../resources/format.ts';
import { Tela } from '../../resources/ResourceScreen.tsx';
import { useGeral } from '../../session/store.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';

interface Buffet {
  _id: string;
  descricao: string;
  tara: string;
  precos: PrecoBuffet[];
}

/** What the scale at the buffet would charge: the price of the weekday and time, the tare taken off. */
function SimularPesagem() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const agora = momentoLocal(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [buffetId, setBuffetId] = useState<string | null>(null);
  const [dia, setDia] = useState<DiaSemana>(agora.dia);
  const [hora, setHora] = useState(agora.hora);
  const [peso, setPeso] = useState('');
  const buffets = useQuery({
    queryKey: [...resourceKeys.opcoes('cardapioBuffet', empresa), 'simulador'],
    queryFn: ({ signal }) => api.post<Buffet[]>('cardapioBuffet/getPopulate', { filtro: { ativo: true }, sort: 'descricao', limit: 200 }, { signal }),
  });
  const periodos = useQuery({
    queryKey: [...resourceKeys.opcoes('periodoPorHora', empresa), 'simulador'],
    queryFn: ({ signal }) => api.post<{ _id: string; horaInicio: string; horaFim: string }[]>('periodoPorHora/getPopulate', { filtro: {}, limit: 200 }, { signal }),
  });
  const buffet = buffets.data?.find((b) => b._id === buffetId) ?? buffets.data?.[0];
  const horaValida = /^([01]\d|2[0-3]):[0-5]\d$/.test(hora);
  const preco = buffet && horaValida ? precoKgVigente(buffet.precos, { dia, hora }, new Map((periodos.data ?? []).map((p) => [p._id, p]))) : undefined;
  const pesoTexto = normalizarDecimal(peso);
  let resultado: { pesoLiquido: string; valor: number } | null = null;
  let erro: string | null = null;
  if (buffet && preco && pesoTexto !== null && peso.trim()) {
    try {
      resultado = pesagemBuffet(pesoTexto, buffet.tara, preco.precoKg);
    } catch (e) {
      erro = /casas/.test(String(e)) ? t('buffet.pesoCasas') : t('buffet.pesoMenorTara');
    }
  }
  return (
    <Card withBorder padding="md" data-testid="buffet-simular">
      <Stack gap="sm">
        <TituloSecao>{t('buffet.simular')}</TituloSecao>
        <Text size="sm" c="dimmed">
          {t('buffet.simularAjuda')}
        </Text>
        <Group grow align="flex-start">
          <Select label={t('buffet.buffet')} data={(buffets.data ?? []).map((b) => ({ value: b._id, label: b.descricao }))} value={buffet?._id ?? null} onChange={setBuffetId} />
          <Select label={t('buffet.dia')} data={[...diasSemana]} value={dia} onChange={(v) => v && setDia(v as DiaSemana)} allowDeselect={false} data-testid="buffet-dia" />
          <TextInput label={t('buffet.hora')} value={hora} onChange={(e) => setHora(e.currentTarget.value)} error={horaValida ? undefined : t('buffet.horaInvalida')} w={100} data-testid="buffet-hora" />
          <TextInput label={t('buffet.pesoBruto')} placeholder="0,850" inputMode="decimal" value={peso} onChange={(e) => setPeso(e.currentTarget.value)} error={erro ?? (peso.trim() && pesoTexto === null ? t('buffet.pesoInvalido') : undefined)} data-testid="buffet-peso" />
        </Group>
        {!buffet ? (
          <Text size="sm" c="dimmed">
            {t('buffet.semBuffet')}
          </Text>
        ) : !preco ? (
          <Alert color="yellow">{t('buffet.semPreco', { dia, hora })}</Alert>
        ) : (
          <Group gap="xl" data-testid="buffet-resultado">
            <Text size="sm">{t('buffet.precoKg', { preco: formatCentavos(preco.precoKg) })}</Text>
            <Text size="sm">{t('buffet.tara', { tara: buffet.tara.replace('.', ',') })}</Text>
            {resultado ? (
              <>
                <Text size="sm">{t('buffet.liquido', { peso: resultado.pesoLiquido.replace('.', ',') })}</Text>
                <Text fw={700} size="lg">
                  {formatCentavos(resultado.valor)}
                </Text>
              </>
            ) : null}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** cardapioBuffet: the buffets (generic list and form) and a weighing simulator. */
export default function CardapioBuffetPage() {
  return (
    <Stack gap="xl">
      <Tela recurso={findRecurso('cardapioBuffet')!} />
      <SimularPesagem />
    </Stack>
  );
}
