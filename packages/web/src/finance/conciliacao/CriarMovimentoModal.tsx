import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { useOpcoesPlano } from '../movimentacao/financeiroApi.ts';
import { mensagemDeErro, type LinhaExtrato } from './conciliacaoApi.ts';
import type { useConciliacao } from './useConciliacao.ts';

/** A movement from a statement line: amount and date are the line's; the user picks the chart account and the description. */
export function CriarMovimentoModal({ linha, m, onClose }: { linha: LinhaExtrato | null; m: ReturnType<typeof useConciliacao>; onClose: () => void }) {
  const { t } = useTranslation();
  const [planoConta, setPlanoConta] = useState<string | null>(null);
  const [descricao, setDescricao] = useState('');
  useEffect(() => {
    setPlanoConta(null);
    setDescricao(linha ? (linha.memo || linha.nome).slice(0, 200) : '');
    m.criarMovimento.reset();
    // Only when another line is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linha?._id]);
  const planos = (useOpcoesPlano().data ?? []).filter((p) => p.ativo);
  const erro = mensagemDeErro(m.criarMovimento.error);
  return (
    <Modal opened={linha !== null} onClose={onClose} title={t('conciliacaoBancaria.criarMovimentoTitulo')}>
      {linha ? (
        <Stack>
          <Text size="sm">{t('conciliacaoBancaria.criarMovimentoLinha', { data: formatData(linha.data), valor: formatCentavos(linha.valor) })}</Text>
          <Select label={t('conciliacaoBancaria.planoConta')} data={planos} value={planoConta} onChange={setPlanoConta} searchable data-testid="conciliacao-criar-plano" comboboxProps={{ withinPortal: true }} />
          <TextInput label={t('conciliacao.descricao')} value={descricao} onChange={(e) => setDescricao(e.currentTarget.value)} maxLength={200} data-testid="conciliacao-criar-descricao" />
          {erro ? (
            <Text c="red" size="sm">
              {erro}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('conciliacaoBancaria.cancelar')}
            </Button>
            <Button
              disabled={!planoConta || !descricao.trim()}
              loading={m.criarMovimento.isPending}
              onClick={() => m.criarMovimento.mutate({ linha: linha._id, planoConta: planoConta!, descricao }, { onSuccess: onClose })}
              data-testid="conciliacao-criar-confirmar"
            >
              {t('conciliacaoBancaria.criarEConciliar')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
