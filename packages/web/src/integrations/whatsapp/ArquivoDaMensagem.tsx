import { Anchor, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { whatsAppApi, type Mensagem } from './whatsAppApi.ts';

const tamanho = (bytes: number | null) => (bytes === null ? '' : bytes < 1024 * 1024 ? ` (${Math.max(1, Math.round(bytes / 1024))} KB)` : ` (${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB)`);

/** A message's file: an image inline, a document or audio as a download; while not downloaded, why. */
export function ArquivoDaMensagem({ m }: { m: Mensagem }) {
  const { t } = useTranslation();
  const midia = m.midia;
  if (!midia) return null;
  if (!midia.disponivel)
    return (
      <Text size="xs" c={midia.erro ? 'red' : 'dimmed'} data-testid="wa-arquivo-indisponivel">
        {midia.erro ? t('whatsApp.arquivoIndisponivel', { erro: midia.erro }) : t('whatsApp.arquivoBaixando')}
      </Text>
    );
  const url = whatsAppApi.arquivoUrl(m._id);
  const nome = midia.nome ?? t(`whatsApp.tipoMidia.${midia.tipo}`);
  if (midia.tipo === 'imagem')
    return (
      <Anchor href={url} target="_blank" rel="noopener">
        {/* A fixed height: the conversation scrolls to its end before the picture loads. */}
        <Image src={url} alt={nome} w={280} h={200} fit="contain" radius="sm" data-testid="wa-imagem" />
      </Anchor>
    );
  return (
    // The text's own colour, underlined: the link's blue lacks contrast on our green bubbles.
    <Anchor href={url} download={nome} size="sm" c="inherit" underline="always" fw={500} data-testid="wa-arquivo-baixar">
      {t('whatsApp.baixar', { nome: `${nome}${tamanho(midia.tamanho)}` })}
    </Anchor>
  );
}
