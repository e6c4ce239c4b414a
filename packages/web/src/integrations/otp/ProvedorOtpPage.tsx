import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { findRecurso } from '@retaguarda/domain';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { Tela } from '../../resources/ResourceScreen.tsx';
import { TituloSecao } from '../../resources/TituloSecao.tsx';
import type { ResourceFormController } from '../../resources/useResourceForm.ts';
import { dataHora } from '../../stock/formatoEstoque.ts';
import { SegredoGuardado } from '../SegredoGuardado.tsx';

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

/** The SMS gateway's token on an SMS provider's form (PUT /api/provedorOTP/:id/sms): set or replaced, never shown back. */
function TokenSms({ form }: { form: ResourceFormController }) {
  const { t } = useTranslation();
  const id = form.registro?._id;
  if (form.valores.canal !== 'SMS') return null;
  return (
    <SegredoGuardado
      testid="otp-token-sms"
      rota={id ? `provedorOTP/${encodeURIComponent(id)}/sms` : null}
      campos={[{ chave: 'token', rotulo: t('provedorOtp.novoToken'), oculto: true, minimo: 8, testid: 'otp-token-valor' }]}
      textos={{ titulo: t('provedorOtp.tokenTitulo'), explicacao: t('provedorOtp.tokenExplicacao'), definidoEm: (data) => t('provedorOtp.tokenDefinidoEm', { data }), ausente: t('provedorOtp.tokenAusente'), salveAntes: t('provedorOtp.salveAntes'), botao: t('provedorOtp.salvarToken'), salvo: t('provedorOtp.tokenSalvo') }}
    />
  );
}

/** provedorOTP: the generic list and form, with the test of the active provider above the list and an SMS provider's token on its form. */
export default function ProvedorOtpPage() {
  return <Tela recurso={recurso} avisoLista={() => <TestarProvedor />} extra={(form) => <TokenSms form={form} />} />;
}
