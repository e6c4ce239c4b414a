import { ActionIcon, Card, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type DragEvent, type KeyboardEvent, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { cardapioApi, cardapioKeys } from './cardapioApi.ts';
import type { SecaoRascunho } from './ordenacao.ts';
import type { Construtor } from './useConstrutor.ts';

/** What is being dragged (HTML5 drag-and-drop keeps its data unreadable until the drop). */
export type Arrasto = { tipo: 'secao'; indice: number } | { tipo: 'produto'; secao: number; indice: number } | null;

/** Alt+↑ / Alt+↓ on a handle: the keyboard way to do what dragging does. */
function teclasDeMover(e: KeyboardEvent, mover: (delta: number) => void) {
  if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
  e.preventDefault();
  mover(e.key === 'ArrowUp' ? -1 : 1);
}

const iniciar = (e: DragEvent, texto: string) => {
  e.dataTransfer.effectAllowed = 'move';
  e.dataTransfer.setData('text/plain', texto);
};

function ProdutoPicker({ onEscolher, secao }: { onEscolher: (p: { _id: string; descricao: string }) => void; secao: string }) {
  const { t } = useTranslation();
  const [busca, setBusca] = useState('');
  const produtos = useQuery({ queryKey: cardapioKeys.produtos(busca), queryFn: ({ signal }) => cardapioApi.produtos(busca, signal) });
  return (
    <Select
      size="xs"
      searchable
      clearable
      placeholder={t('cardapio.adicionarProduto')}
      aria-label={t('cardapio.adicionarProdutoEm', { secao })}
      nothingFoundMessage={produtos.isFetching ? t('app.carregando') : t('cardapio.nenhumProduto')}
      data={(produtos.data ?? []).map((p) => ({ value: p._id, label: p.codigo ? `${p.descricao} (${p.codigo})` : p.descricao }))}
      filter={({ options }) => options}
      searchValue={busca}
      onSearchChange={setBusca}
      value={null}
      onChange={(valor) => {
        const p = produtos.data?.find((x) => x._id === valor);
        if (p) onEscolher(p);
        setBusca('');
      }}
      data-testid={`secao-adicionar-${secao}`}
    />
  );
}

export function SecaoEditor({
  c,
  secao,
  indice,
  total,
  arrasto,
}: {
  c: Construtor;
  secao: SecaoRascunho;
  indice: number;
  total: number;
  arrasto: MutableRefObject<Arrasto>;
}) {
  const { t } = useTranslation();
  const [alvo, setAlvo] = useState(false);
  const erroNome = c.erro?.campos[`secoes.${indice}.nome`];

  const soltar = (e: DragEvent, posicao: number) => {
    const a = arrasto.current;
    if (!a) return;
    e.preventDefault();
    e.stopPropagation();
    setAlvo(false);
    arrasto.current = null;
    if (a.tipo === 'secao') c.moverSecao(a.indice, indice);
    else c.moverProduto({ secao: a.secao, indice: a.indice }, { secao: indice, indice: posicao });
  };

  return (
    <Card
      withBorder
      padding="sm"
      data-testid={`secao-${secao.nome}`}
      onDragOver={(e) => {
        if (!arrasto.current) return;
        e.preventDefault();
        setAlvo(true);
      }}
      onDragLeave={() => setAlvo(false)}
      onDrop={(e) => soltar(e, secao.produtos.length)}
      style={alvo ? { outline: '2px dashed var(--mantine-color-blue-5)' } : undefined}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Tooltip label={t('cardapio.arrastarSecao')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              draggable
              aria-label={t('cardapio.moverSecao', { secao: secao.nome })}
              onDragStart={(e) => {
                arrasto.current = { tipo: 'secao', indice };
                iniciar(e, secao.nome);
              }}
              onDragEnd={() => (arrasto.current = null)}
              onKeyDown={(e) => teclasDeMover(e, (d) => c.moverSecao(indice, indice + d))}
              style={{ cursor: 'grab' }}
              data-testid={`secao-arrastar-${secao.nome}`}
            >
              <IconGripVertical size={18} />
            </ActionIcon>
          </Tooltip>
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={t('cardapio.nomeSecao')}
            placeholder={t('cardapio.nomeSecao')}
            value={secao.nome}
            error={erroNome}
            onChange={(e) => c.alterarSecao(indice, { nome: e.currentTarget.value })}
          />
          <ActionIcon variant="subtle" aria-label={t('cardapio.subirSecao', { secao: secao.nome })} disabled={indice === 0} onClick={() => c.moverSecao(indice, indice - 1)}>
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label={t('cardapio.descerSecao', { secao: secao.nome })} disabled={indice === total - 1} onClick={() => c.moverSecao(indice, indice + 1)}>
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('cardapio.removerSecao', { secao: secao.nome })} onClick={() => c.removerSecao(indice)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <TextInput
          size="xs"
          aria-label={t('cardapio.descricaoSecao')}
          placeholder={t('cardapio.descricaoSecao')}
          value={secao.descricao}
          onChange={(e) => c.alterarSecao(indice, { descricao: e.currentTarget.value })}
        />
        {secao.produtos.length === 0 ? (
          <Text size="xs" c="dimmed" ta="center" py="xs">
            {t('cardapio.secaoVazia')}
          </Text>
        ) : (
          <Stack gap={4} role="list" aria-label={t('cardapio.produtosDaSecao', { secao: secao.nome })}>
            {secao.produtos.map((produto, j) => {
              const nome = c.nomes[produto] ?? t('app.carregando');
              return (
                <Group
                  key={produto}
                  role="listitem"
                  gap="xs"
                  wrap="nowrap"
                  px={4}
                  py={2}
                  style={{ borderRadius: 4, background: 'var(--mantine-color-default-hover)' }}
                  onDragOver={(e) => {
                    if (arrasto.current?.tipo === 'produto') e.preventDefault();
                  }}
                  onDrop={(e) => soltar(e, j)}
                  data-testid={`produto-${secao.nome}-${nome}`}
                >
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    draggable
                    aria-label={t('cardapio.moverProduto', { produto: nome })}
                    onDragStart={(e) => {
                      e.stopPropagation();
                      arrasto.current = { tipo: 'produto', secao: indice, indice: j };
                      iniciar(e, nome);
                    }}
                    onDragEnd={() => (arrasto.current = null)}
                    onKeyDown={(e) => teclasDeMover(e, (d) => c.moverProduto({ secao: indice, indice: j }, { secao: indice, indice: j + d }))}
                    style={{ cursor: 'grab' }}
                  >
                    <IconGripVertical size={14} />
                  </ActionIcon>
                  <Text size="sm" style={{ flex: 1 }} truncate>
                    {nome}
                  </Text>
                  <ActionIcon size="sm" variant="subtle" aria-label={t('cardapio.subirProduto', { produto: nome })} disabled={j === 0} onClick={() => c.moverProduto({ secao: indice, indice: j }, { secao: indice, indice: j - 1 })}>
                    <IconArrowUp size={14} />
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={t('cardapio.descerProduto', { produto: nome })}
                    disabled={j === secao.produtos.length - 1}
                    onClick={() => c.moverProduto({ secao: indice, indice: j }, { secao: indice, indice: j + 1 })}
                  >
                    <IconArrowDown size={14} />
                  </ActionIcon>
                  <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('cardapio.removerProduto', { produto: nome })} onClick={() => c.removerProduto(indice, j)}>
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              );
            })}
          </Stack>
        )}
        <ProdutoPicker secao={secao.nome} onEscolher={(p) => c.adicionarProduto(indice, p)} />
      </Stack>
    </Card>
  );
}
