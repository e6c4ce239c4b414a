import { Button, Checkbox, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { reais, type ItemVitrine } from '@retaguarda/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { precoComOpcoes, type LinhaCarrinho } from './carrinhoQr.ts';

/** Add an item: its option groups (respecting each one's minimum and maximum), quantity and a note. */
export function AdicionarItem({ item, aoFechar, aoAdicionar }: { item: ItemVitrine; aoFechar: () => void; aoAdicionar: (l: Omit<LinhaCarrinho, 'chave'>) => void }) {
  const { t } = useTranslation();
  const [escolhidas, setEscolhidas] = useState<{ grupo: string; descricao: string }[]>([]);
  const [quantidade, setQuantidade] = useState(1);
  const [observacao, setObservacao] = useState('');
  const faltando = item.complementos.some((g) => escolhidas.filter((e) => e.grupo === g.nome).length < g.minimo);
  const alternar = (grupo: string, descricao: string, max: number) =>
    setEscolhidas((atual) => {
      if (atual.some((e) => e.grupo === grupo && e.descricao === descricao)) return atual.filter((e) => !(e.grupo === grupo && e.descricao === descricao));
      const doGrupo = atual.filter((e) => e.grupo === grupo);
      // A single choice swaps; otherwise stop at the maximum.
      if (max === 1) return [...atual.filter((e) => e.grupo !== grupo), { grupo, descricao }];
      return doGrupo.length >= max ? atual : [...atual, { grupo, descricao }];
    });
  return (
    <Modal opened onClose={aoFechar} title={item.descricao} fullScreen={false} centered>
      <Stack>
        {item.complementos.map((g) => (
          <Stack key={g.nome} gap={4}>
            <Group justify="space-between">
              <Text fw={600}>{g.nome}</Text>
              <Text size="xs" c="dimmed">
                {g.minimo > 0 ? `${t('qrMesa.obrigatorio')} · ${t('qrMesa.escolha', { min: g.minimo, max: g.maximo })}` : t('qrMesa.escolhaAte', { max: g.maximo })}
              </Text>
            </Group>
            {g.opcoes.map((o) => (
              <Checkbox
                key={o.descricao}
                disabled={!o.disponivel}
                checked={escolhidas.some((e) => e.grupo === g.nome && e.descricao === o.descricao)}
                onChange={() => alternar(g.nome, o.descricao, g.maximo)}
                label={`${o.descricao}${o.precoAdicional ? ` + ${reais(o.precoAdicional)}` : ''}${o.disponivel ? '' : ` (${t('qrMesa.esgotado')})`}`}
              />
            ))}
          </Stack>
        ))}
        <NumberInput label={t('qrMesa.quantidade')} value={quantidade} onChange={(v) => setQuantidade(Math.max(1, Math.min(50, Math.trunc(Number(v) || 1))))} min={1} max={50} allowDecimal={false} />
        <Textarea label={t('qrMesa.observacao')} placeholder={t('qrMesa.observacaoExemplo')} value={observacao} onChange={(e) => setObservacao(e.currentTarget.value.slice(0, 140))} autosize minRows={1} data-testid="qr-observacao" />
        <Button disabled={faltando} onClick={() => aoAdicionar({ produto: item.produto, quantidade, complementos: escolhidas, observacao })} data-testid="qr-confirmar-item">
          {t('qrMesa.adicionarAoPedido', { valor: reais(precoComOpcoes(item, escolhidas) * quantidade) })}
        </Button>
      </Stack>
    </Modal>
  );
}

