import { Alert, Badge, Group, Loader, Modal, Stack, Text, Timeline } from '@mantine/core';
import type { HistoricoDocumentoFiscal } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useUrlParam } from '../../app/useUrlParams.ts';
import { useGeral } from '../../session/store.ts';
import { quando } from './exportarRelatorio.ts';

const PARAMETRO = 'documento';

/** Opens the history of a sale's document: the dialog lives in the URL (?documento=<venda>), so Back closes it. */
export function useAbrirHistorico() {
  const [, definir] = useUrlParam(PARAMETRO);
  return (venda: string) => definir(venda);
}

const cores: Record<string, string> = { autorizada: 'green', contingencia: 'yellow', cancelada: 'gray', rejeitada: 'red', pendente: 'blue' };

/** The fiscal document of one sale and what happened to it, oldest first (GET /api/relatorioVendasResumoFiscal/documento/:venda). */
export function HistoricoDocumentoDialog() {
  const { t } = useTranslation();
  const [venda, definir] = useUrlParam(PARAMETRO);
  const empresa = useGeral((s) => s.empresa?._id);
  const consulta = useQuery({
    queryKey: ['relatorioVendasResumoFiscal', 'documento', empresa, venda],
    queryFn: ({ signal }) => api.get<HistoricoDocumentoFiscal>(`relatorioVendasResumoFiscal/documento/${encodeURIComponent(venda!)}`, { signal }),
    enabled: Boolean(venda),
  });
  const fechar = () => definir(null, { replace: true });
  const d = consulta.data?.documento;
  return (
    <Modal opened={Boolean(venda)} onClose={fechar} title={t('relatorioResumoFiscal.historicoTitulo')} size="lg" data-testid="historico-documento">
      {consulta.error ? (
        <Alert color="red">{consulta.error.message}</Alert>
      ) : !consulta.data || !d ? (
        <Group justify="center" py="lg">
          <Loader size="sm" />
        </Group>
      ) : (
        <Stack gap="md">
          <div>
            <Text fw={600} data-testid="historico-documento-titulo">
              {t('relatorioResumoFiscal.historicoDocumento', { modelo: t(`relatorioResumoFiscal.modelo_${d.modelo}`), serie: d.serie ?? '—', numero: d.numero ?? '—', pedido: d.pedidoId, loja: d.loja })}
            </Text>
            {d.chave ? (
              <Text size="xs" c="dimmed" ff="monospace">
                {t('relatorioResumoFiscal.historicoChave')}: {d.chave}
              </Text>
            ) : null}
            {d.vendaCancelada ? (
              <Text size="sm" c="orange" mt={4}>
                {t('relatorioResumoFiscal.historicoVendaCancelada')}
              </Text>
            ) : null}
          </div>
          <Timeline active={consulta.data.historico.length - 1} bulletSize={14} lineWidth={2}>
            {consulta.data.historico.map((h, i) => (
              <Timeline.Item
                key={i}
                data-testid="historico-documento-passo"
                title={
                  <Group gap="xs">
                    <Badge color={cores[h.status] ?? 'gray'} variant="light">
                      {t(`relatorioResumoFiscal.status_${h.status}`)}
                    </Badge>
                    <Text size="sm" c="dimmed">
                      {quando(h.em)}
                    </Text>
                  </Group>
                }
              >
                <Text size="sm">{t(`relatorioResumoFiscal.origem_${h.origem}`)}</Text>
                {h.protocolo ? <Text size="sm">{t('relatorioResumoFiscal.historicoProtocolo', { protocolo: h.protocolo })}</Text> : null}
                {h.codigo ? <Text size="sm">{h.motivo ? t('relatorioResumoFiscal.historicoCodigoMotivo', { codigo: h.codigo, motivo: h.motivo }) : t('relatorioResumoFiscal.historicoCodigo', { codigo: h.codigo })}</Text> : null}
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Modal>
  );
}
