import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProdutoEscolhido } from '../documentoForm.ts';
import { lerQuantidade } from '../formatoEstoque.ts';
import { ProdutoEstoqueInput } from '../ProdutoEstoqueInput.tsx';

export interface LinhaDigitada {
  chave: number;
  produto: ProdutoEscolhido | null;
  quantidade: string;
}

let proxima = 0;
export const linhaVazia = (produto: ProdutoEscolhido | null = null, quantidade = ''): LinhaDigitada => ({ chave: ++proxima, produto, quantidade });

/** The lines as the server reads them, or the message of the first wrong one (by index). */
export function linhasParaEnviar(linhas: readonly LinhaDigitada[]): { itens: { produto: string; quantidade: string }[]; erros: Record<number, string> } {
  const erros: Record<number, string> = {};
  const itens: { produto: string; quantidade: string }[] = [];
  linhas.forEach((l, i) => {
    if (!l.produto && !l.quantidade.trim()) return;
    const quantidade = lerQuantidade(l.quantidade);
    if (!l.produto) erros[i] = 'Escolha o produto.';
    else if (!quantidade) erros[i] = 'Informe uma quantidade maior que zero, com até 4 casas.';
    else itens.push({ produto: l.produto.id, quantidade });
  });
  return { itens, erros };
}

/** Product and quantity lines typed one under the other (a transfer, a request). */
export function LinhasProdutos({ linhas, onChange, erros, testid }: { linhas: LinhaDigitada[]; onChange: (l: LinhaDigitada[]) => void; erros: Record<number, string>; testid: string }) {
  const { t } = useTranslation();
  const mudar = (i: number, mudanca: Partial<LinhaDigitada>) => onChange(linhas.map((l, n) => (n === i ? { ...l, ...mudanca } : l)));
  return (
    <Stack gap="xs" data-testid={testid}>
      {linhas.map((l, i) => (
        <Group key={l.chave} align="flex-start" wrap="nowrap" gap="xs" data-testid={`${testid}-linha`}>
          <ProdutoEstoqueInput valor={l.produto} onChange={(produto) => mudar(i, { produto })} testid={`${testid}-produto`} w="60%" erro={erros[i] && !l.produto ? erros[i] : undefined} />
          <TextInput
            aria-label={t('transferencias.quantidade')}
            placeholder={t('transferencias.quantidade')}
            value={l.quantidade}
            onChange={(e) => mudar(i, { quantidade: e.currentTarget.value })}
            rightSection={l.produto?.unidade ? <Text size="xs">{l.produto.unidade}</Text> : null}
            rightSectionWidth={44}
            error={erros[i] && l.produto ? erros[i] : undefined}
            w={150}
            data-testid={`${testid}-quantidade`}
          />
          <ActionIcon variant="subtle" color="red" aria-label={t('transferencias.removerLinha')} onClick={() => onChange(linhas.filter((_, n) => n !== i))} mt={4}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...linhas, linhaVazia()])} data-testid={`${testid}-adicionar`}>
          {t('transferencias.adicionarLinha')}
        </Button>
      </Group>
    </Stack>
  );
}
