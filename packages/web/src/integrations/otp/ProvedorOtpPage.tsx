import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { findRecurso } from '@retaguarda/domain';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { Tela } from '../../resources/ResourceScreen.tsx';
import { TituloSecao } from '../../resources/TituloSecao.tsx';
import type { ResourceFormController } from '../../resources/useResourceForm.ts';
import { dataHora } from '../../stock/formatoEstoque.ts';

const recurso = findRecurso('provedorOTP')!;

/**
 * The manager's test of the active provider (POST /api/provedorOTP/testar and /verificar): a code sent to
 * a destination of their own, typed back, valid or refused with the server's reason (attempts left, expired).
 */
function TestarProvedor() {
  const { t } = useTranslation();
  const [destino, setDestino] = useState('');
  const [codigo, setCodigo] = useState('');
  const enviar = useMutation({ mutationFn: () => api.post<{ destino: string; expiraEm: string }>('provedorOTP/testar', { destino: destino.trim() }), onSuccess: () => setCodigo('') });
  const conferir = useMutation({ mutationFn: () => api.post<{ verificado: boolean }>('provedorOTP/verificar', { destino: enviar.data?.destino ?? destino.trim(), codigo: codigo.trim() }) });
  return (
    <Paper withBorder p="md" radius="md" mb="md" data-testid="otp-testar">
      <Stack gap="sm">
        <Group gap="xs">
          <IconShieldCheck size={20} />
          <TituloSecao sub>{t('provedorOtp.testarTitulo')}</TituloSecao>
        </Group>
        <Text size="sm" c="dimmed">{t('provedorOtp.testarAjuda')}</Text>
        <Group gap="xs" align="flex-end">
          <TextInput size="xs" w={280} label={t('provedorOtp.destino')} placeholder={t('provedorOtp.destinoExemplo')} value={destino} onChange={(e) => setDestino(e.currentTarget.value)} maxLength={254} data-testid="otp-destino" />
          <Button size="xs" variant="light" onClick={() => { conferir.reset(); enviar.mutate(); }} loading={enviar.isPending} disabled={!destino.trim()} data-testid="otp-enviar">{t('provedorOtp.enviar')}</Button>
        </Group>
        {enviar.isError && <Alert color="red" data-testid="otp-resultado">{enviar.error.message}</Alert>}
        {enviar.data && (
          <>
            <Text size="sm" data-testid="otp-enviado">{t('provedorOtp.enviado', { destino: enviar.data.destino, hora: dataHora(enviar.data.expiraEm) })}</Text>
            <Group gap="xs" align="flex-end">
              <TextInput size="xs" w={160} label={t('provedorOtp.codigo')} value={codigo} onChange={(e) => setCodigo(e.currentTarget.value.replace(/\D/g, '').slice(0, 8))} inputMode="numeric" autoComplete="one-time-code" data-testid="otp-codigo" />
              <Button size="xs" onClick={() => conferir.mutate()} loading={conferir.isPending} disabled={!codigo} data-testid="otp-conferir">{t('provedorOtp.conferir')}</Button>
            </Group>
          </>
        )}
        {conferir.isSuccess && <Alert color="teal" data-testid="otp-resultado">{t('provedorOtp.valido')}</Alert>}
        {conferir.isError && <Alert color="red" data-testid="otp-resultado">{t('provedorOtp.invalido', { mensagem: conferir.error.message })}</Alert>}
      </Stack>
    </Paper>
  );
}

type SituacaoToken = { definido: boolean; definidoEm: string | null };

/** The SMS gateway's token on an SMS provider's form (PUT /api/provedorOTP/:id/sms): set or replaced, never shown back. */
function TokenSms({ form }: { form: ResourceFormController }) {
  const { t } = useTranslation();
  const id = form.registro?._id;
  const cliente = useQueryClient();
  const [token, setToken] = useState('');
  const chave = ['provedorOTP', 'sms', id];
  const situacao = useQuery({ queryKey: chave, queryFn: ({ signal }) => api.get<SituacaoToken>(`provedorOTP/${encodeURIComponent(id!)}/sms`, { signal }), enabled: !!id && form.valores.canal === 'SMS' });
  const definir = useMutation({
    mutationFn: () => api.put<SituacaoToken>(`provedorOTP/${encodeURIComponent(id!)}/sms`, { token: token.trim() }),
    onSuccess: () => {
      setToken('');
      notifications.show({ message: t('provedorOtp.tokenSalvo') });
      void cliente.invalidateQueries({ queryKey: chave });
    },
    onError: (e) => notifications.show({ color: 'red', message: e.message }),
  });
  if (form.valores.canal !== 'SMS') return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="otp-token-sms">
      <Stack gap="xs">
        <Group gap="xs">
          <TituloSecao sub>{t('provedorOtp.tokenTitulo')}</TituloSecao>
          {situacao.data ? (
            <Badge variant="light" tt="none" color={situacao.data.definido ? 'teal' : 'red'}>
              {situacao.data.definido ? t('provedorOtp.tokenDefinidoEm', { data: dataHora(situacao.data.definidoEm!) }) : t('provedorOtp.tokenAusente')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">{t('provedorOtp.tokenExplicacao')}</Text>
        {!id ? (
          <Alert color="gray">{t('provedorOtp.salveAntes')}</Alert>
        ) : (
          <Group align="flex-end">
            <TextInput type="password" autoComplete="new-password" label={t('provedorOtp.novoToken')} value={token} onChange={(e) => setToken(e.currentTarget.value)} style={{ flex: 1 }} maxLength={400} data-testid="otp-token-valor" />
            <Button onClick={() => definir.mutate()} loading={definir.isPending} disabled={token.trim().length < 8}>
              {t('provedorOtp.salvarToken')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** provedorOTP: the generic list and form, with the test of the active provider above the list and an SMS provider's token on its form. */
export default function ProvedorOtpPage() {
  return <Tela recurso={recurso} avisoLista={() => <TestarProvedor />} extra={(form) => <TokenSms form={form} />} />;
}
