import { ActionIcon, FileButton, Group, Image, Input, Paper, Text, Tooltip } from '@mantine/core';
import type { Campo } from '@retaguarda/domain';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { api } from '../api/client.ts';
import { getConfig } from '../app/config.ts';
import { useRecursoDoFormulario } from './RecursoDoFormulario.ts';

export const TIPOS_IMAGEM = ['image/png', 'image/jpeg', 'image/webp'];
export const TAMANHO_MAXIMO_IMAGEM = 1024 * 1024;

/** The file's bytes in base64 (without the data: prefix). */
export function lerBase64(arquivo: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const leitor = new FileReader();
    leitor.onload = () => resolve(String(leitor.result).replace(/^data:[^,]*,/, ''));
    leitor.onerror = () => reject(leitor.error);
    leitor.readAsDataURL(arquivo);
  });
}

/** Address of an uploaded file, served by the server only to the same group. */
export const urlArquivo = (id: string) => `${getConfig().baseRest.replace(/\/+$/, '')}/arquivo/${encodeURIComponent(id)}`;

interface Props {
  nome: string;
  campo: Campo;
  valor: string;
  erro?: string | undefined;
  onChange: (id: string) => void;
}

/**
 * An `imagem` field: preview, upload (PNG, JPEG, WebP up to 1 MB) and removal; the value is the file's
 * id. The upload names the form's resource and this field's path: the server allows it by that screen.
 */
export function ImagemInput({ nome, campo, valor, erro, onChange }: Props) {
  const { t } = useTranslation();
  const recurso = useRecursoDoFormulario();
  const [enviando, setEnviando] = useState(false);
  const [falha, setFalha] = useState<string | null>(null);

  const enviar = async (arquivo: File | null) => {
    if (!arquivo) return;
    setFalha(null);
    if (!TIPOS_IMAGEM.includes(arquivo.type)) return setFalha(t('imagem.tipoInvalido'));
    if (arquivo.size > TAMANHO_MAXIMO_IMAGEM) return setFalha(t('imagem.grandeDemais'));
    setEnviando(true);
    try {
      const salvo = await api.post<{ _id: string }>('arquivo', { nome: arquivo.name, tipo: arquivo.type, conteudo: await lerBase64(arquivo), recurso, campo: nome });
      onChange(salvo._id);
    } catch (error) {
      setFalha(error instanceof Error ? error.message : String(error));
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Input.Wrapper label={campo.rotulo} description={campo.ajuda} error={falha ?? erro} data-testid={`campo-${nome}`}>
      <Group mt={4} gap="sm" align="center">
        <Paper withBorder radius="sm" w={96} h={64} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
          {valor ? (
            <Image src={urlArquivo(valor)} alt={campo.rotulo} fit="contain" h={62} w={94} data-testid={`campo-${nome}-imagem`} />
          ) : (
            <IconPhoto size={24} color="var(--mantine-color-dimmed)" />
          )}
        </Paper>
        <FileButton onChange={(f) => void enviar(f)} accept={TIPOS_IMAGEM.join(',')}>
          {(props) => (
            <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} />} loading={enviando} data-testid={`campo-${nome}-enviar`}>
              {valor ? t('imagem.trocar') : t('imagem.enviar')}
            </Button>
          )}
        </FileButton>
        {valor ? (
          <Tooltip label={t('imagem.remover')}>
            <ActionIcon variant="subtle" color="red" onClick={() => onChange('')} aria-label={t('imagem.remover')} data-testid={`campo-${nome}-remover`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Text size="xs" c="dimmed">
            {t('imagem.nenhuma')}
          </Text>
        )}
      </Group>
    </Input.Wrapper>
  );
}
