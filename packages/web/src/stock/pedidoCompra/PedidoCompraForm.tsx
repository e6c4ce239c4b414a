import { ActionIcon, Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { reais } from '@retaguarda/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { resourceApi, resourceKeys } from '../../resources/api.ts';
import { filtroSemAcento } from '../../resources/LocalidadeInput.tsx';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { useGeral } from '../../session/store.ts';
import { completarComMapeamentos, formDoPedido, formVazio, linhaVazia, montarPedido, totalDaLinha, type FormPedido, type LinhaForm } from './pedidoCompra.ts';
import { pedidoCompraApi, type DetalhePedido } from './pedidoCompraApi.ts';

/** The supplier's mappings (estoqueProdutoFornecedor): its unit and factor for each of our products. */
function useMapeamentos(fornecedor: string | null) {
  const empresa = useGeral((s) => s.empresa?._id);
  return useQuery({
    queryKey: [...resourceKeys.opcoes('estoqueProdutoFornecedor', empresa), 'pedidoCompra', fornecedor ?? ''],
    enabled: Boolean(fornecedor),
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const { registros } = await resourceApi('estoqueProdutoFornecedor').list({ filtro: { lixo: false, fornecedor }, sort: { produto: 1 }, limit: 5000, skip: 0 }, signal);
      return new Map(registros.map((r) => [String(r.produto), { unidade: (r.unidadeCompra as string | null) ?? '', fator: r.fator ? String(r.fator).replace(/\.?0+$/, '').replace('.', ',') : '' }]));
    },
  });
}

/**
 * A purchase order's form (new, or a draft edited with its version): the supplier, the expected
 * delivery, and lines of product, the supplier's unit and its factor to ours (filled from the supplier's
 * mapping when the product is chosen), quantity and price in reais, each line's total and the order's.
 */
export function PedidoCompraForm({ pedido, onSalvo }: { pedido?: DetalhePedido; onSalvo: (p: DetalhePedido) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<FormPedido>(() => (pedido ? formDoPedido(pedido) : formVazio()));
  const [erros, setErros] = useState<Record<string, string>>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const fornecedores = useOpcoesReferencia('pessoa', { fornecedor: true }).data ?? [];
  const produtos = useOpcoesReferencia('produtoGeral').data ?? [];
  const mapeamentos = useMapeamentos(form.fornecedor).data;
  useEffect(() => {
    if (mapeamentos) setForm((f) => {
      const linhas = completarComMapeamentos(f.linhas, mapeamentos);
      return linhas === f.linhas ? f : { ...f, linhas };
    });
  }, [mapeamentos]);

  const limpar = (campos: string[]) => {
    setErros((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !campos.includes(k))));
    setErroGeral(null);
  };
  const alterarLinha = (n: number, mudanca: Partial<LinhaForm>) => {
    setForm((f) => ({ ...f, linhas: f.linhas.map((l, i) => (i === n ? { ...l, ...mudanca } : l)) }));
    limpar(['itens', ...Object.keys(mudanca).map((k) => `itens.${n}.${k === 'preco' ? 'precoUnitario' : k}`)]);
  };
  const escolherProduto = (n: number, produto: string | null) => {
    const m = produto ? mapeamentos?.get(produto) : undefined;
    alterarLinha(n, { produto, ...(m ? { unidade: m.unidade, fator: m.fator } : {}) });
  };

  const salvar = useMutation({
    mutationFn: (corpo: Parameters<typeof pedidoCompraApi.criar>[0]) => (pedido ? pedidoCompraApi.editar(pedido._id, { ...corpo, version: pedido.version }) : pedidoCompraApi.criar(corpo)),
    onSuccess: (salvo) => {
      notifications.show({ color: 'green', message: t(pedido ? 'pedidoCompra.salvoOk' : 'pedidoCompra.criadoOk', { numero: salvo.numero }) });
      onSalvo(salvo);
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 400) setErros(e.campos ?? {});
      setErroGeral(e.message);
    },
  });
  const enviar = () => {
    const montado = montarPedido(form);
    if ('erros' in montado) {
      setErros(Object.fromEntries(Object.entries(montado.erros).map(([k, v]) => [k, t(v)])));
      return setErroGeral(t('pedidoCompra.corrija'));
    }
    setErros({});
    setErroGeral(null);
    salvar.mutate(montado.pedido);
  };
  const totais = form.linhas.map(totalDaLinha);
  const total = totais.reduce<number>((s, v) => s + (v ?? 0), 0);
  const combo = { withinPortal: true };

  return (
    <Stack gap="sm" data-testid="pedido-form">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={t('pedidoCompra.fornecedor')}
          data={fornecedores}
          value={form.fornecedor}
          onChange={(fornecedor) => {
            setForm((f) => ({ ...f, fornecedor }));
            limpar(['fornecedor']);
          }}
          searchable
          filter={filtroSemAcento}
          error={erros.fornecedor}
          data-testid="pedido-fornecedor"
          comboboxProps={combo}
          data-autofocus
        />
        <TextInput label={t('pedidoCompra.previsaoEntrega')} value={form.previsao} placeholder="dd/mm/aaaa" onChange={(e) => setForm({ ...form, previsao: e.currentTarget.value })} error={erros.previsaoEntrega} data-testid="pedido-previsao" />
      </SimpleGrid>
      {form.linhas.map((l, n) => (
        <Paper key={n} withBorder radius="md" p="xs" data-testid="pedido-form-linha">
          <Group align="flex-start" gap="xs" wrap="wrap">
            <Select
              label={t('pedidoCompra.produto')}
              data={produtos}
              value={l.produto}
              onChange={(p) => escolherProduto(n, p)}
              searchable
              filter={filtroSemAcento}
              error={erros[`itens.${n}.produto`]}
              w={190}
              data-testid="pedido-linha-produto"
              comboboxProps={combo}
            />
            <TextInput label={t('pedidoCompra.unidade')} title={t('pedidoCompra.unidadeAjuda')} value={l.unidade} onChange={(e) => alterarLinha(n, { unidade: e.currentTarget.value.toUpperCase() })} maxLength={6} w={80} error={erros[`itens.${n}.unidade`]} data-testid="pedido-linha-unidade" />
            <TextInput label={t('pedidoCompra.fator')} title={t('pedidoCompra.fatorAjuda')} value={l.fator} onChange={(e) => alterarLinha(n, { fator: e.currentTarget.value })} inputMode="decimal" w={70} error={erros[`itens.${n}.fator`]} data-testid="pedido-linha-fator" styles={{ input: { textAlign: 'right' } }} />
            <TextInput label={t('pedidoCompra.quantidade')} value={l.quantidade} onChange={(e) => alterarLinha(n, { quantidade: e.currentTarget.value })} inputMode="decimal" w={90} error={erros[`itens.${n}.quantidade`]} data-testid="pedido-linha-quantidade" styles={{ input: { textAlign: 'right' } }} />
            <TextInput label={t('pedidoCompra.preco')} value={l.preco} onChange={(e) => alterarLinha(n, { preco: e.currentTarget.value })} inputMode="decimal" w={110} error={erros[`itens.${n}.precoUnitario`]} data-testid="pedido-linha-preco" styles={{ input: { textAlign: 'right' } }} />
            <div style={{ minWidth: 84 }}>
              <Text size="sm" fw={500} mb={8}>
                {t('pedidoCompra.totalLinha')}
              </Text>
              <Text size="sm" ta="right" data-testid="pedido-linha-total">
                {totais[n] === null ? '—' : reais(totais[n]!)}
              </Text>
            </div>
            <ActionIcon variant="subtle" color="red" mt={28} aria-label={t('pedidoCompra.removerLinha', { n: n + 1 })} disabled={form.linhas.length === 1} onClick={() => setForm((f) => ({ ...f, linhas: f.linhas.filter((_, i) => i !== n) }))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {erros.itens ? <Text c="red" size="sm">{erros.itens}</Text> : null}
      <Group justify="space-between">
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => {
            setForm((f) => ({ ...f, linhas: [...f.linhas, linhaVazia()] }));
            limpar(['itens']);
          }} data-testid="pedido-adicionar-linha">
          {t('pedidoCompra.adicionarLinha')}
        </Button>
        <Text fw={700} data-testid="pedido-form-total">
          {t('pedidoCompra.totalPedido')}: {reais(total)}
        </Text>
      </Group>
      <Textarea label={t('pedidoCompra.observacao')} value={form.observacao} onChange={(e) => setForm({ ...form, observacao: e.currentTarget.value })} autosize minRows={1} maxRows={4} maxLength={500} error={erros.observacao} data-testid="pedido-observacao" />
      {erroGeral ? (
        <Alert color="red" data-testid="pedido-form-erro">
          {erroGeral}
        </Alert>
      ) : null}
      <Group justify="flex-end" py="sm" style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Button loading={salvar.isPending} onClick={enviar} data-testid="pedido-salvar">
          {pedido ? t('pedidoCompra.salvar') : t('pedidoCompra.criar')}
        </Button>
      </Group>
    </Stack>
  );
}
