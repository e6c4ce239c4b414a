import { Alert, Badge, Button, Code, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { findRecurso } from '@retaguarda/domain';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { Tela } from '../resources/ResourceScreen.tsx';
import { TituloSecao } from '../resources/TituloSecao.tsx';
import type { ResourceFormController } from '../resources/useResourceForm.ts';
import { dataHora } from '../stock/formatoEstoque.ts';

const appSistema = findRecurso('appSistema')!;

interface Situacao {
  ativa: boolean;
  emitidaEm: string | null;
  revogadaEm: string | null;
  ultimoAcessoEm: string | null;
  versaoApp: string | null;
}

/**
 * The device's credential: its state (never the secret), issuing a new one (shown here once, the
 * previous one revoked by the server) and revoking it.
 */
function CredencialSecao({ form }: { form: ResourceFormController }) {
  const { t } = useTranslation();
  const id = form.registro?._id;
  const chave = ['appSistema', 'credencial', id];
  const cliente = useQueryClient();
  const [nova, setNova] = useState<string | null>(null);
  const situacao = useQuery({ queryKey: chave, queryFn: () => api.get<Situacao>(`appSistema/${encodeURIComponent(id!)}/credencial`), enabled: !!id });
  const gerar = useMutation({
    mutationFn: () => api.post<{ credencial: string }>(`appSistema/${encodeURIComponent(id!)}/credencial`, {}),
    onSuccess: (data) => {
      setNova(data.credencial);
      void cliente.invalidateQueries({ queryKey: chave });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  const revogar = useMutation({
    mutationFn: () => api.post<{ revogadas: number }>(`appSistema/${encodeURIComponent(id!)}/credencial/revogar`, {}),
    onSuccess: () => {
      setNova(null);
      notifications.show({ message: t('appSistema.revogada') });
      void cliente.invalidateQueries({ queryKey: chave });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  const s = situacao.data;
  return (
    <Paper withBorder p="md" radius="md" data-testid="credencial-secao">
      <Stack gap="sm">
        <Group gap="xs">
          <IconKey size={20} />
          <TituloSecao sub>{t('appSistema.credencialTitulo')}</TituloSecao>
          {s ? (
            <Badge color={s.ativa ? 'teal' : s.revogadaEm ? 'red' : 'gray'} variant="light" tt="none" data-testid="credencial-situacao">
              {s.ativa ? t('appSistema.situacaoAtiva') : s.revogadaEm ? t('appSistema.situacaoRevogada') : t('appSistema.situacaoNenhuma')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('appSistema.credencialExplicacao')}
        </Text>
        {!id ? (
          <Alert color="gray">{t('appSistema.salveAntes')}</Alert>
        ) : (
          <>
            {s?.emitidaEm ? (
              <Text size="sm">
                {t('appSistema.emitidaEm', { data: dataHora(s.emitidaEm) })} · {s.ultimoAcessoEm ? t('appSistema.ultimoAcesso', { data: dataHora(s.ultimoAcessoEm) }) : t('appSistema.nuncaAcessou')}
                {s.versaoApp ? ` · ${t('appSistema.versao', { versao: s.versaoApp })}` : ''}
              </Text>
            ) : null}
            {nova ? (
              <Alert color="yellow" title={t('appSistema.novaTitulo')} data-testid="credencial-nova">
                <Stack gap="xs">
                  <Text size="sm">{t('appSistema.novaAjuda')}</Text>
                  <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                    {nova}
                  </Code>
                  <CopyButton value={nova}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant="light" onClick={copy} w="fit-content">
                        {copied ? t('appSistema.copiada') : t('appSistema.copiar')}
                      </Button>
                    )}
                  </CopyButton>
                </Stack>
              </Alert>
            ) : null}
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => gerar.mutate()} loading={gerar.isPending} disabled={form.registro?.lixo === true} data-testid="credencial-gerar">
                {s?.ativa ? t('appSistema.gerarOutra') : t('appSistema.gerar')}
              </Button>
              {s?.ativa ? (
                <Button size="xs" variant="subtle" color="red" onClick={() => revogar.mutate()} loading={revogar.isPending} data-testid="credencial-revogar">
                  {t('appSistema.revogar')}
                </Button>
              ) : null}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The devices screen: the generic list and form of appSistema, plus the credential on the form. */
export default function AppSistemaPage() {
  return <Tela recurso={appSistema} extra={(form) => <CredencialSecao form={form} />} />;
}
