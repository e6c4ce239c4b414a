import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PRAZO_CANCELAMENTO_MS, type EventoEmitido } from '@retaguarda/domain';
import { IconBan, IconPencil } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { usePermissoes } from '../../session/permissoes.ts';
import { TabelaEventos } from './TabelaEventos.tsx';

type Acao = 'cancelar' | 'cartaCorrecao';
const limites: Record<Acao, [number, number]> = { cancelar: [15, 255], cartaCorrecao: [15, 1000] };
const rota = (id: string, acao: string) => `emissaoNotaFiscal/${encodeURIComponent(id)}/${acao}`;

/** The dialog of one event: the justification (cancellation) or the correction text, with its length limits. */
function DialogoEvento({ notaId, acao, onFechar }: { notaId: string; acao: Acao; onFechar: (mudou: boolean) => void }) {
  const { t } = useTranslation();
  const [texto, setTexto] = useState('');
  const [min, max] = limites[acao];
  const tamanho = texto.replace(/\s+/g, ' ').trim().length;
  const enviar = useMutation({
    mutationFn: () => api.post<{ registrado: boolean; cStat: string; xMotivo: string; protocolo: string | null }>(rota(notaId, acao), acao === 'cancelar' ? { justificativa: texto } : { correcao: texto }),
    onSuccess: (r) => {
      notifications.show(r.registrado ? { color: 'green', message: t('eventosNota.registrado', { protocolo: r.protocolo ?? '' }) } : { color: 'red', message: t('eventosNota.recusado', r) });
      onFechar(true);
    },
  });
  return (
    <Modal opened onClose={() => onFechar(false)} title={t(`eventosNota.titulo_${acao}`)} size="lg" data-testid="emissao-evento-dialogo">
      <Stack>
        {acao === 'cartaCorrecao' ? <Text size="sm" c="dimmed">{t('eventosNota.condicaoUso')}</Text> : <Text size="sm">{t('eventosNota.cancelarAjuda')}</Text>}
        <Textarea label={t(`eventosNota.texto_${acao}`)} description={t('eventosNota.tamanho', { tamanho, min, max })} value={texto} onChange={(e) => setTexto(e.currentTarget.value)} maxLength={max + 50} autosize minRows={3} data-testid="emissao-evento-texto" />
        {enviar.error ? <Alert color="red" data-testid="emissao-evento-erro">{enviar.error.message}</Alert> : null}
        <Group justify="flex-end">
          <Button color={acao === 'cancelar' ? 'red' : undefined} onClick={() => enviar.mutate()} loading={enviar.isPending} disabled={tamanho < min || tamanho > max} data-testid="emissao-evento-enviar">
            {t('eventosNota.enviar')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The events of a note the company issued, for the issuing screen (emissaoNotaFiscal): cancel it (within
 * 24 hours of the authorisation) or send a correction letter, and the list of what was sent with SEFAZ's answer.
 */
export function EventosEmissao({ nota }: { nota: { _id: string; situacao: string; autorizadaEm: string | null } }) {
  const { t } = useTranslation();
  const { pode } = usePermissoes();
  const queryClient = useQueryClient();
  const [acao, setAcao] = useState<Acao | null>(null);
  const eventos = useQuery({ queryKey: ['emissaoNotaFiscal', nota._id, 'eventos'], queryFn: ({ signal }) => api.get<EventoEmitido[]>(rota(nota._id, 'eventos'), { signal }) });
  const autorizada = nota.situacao === 'autorizada';
  const noPrazo = autorizada && nota.autorizadaEm !== null && Date.now() - Date.parse(nota.autorizadaEm) <= PRAZO_CANCELAMENTO_MS;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="emissao-eventos">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('eventosNota.titulo')}</Title>
        {pode('emissaoNotaFiscal', 'editar') && autorizada ? (
          <Group gap="xs">
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => setAcao('cartaCorrecao')} data-testid="emissao-carta-correcao">{t('eventosNota.cartaCorrecao')}</Button>
            <Button size="xs" color="red" variant="light" leftSection={<IconBan size={14} />} disabled={!noPrazo} title={noPrazo ? undefined : t('eventosNota.foraDoPrazo')} onClick={() => setAcao('cancelar')} data-testid="emissao-cancelar">{t('eventosNota.cancelar')}</Button>
          </Group>
        ) : null}
      </Group>
      {eventos.data?.length ? (
        <TabelaEventos
          testId="emissao-evento"
          linhas={eventos.data.map((e) => ({ chave: e._id, descricao: e.tpEvento === '110110' ? t('eventosNota.cartaSeq', { seq: e.nSeqEvento }) : e.descricao, detalhe: e.texto, em: e.em, protocolo: e.protocolo, cStat: e.cStat, registrado: e.registrado, xMotivo: e.xMotivo }))}
        />
      ) : (
        <Text size="sm" c="dimmed">{t('eventosNota.nenhumEnviado')}</Text>
      )}
      {acao ? (
        <DialogoEvento
          notaId={nota._id}
          acao={acao}
          onFechar={(mudou) => {
            setAcao(null);
            if (mudou) void queryClient.invalidateQueries({ queryKey: ['emissaoNotaFiscal'] });
          }}
        />
      ) : null}
    </Paper>
  );
}
