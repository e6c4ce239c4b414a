import { Paper, Text, Title } from '@mantine/core';
import type { EventoNota } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { TabelaEventos } from './TabelaEventos.tsx';

/** SEFAZ's cStat of a registered event (linked, not linked, duplicate) shows green; any other red. */
const aceito = (cStat: string | null) => cStat !== null && ['135', '136', '155', '573'].includes(cStat);

/**
 * The events of one note (manifestations sent, the emitter's cancellation or correction letter): type,
 * date, protocol and SEFAZ's answer. `rota` is the API path that lists them (baixarNotas/:id/eventos or
 * entradaNotaFiscal/:id/eventos).
 */
export function EventosDaNota({ rota, titulo = true }: { rota: string; titulo?: boolean }) {
  const { t } = useTranslation();
  const eventos = useQuery({ queryKey: ['eventosNota', rota], queryFn: ({ signal }) => api.get<EventoNota[]>(rota, { signal }) });
  if (!eventos.data) return eventos.error ? <Text c="red" size="sm">{eventos.error.message}</Text> : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="eventos-nota">
      {titulo ? <Title order={4} mb="xs">{t('eventosNota.titulo')}</Title> : null}
      {eventos.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="eventos-nota-vazio">{t('eventosNota.nenhum')}</Text>
      ) : (
        <TabelaEventos
          testId="evento-nota"
          linhas={eventos.data.map((e, i) => ({ chave: `${e.tpEvento}-${e.protocolo ?? i}`, descricao: e.descricao, detalhe: e.tpEvento, em: e.em, protocolo: e.protocolo, cStat: e.cStat, registrado: aceito(e.cStat), xMotivo: e.xMotivo, origem: t(`eventosNota.origem_${e.origem}`) }))}
        />
      )}
    </Paper>
  );
}
