import { Alert, Badge, Button, Group, Modal, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client.ts';
import type { ProdutoEscolhido } from './documentoForm.ts';
import { dataHora, formatCusto } from './formatoEstoque.ts';
import { contadoEscalado, type DetalheInventario, type ItemInventario } from './inventario.ts';
import { inventarioApi } from './inventarioApi.ts';
import { ProdutoEstoqueInput } from './ProdutoEstoqueInput.tsx';

interface Props {
  inv: DetalheInventario;
  opened: boolean;
  /** A code scanned that no line has: the dialog opens with it. */
  codigoInicial: string;
  /** The location the screen is filtered by, if any. */
  localInicial: string | null;
  onClose: () => void;
  onIncluido: (novo: DetalheInventario, linha: { local: string; produto: string }) => void;
}

/**
 * Adds to an open count a product found on the shelf that the freeze did not include: by its code or
 * barcode, or searched by name; in one of the count's locations; with its count if already known. The
 * line starts at the balance the location had at the freeze (none: 0).
 */
export function IncluirProdutoInventario({ inv, opened, codigoInicial, localInicial, onClose, onIncluido }: Props) {
  const { t } = useTranslation();
  const [codigo, setCodigo] = useState('');
  const [produto, setProduto] = useState<ProdutoEscolhido | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const [contado, setContado] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const locais = inv.locais.map((l) => ({ value: l._id, label: l.descricao ?? l._id }));

  // Each opening starts clean, with the scanned code and the location in view.
  useEffect(() => {
    if (!opened) return;
    setCodigo(codigoInicial);
    setProduto(null);
    setLocal(localInicial ?? (locais.length === 1 ? locais[0]!.value : null));
    setContado('');
    setErros({});
    setErroGeral(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const incluir = useMutation({
    mutationFn: () =>
      inventarioApi.incluir(inv._id, {
        local: local ?? '',
        ...(produto ? { produto: produto.id } : { codigo: codigo.trim() }),
        ...(contado.trim() ? { contado: contado.trim() } : {}),
      }),
    onSuccess: ({ incluida, ...novo }) => onIncluido(novo, incluida),
    onError: (e) => {
      setErros(isApiError(e) && e.campos ? Object.fromEntries(Object.entries(e.campos).filter(([campo]) => ['local', 'produto', 'codigo', 'contado'].includes(campo))) : {});
      setErroGeral(e.message);
    },
  });

  const enviar = () => {
    const faltando: Record<string, string> = {};
    if (!local) faltando.local = t('inventarioInclusao.escolhaLocal');
    if (!produto && !codigo.trim()) faltando.produto = t('inventarioInclusao.escolhaProduto');
    if (contado.trim() && contadoEscalado(contado) === null) faltando.contado = t('inventarioInclusao.contadoInvalido');
    setErros(faltando);
    if (Object.keys(faltando).length) return setErroGeral(null);
    incluir.mutate();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('inventarioInclusao.titulo')} size="lg" data-testid="inventario-incluir-dialogo">
      <Stack gap="sm">
        <Text size="sm">{t('inventarioInclusao.explicacao')}</Text>
        <Text size="xs" c="dimmed">
          {t('inventarioInclusao.custo')}
        </Text>
        {erroGeral ? (
          <Alert color="red" data-testid="inventario-incluir-erro">
            {erroGeral}
          </Alert>
        ) : null}
        <Select
          label={t('inventarioInclusao.local')}
          data={locais}
          value={local}
          onChange={setLocal}
          error={erros.local}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="inventario-incluir-local"
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('inventarioInclusao.codigo')}
            placeholder={t('inventarioInclusao.codigoPlaceholder')}
            leftSection={<IconBarcode size={16} />}
            value={codigo}
            onChange={(e) => {
              setCodigo(e.currentTarget.value);
              if (e.currentTarget.value.trim()) setProduto(null);
            }}
            disabled={produto !== null}
            error={erros.codigo}
            autoComplete="off"
            data-testid="inventario-incluir-codigo"
          />
          <ProdutoEstoqueInput
            label={t('inventarioInclusao.ouBusque')}
            valor={produto}
            onChange={(p) => {
              setProduto(p);
              if (p) setCodigo('');
            }}
            erro={erros.produto}
            testid="inventario-incluir-produto"
          />
        </Group>
        <TextInput
          label={t('inventarioInclusao.contado')}
          description={t('inventarioInclusao.contadoAjuda')}
          value={contado}
          onChange={(e) => setContado(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              enviar();
            }
          }}
          inputMode="decimal"
          autoComplete="off"
          w={280}
          error={erros.contado}
          rightSection={produto?.unidade ? <Text size="xs" c="dimmed">{produto.unidade}</Text> : undefined}
          data-testid="inventario-incluir-contado"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('inventarioInclusao.voltar')}
          </Button>
          <Button loading={incluir.isPending} onClick={enviar} data-testid="inventario-incluir-ok">
            {t('inventarioInclusao.incluir')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Under a line added after the freeze: a badge saying so (who and when on hover) and, when it is not
 * valued at the average, which cost values it, so the clerk knows what a gain will enter at.
 */
export function OrigemDaLinha({ item }: { item: ItemInventario }) {
  const { t } = useTranslation();
  if (!item.incluidoEm) return null;
  const origem = item.custoOrigem;
  return (
    <Group gap={6} mt={2} wrap="wrap">
      <Tooltip label={t('inventarioInclusao.incluidaPor', { quem: item.incluidoPor ?? '', quando: dataHora(item.incluidoEm) })} withinPortal>
        <Badge size="xs" variant="light" color="blue" data-testid="inventario-linha-incluida">
          {t('inventarioInclusao.incluida')}
        </Badge>
      </Tooltip>
      <Text size="xs" c={origem === 'semCusto' ? 'orange' : 'dimmed'} data-testid="inventario-linha-custo">
        {t(`inventarioInclusao.custo_${origem}`, { custo: formatCusto(item.custoMedio) })}
      </Text>
    </Group>
  );
}
