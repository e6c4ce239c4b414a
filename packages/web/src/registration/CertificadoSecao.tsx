import { Alert, Badge, Button, FileInput, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CertificadoResumo } from '@retaguarda/domain';
import { IconCertificate, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../api/client.ts';
import { lerBase64 } from '../resources/ImagemInput.tsx';
import { formatData } from '../resources/format.ts';
import type { ResourceFormController } from '../resources/useResourceForm.ts';
import { TituloSecao } from '../resources/TituloSecao.tsx';

/** Days until a date (negative when past). */
const diasAte = (iso: string) => Math.floor((Date.parse(iso) - Date.now()) / 86_400_000);

/**
 * Upload of the company's A1 certificate (.pfx + password). The server opens it, keeps it encrypted
 * and answers the record with the summary only; the file and password never come back.
 */
export function CertificadoSecao({ form }: { form: ResourceFormController }) {
  const { t } = useTranslation();
  const id = form.registro?._id;
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [senha, setSenha] = useState('');
  const [erros, setErros] = useState<{ arquivo?: string; senha?: string; geral?: string }>({});
  const resumo = (form.valores.certificado ?? null) as CertificadoResumo | null;

  const aplicar = (data: { certificado?: CertificadoResumo | null }) => form.valorDoServidor('certificado', data.certificado ?? null);

  const enviar = useMutation({
    mutationFn: async () => api.post<{ certificado: CertificadoResumo | null }>(`empresa/${encodeURIComponent(id!)}/certificado`, { arquivo: await lerBase64(arquivo!), senha }),
    onSuccess: (data) => {
      aplicar(data);
      setArquivo(null);
      setSenha('');
      setErros({});
      notifications.show({ color: 'green', message: t('certificado.enviado', { validade: formatData(data.certificado?.validade ?? '') }) });
    },
    onError: (error) => {
      const campos = isApiError(error) ? error.campos : undefined;
      if (campos?.arquivo || campos?.senha) setErros({ arquivo: campos.arquivo, senha: campos.senha });
      else setErros({ geral: error.message });
    },
  });
  const remover = useMutation({
    mutationFn: () => api.delete<{ certificado: null }>(`empresa/${encodeURIComponent(id!)}/certificado`),
    onSuccess: (data) => {
      aplicar(data);
      notifications.show({ message: t('certificado.removido') });
    },
    onError: (error) => setErros({ geral: error.message }),
  });

  const submeter = () => {
    const faltando = { arquivo: arquivo ? undefined : t('certificado.informeArquivo'), senha: senha ? undefined : t('certificado.informeSenha') };
    if (faltando.arquivo || faltando.senha) return setErros(faltando);
    enviar.mutate();
  };

  const dias = resumo ? diasAte(resumo.validade) : null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="certificado-secao">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCertificate size={20} />
          <TituloSecao sub>{t('certificado.titulo')}</TituloSecao>
          {dias !== null ? (
            <Badge color={dias < 0 ? 'red' : dias <= 30 ? 'orange' : 'teal'} variant="light" tt="none" data-testid="certificado-validade">
              {dias < 0 ? t('certificado.vencido') : t('certificado.venceEm', { dias })}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('certificado.explicacao')}
        </Text>
        {!id ? (
          <Alert color="gray">{t('certificado.salveAntes')}</Alert>
        ) : (
          <>
            {erros.geral ? (
              <Alert color="red" role="alert">
                {erros.geral}
              </Alert>
            ) : null}
            <FileInput
              label={t('certificado.arquivo')}
              placeholder={t('certificado.escolherArquivo')}
              accept=".pfx,.p12,application/x-pkcs12"
              value={arquivo}
              onChange={(f) => {
                setArquivo(f);
                setErros((e) => ({ ...e, arquivo: undefined }));
              }}
              error={erros.arquivo}
              clearable
              data-testid="certificado-arquivo"
            />
            <PasswordInput
              label={t('certificado.senha')}
              value={senha}
              onChange={(e) => {
                setSenha(e.currentTarget.value);
                setErros((x) => ({ ...x, senha: undefined }));
              }}
              error={erros.senha}
              autoComplete="off"
              data-testid="certificado-senha"
            />
            <Group justify="flex-end">
              {resumo ? (
                <Button variant="subtle" color="red" leftSection={<IconTrash size={14} />} loading={remover.isPending} onClick={() => remover.mutate()} data-testid="certificado-remover">
                  {t('certificado.remover')}
                </Button>
              ) : null}
              <Button variant="light" leftSection={<IconUpload size={14} />} loading={enviar.isPending} onClick={submeter} data-testid="certificado-enviar">
                {t('certificado.enviar')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
