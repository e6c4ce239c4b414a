import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { filtroSemAcento } from '../../resources/LocalidadeInput.tsx';
import { useGeral } from '../../session/store.ts';
import { lerQuantidade, quantidadeExibida } from '../formatoEstoque.ts';
import { useProdutosComFicha, useUnidadesDoProduto } from './opcoesProducao.ts';
import { PreviaIngredientes } from './PreviaIngredientes.tsx';
import { errosPorCampo, formPedidoVazio, montarPedido, type FormPedido } from './producao.ts';
import { producaoApi, producaoKeys, type DetalheProducao } from './producaoApi.ts';

interface Props {
  hoje: string;
  locaisAtivos: { value: string; label: string }[];
  onCriada: (ordem: DetalheProducao) => void;
}

/**
 * A new production order: the product (one with a recipe sheet), the quantity in its stock unit or
 * another with a conversion factor, the planned date, where the ingredients come from and where the
 * product goes, and optionally another store of the group it is made for (central kitchen). The
 * ingredients it takes, with the shortages in the chosen location and the cost, show as it is typed.
 */
export function NovaProducaoForm({ hoje, locaisAtivos, onCriada }: Props) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const [form, setForm] = useState<FormPedido>(() => formPedidoVazio(hoje));
  const [erros, setErros] = useState<Record<string, string>>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const produtos = useProdutosComFicha();
  const produto = produtos.data?.find((p) => p.id === form.produto) ?? null;
  const unidades = useUnidadesDoProduto(produto);
  const destinos = useQuery({ queryKey: producaoKeys.destinos(empresa), queryFn: ({ signal }) => producaoApi.destinos(signal), staleTime: 60_000 });
  const destino = destinos.data?.find((d) => d._id === form.empresaDestino) ?? null;

  const alterar = (mudanca: Partial<FormPedido>) => {
    setForm((f) => ({ ...f, ...mudanca }));
    setErros((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in mudanca))));
    setErroGeral(null);
  };

  // The preview follows what is typed (the quantity a moment after the last key).
  const [quantidadeAdiada] = useDebouncedValue(form.quantidade, 300);
  const pedidoPrevia = useMemo(() => {
    const quantidade = lerQuantidade(quantidadeAdiada);
    return form.produto && quantidade && form.localOrigem ? { produto: form.produto, quantidade, unidade: form.unidade, localOrigem: form.localOrigem } : null;
  }, [form.produto, quantidadeAdiada, form.unidade, form.localOrigem]);
  const previa = useQuery({
    queryKey: [...producaoKeys.todos(empresa), 'previa', pedidoPrevia],
    queryFn: () => producaoApi.previa(pedidoPrevia!),
    enabled: pedidoPrevia !== null,
    retry: false,
  });
  const errosPrevia = isApiError(previa.error) && previa.error.status === 400 ? errosPorCampo(previa.error.campos) : {};

  const criar = useMutation({
    mutationFn: producaoApi.criar,
    onSuccess: (ordem) => {
      notifications.show({ color: 'green', message: t('estoqueProducao.criadaOk', { numero: ordem.numero }) });
      onCriada(ordem);
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 400) setErros(errosPorCampo(e.campos));
      setErroGeral(e.message);
    },
  });
  const enviar = () => {
    const montado = montarPedido(form);
    if ('erros' in montado) {
      setErros(Object.fromEntries(Object.entries(montado.erros).map(([k, v]) => [k, t(v)])));
      return setErroGeral(t('estoqueProducao.corrija'));
    }
    setErros({});
    setErroGeral(null);
    criar.mutate(montado.pedido);
  };
  const erro = (campo: string) => erros[campo] ?? errosPrevia[campo];
  const combo = { withinPortal: true };

  return (
    <Stack gap="sm" data-testid="producao-form">
      <Select
        label={t('estoqueProducao.produto')}
        description={t('estoqueProducao.produtoAjuda')}
        data={(produtos.data ?? []).map((p) => ({ value: p.id, label: p.rotulo }))}
        value={form.produto}
        onChange={(id) => alterar({ produto: id, unidade: produtos.data?.find((p) => p.id === id)?.unidade ?? null })}
        searchable
        filter={filtroSemAcento}
        nothingFoundMessage={produtos.isFetching ? t('recurso.carregandoOpcoes') : t('estoqueProducao.semFichas')}
        placeholder={t('estoqueProducao.buscarProduto')}
        error={erro('produto')}
        data-testid="producao-produto"
        comboboxProps={combo}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          label={t('estoqueProducao.quantidadePlanejada')}
          value={form.quantidade}
          onChange={(e) => alterar({ quantidade: e.currentTarget.value })}
          onBlur={(e) => alterar({ quantidade: quantidadeExibida(e.currentTarget.value) })}
          inputMode="decimal"
          autoComplete="off"
          styles={{ input: { textAlign: 'right' } }}
          error={erro('quantidade')}
          data-testid="producao-quantidade"
        />
        <Select
          label={t('estoqueProducao.unidade')}
          data={(unidades.data ?? []).map((u) => ({ value: u.value, label: u.fator ? t('estoqueProducao.unidadeComFator', { sigla: u.label, fator: quantidadeExibida(u.fator) }) : u.label }))}
          value={form.unidade}
          onChange={(unidade) => alterar({ unidade })}
          disabled={!produto}
          error={erro('unidade')}
          data-testid="producao-unidade"
          comboboxProps={combo}
        />
        <TextInput label={t('estoqueProducao.dataPlanejada')} value={form.data} onChange={(e) => alterar({ data: e.currentTarget.value })} placeholder="dd/mm/aaaa" error={erro('dataPlanejada')} data-testid="producao-data" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <Select label={t('estoqueProducao.localOrigem')} data={locaisAtivos} value={form.localOrigem} onChange={(localOrigem) => alterar({ localOrigem })} placeholder={t('estoqueProducao.escolhaLocal')} searchable error={erro('localOrigem')} data-testid="producao-local-origem" comboboxProps={combo} />
        <Select label={t('estoqueProducao.localDestino')} data={locaisAtivos} value={form.localDestino} onChange={(localDestino) => alterar({ localDestino })} placeholder={t('estoqueProducao.escolhaLocal')} searchable error={erro('localDestino')} data-testid="producao-local-destino" comboboxProps={combo} />
      </SimpleGrid>
      {destinos.data?.length ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          <Select
            label={t('estoqueProducao.empresaDestino')}
            description={t('estoqueProducao.empresaDestinoAjuda')}
            data={destinos.data.map((d) => ({ value: d._id, label: d.nome }))}
            value={form.empresaDestino}
            onChange={(empresaDestino) => alterar({ empresaDestino, localEmpresaDestino: destinos.data?.find((d) => d._id === empresaDestino)?.locais[0]?._id ?? null })}
            placeholder={t('estoqueProducao.nenhumaLoja')}
            clearable
            error={erro('empresaDestino')}
            data-testid="producao-empresa-destino"
            comboboxProps={combo}
          />
          {destino ? (
            <Select
              label={t('estoqueProducao.localEmpresaDestino')}
              description={t('estoqueProducao.localEmpresaDestinoAjuda')}
              data={destino.locais.map((l) => ({ value: l._id, label: l.descricao }))}
              value={form.localEmpresaDestino}
              onChange={(localEmpresaDestino) => alterar({ localEmpresaDestino })}
              error={erro('localEmpresaDestino') ?? (destino.locais.length ? undefined : t('estoqueProducao.lojaSemLocal'))}
              data-testid="producao-local-empresa-destino"
              comboboxProps={combo}
            />
          ) : null}
        </SimpleGrid>
      ) : null}
      <Textarea label={t('estoqueProducao.observacao')} value={form.observacao} onChange={(e) => alterar({ observacao: e.currentTarget.value })} autosize minRows={1} maxRows={4} maxLength={500} error={erro('observacao')} data-testid="producao-observacao" />

      {previa.data && pedidoPrevia ? (
        <PreviaIngredientes previa={previa.data} />
      ) : previa.error && !Object.keys(errosPrevia).length ? (
        <Alert color="red">{previa.error.message}</Alert>
      ) : !pedidoPrevia ? (
        <Text size="sm" c="dimmed" data-testid="producao-previa-dica">
          {t('estoqueProducao.previaDica')}
        </Text>
      ) : null}

      {erroGeral ? (
        <Alert color="red" data-testid="producao-form-erro">
          {erroGeral}
        </Alert>
      ) : null}
      <Group justify="flex-end" py="sm" style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Button loading={criar.isPending} onClick={enviar} data-testid="producao-criar">
          {t('estoqueProducao.criar')}
        </Button>
      </Group>
    </Stack>
  );
}
