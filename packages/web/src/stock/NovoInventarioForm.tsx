import { ActionIcon, Alert, Button, Group, MultiSelect, Pill, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client.ts';
import type { ProdutoEscolhido } from './documentoForm.ts';
import type { DetalheInventario } from './inventario.ts';
import { inventarioApi, type NovoInventario } from './inventarioApi.ts';
import { ProdutoEstoqueInput } from './ProdutoEstoqueInput.tsx';

interface Props {
  locaisAtivos: { value: string; label: string }[];
  onAberto: (inventario: DetalheInventario) => void;
}

/** A new count: description, the locations whose balances freeze now, optionally only some products, a note. */
export function NovoInventarioForm({ locaisAtivos, onAberto }: Props) {
  const { t } = useTranslation();
  const [descricao, setDescricao] = useState('');
  const [locais, setLocais] = useState<string[]>([]);
  const [produtos, setProdutos] = useState<ProdutoEscolhido[]>([]);
  const [observacao, setObservacao] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);

  const abrir = useMutation({
    mutationFn: (novo: NovoInventario) => inventarioApi.abrir(novo),
    onSuccess: (inv) => {
      notifications.show({ color: 'green', message: t('estoqueInventario.abertoOk', { numero: inv.numero }) });
      onAberto(inv);
    },
    onError: (e) => {
      if (isApiError(e) && e.campos) {
        const campos: Record<string, string> = {};
        for (const [caminho, mensagem] of Object.entries(e.campos)) {
          const m = /^produtos\.(\d+)/.exec(caminho);
          campos[m ? `produto:${produtos[Number(m[1])]?.id ?? ''}` : caminho.split('.')[0]!] = mensagem;
        }
        setErros(campos);
      }
      setErroGeral(e.message);
    },
  });

  const enviar = () => {
    const locais_ = locais.filter(Boolean);
    const faltando: Record<string, string> = {};
    if (!descricao.trim()) faltando.descricao = t('estoqueInventario.descricaoObrigatoria');
    if (!locais_.length) faltando.locais = t('estoqueInventario.locaisObrigatorios');
    setErros(faltando);
    if (Object.keys(faltando).length) return setErroGeral(t('estoqueInventario.corrija'));
    setErroGeral(null);
    abrir.mutate({
      descricao: descricao.trim(),
      locais: locais_,
      ...(produtos.length ? { produtos: produtos.map((p) => p.id) } : {}),
      ...(observacao.trim() ? { observacao: observacao.trim() } : {}),
    });
  };

  return (
    <Stack gap="sm" data-testid="inventario-form">
      <TextInput label={t('estoqueInventario.descricao')} value={descricao} onChange={(e) => setDescricao(e.currentTarget.value)} maxLength={80} error={erros.descricao} data-testid="inventario-descricao" data-autofocus />
      <MultiSelect
        label={t('estoqueInventario.locais')}
        data={locaisAtivos}
        value={locais}
        onChange={setLocais}
        placeholder={locais.length ? undefined : t('estoqueInventario.escolhaLocais')}
        searchable
        error={erros.locais}
        data-testid="inventario-locais"
        comboboxProps={{ withinPortal: true }}
      />
      <div>
        <ProdutoEstoqueInput
          key={produtos.length}
          label={t('estoqueInventario.produtos')}
          valor={null}
          onChange={(p) => {
            if (p && !produtos.some((x) => x.id === p.id)) setProdutos([...produtos, p]);
          }}
          erro={erros.produtos}
          testid="inventario-produto"
        />
        <Text size="xs" c="dimmed" mt={4}>
          {t('estoqueInventario.produtosAjuda')}
        </Text>
        {produtos.length ? (
          <Group gap={6} mt="xs" data-testid="inventario-produtos">
            {produtos.map((p) => (
              <Pill key={p.id} size="md" c={erros[`produto:${p.id}`] ? 'red' : undefined} title={erros[`produto:${p.id}`]}>
                <Group gap={4} wrap="nowrap">
                  {p.rotulo}
                  <ActionIcon size="xs" variant="subtle" color="gray" aria-label={t('estoqueInventario.tirarProduto', { produto: p.rotulo })} onClick={() => setProdutos(produtos.filter((x) => x.id !== p.id))}>
                    <IconX size={12} />
                  </ActionIcon>
                </Group>
              </Pill>
            ))}
          </Group>
        ) : null}
      </div>
      <Textarea label={t('estoqueInventario.observacao')} value={observacao} onChange={(e) => setObservacao(e.currentTarget.value)} autosize minRows={2} maxRows={5} maxLength={500} error={erros.observacao} data-testid="inventario-observacao" />
      {erroGeral ? (
        <Alert color="red" data-testid="inventario-form-erro">
          {erroGeral}
        </Alert>
      ) : null}
      <Group justify="flex-end" py="sm">
        <Button loading={abrir.isPending} onClick={enviar} data-testid="inventario-abrir">
          {t('estoqueInventario.abrir')}
        </Button>
      </Group>
    </Stack>
  );
}
