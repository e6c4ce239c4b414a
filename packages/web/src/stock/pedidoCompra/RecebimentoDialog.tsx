import { Alert, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { breakpoints, converterQuantidade, textoQtd } from '@retaguarda/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { formatCusto, formatQtd, lerQuantidade, quantidadeExibida } from '../formatoEstoque.ts';
import { aReceber, lerPreco } from './pedidoCompra.ts';
import { pedidoCompraApi, type DetalhePedido } from './pedidoCompraApi.ts';

/**
 * "Receber mercadoria": the location, and per line what came now (the rest still due to start with) and
 * the price charged when it differs; sent with the order's version as read, so a second confirmation is
 * refused by the server (409) instead of posting twice.
 */
export function RecebimentoDialog({ pedido, onFechar, onRecebido }: { pedido: DetalhePedido; onFechar: () => void; onRecebido: (p: DetalhePedido) => void }) {
  const { t } = useTranslation();
  const estreito = useMediaQuery(`(max-width: ${breakpoints.sm}px)`);
  const locais = useOpcoesReferencia('estoqueCadastro', { ativo: true }).data ?? [];
  const [local, setLocal] = useState<string | null>(null);
  const [quantidades, setQuantidades] = useState<string[]>(() => pedido.itens.map((l) => (aReceber(l) === '0.0000' ? '' : quantidadeExibida(aReceber(l)))));
  const [precos, setPrecos] = useState<string[]>(() => pedido.itens.map(() => ''));
  const [erros, setErros] = useState<Record<string, string>>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);

  const receber = useMutation({
    mutationFn: () => {
      const itens = pedido.itens.flatMap((_, n) => {
        const q = lerQuantidade(quantidades[n] ?? '');
        return q ? [{ linha: n, quantidade: q, precoUnitario: precos[n]?.trim() ? lerPreco(precos[n]!) : null }] : [];
      });
      return pedidoCompraApi.receber(pedido._id, { version: pedido.version, local: local ?? '', observacao: null, itens });
    },
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: t('pedidoCompra.recebidoOk', { numero: pedido.numero }) });
      onRecebido(r.pedido);
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 400) setErros(e.campos ?? {});
      setErroGeral(e.message);
    },
  });
  const confirmar = () => {
    const novos: Record<string, string> = {};
    if (!local) novos.local = t('pedidoCompra.escolhaLocal');
    let algum = false;
    pedido.itens.forEach((_, n) => {
      const texto = quantidades[n]?.trim() ?? '';
      if (texto) {
        if (lerQuantidade(texto)) algum = true;
        else novos[`q${n}`] = t('pedidoCompra.quantidadeInvalida');
      }
      if (precos[n]?.trim() && lerPreco(precos[n]!) === null) novos[`p${n}`] = t('pedidoCompra.precoInvalido');
    });
    setErros(novos);
    if (Object.keys(novos).length) return setErroGeral(t('pedidoCompra.corrija'));
    if (!algum) return setErroGeral(t('pedidoCompra.nadaRecebido'));
    setErroGeral(null);
    receber.mutate();
  };

  return (
    <Modal opened onClose={onFechar} size={estreito ? '100%' : 1100} fullScreen={estreito} title={<Text fw={600}>{t('pedidoCompra.receberTitulo', { numero: pedido.numero })}</Text>} closeButtonProps={{ 'aria-label': t('pedidoCompra.fechar') }} data-testid="pedido-receber-dialogo">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('pedidoCompra.receberTexto')}
        </Text>
        <Select label={t('pedidoCompra.localRecebimento')} data={locais} value={local} onChange={setLocal} searchable error={erros.local} w={320} data-testid="pedido-receber-local" comboboxProps={{ withinPortal: true }} />
        <Table.ScrollContainer minWidth={900}>
          <Table data-testid="pedido-receber-linhas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pedidoCompra.produto')}</Table.Th>
                <Table.Th ta="right">{t('pedidoCompra.pedido')}</Table.Th>
                <Table.Th ta="right">{t('pedidoCompra.falta')}</Table.Th>
                <Table.Th>{t('pedidoCompra.chegou')}</Table.Th>
                <Table.Th>{t('pedidoCompra.precoCobrado')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pedido.itens.map((l, n) => {
                const q = lerQuantidade(quantidades[n] ?? '');
                return (
                  <Table.Tr key={n} data-testid="pedido-receber-linha">
                    <Table.Td>
                      {l.descricao}
                      {q ? (
                        <Text size="xs" c="dimmed">
                          {t('pedidoCompra.entradaEstoque', { quantidade: formatQtd(textoQtd(converterQuantidade(q, l.fator))) })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatQtd(l.quantidade, l.unidade)} · {formatCusto(l.precoUnitario)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatQtd(aReceber(l), l.unidade)}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        value={quantidades[n]}
                        onChange={(e) => {
                          const v = e.currentTarget.value;
                          setQuantidades((qs) => qs.map((x, i) => (i === n ? v : x)));
                          setErroGeral(null);
                        }}
                        inputMode="decimal"
                        w={120}
                        aria-label={t('pedidoCompra.chegou')}
                        error={erros[`q${n}`] ?? erros[`itens.${n}.quantidade`]}
                        styles={{ input: { textAlign: 'right' } }}
                        data-testid="pedido-receber-quantidade"
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        value={precos[n]}
                        placeholder={formatCusto(l.precoUnitario).replace('R$ ', '')}
                        onChange={(e) => {
                          const v = e.currentTarget.value;
                          setPrecos((ps) => ps.map((x, i) => (i === n ? v : x)));
                          setErroGeral(null);
                        }}
                        inputMode="decimal"
                        w={130}
                        aria-label={t('pedidoCompra.precoCobrado')}
                        title={t('pedidoCompra.precoCobradoAjuda')}
                        error={erros[`p${n}`]}
                        styles={{ input: { textAlign: 'right' } }}
                        data-testid="pedido-receber-preco"
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {erroGeral ? (
          <Alert color="red" data-testid="pedido-receber-erro">
            {erroGeral}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onFechar}>
            {t('pedidoCompra.voltarSemReceber')}
          </Button>
          <Button loading={receber.isPending} onClick={confirmar} data-testid="pedido-receber-ok">
            {t('pedidoCompra.confirmarRecebimento')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
