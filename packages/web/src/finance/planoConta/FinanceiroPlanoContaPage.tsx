import { ActionIcon, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { findRecurso } from '@retaguarda/domain';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tela } from '../../resources/ResourceScreen.tsx';
import type { ResourceListController } from '../../resources/useResourceList.ts';
import { useArvorePlano } from '../movimentacao/financeiroApi.ts';

/** The chart as an indented tree: a node with children opens and closes; a click opens the generic form. */
function ArvorePlano({ lista }: { lista: ResourceListController }) {
  const { t } = useTranslation();
  const nos = useArvorePlano().data ?? [];
  const [fechados, setFechados] = useState<ReadonlySet<string>>(() => new Set());
  const comFilhos = new Set(nos.flatMap((n) => (n.pai ? [n.pai] : [])));
  // A node is shown while none of its ancestors is closed.
  const porId = new Map(nos.map((n) => [n._id, n]));
  const visivel = (pai: string | null): boolean => pai === null || (!fechados.has(pai) && visivel(porId.get(pai)?.pai ?? null));
  const alternar = (id: string) =>
    setFechados((f) => {
      const novo = new Set(f);
      if (!novo.delete(id)) novo.add(id);
      return novo;
    });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="plano-arvore">
      <Text fw={600} size="sm" mb="xs">
        {t('financeiroPlano.arvore')}
      </Text>
      <Stack gap={2}>
        {nos
          .filter((n) => visivel(n.pai))
          .map((n) => (
            <Group key={n._id} gap={4} wrap="nowrap" pl={n.nivel * 24} data-testid="plano-no">
              {comFilhos.has(n._id) ? (
                <ActionIcon size="sm" variant="subtle" onClick={() => alternar(n._id)} aria-label={t(fechados.has(n._id) ? 'financeiroPlano.abrir' : 'financeiroPlano.fechar', { nome: n.nome })} data-testid="plano-alternar">
                  {fechados.has(n._id) ? <IconChevronRight size={14} /> : <IconChevronDown size={14} />}
                </ActionIcon>
              ) : (
                <span style={{ width: 22 }} />
              )}
              <UnstyledButton onClick={() => lista.editar(n._id)} data-testid="plano-editar">
                <Text size="sm" fw={n.nivel === 0 ? 600 : 400} c={n.ativo ? undefined : 'dimmed'}>
                  {n.codigo} {n.nome}
                </Text>
              </UnstyledButton>
              <Badge size="xs" variant="light" color={n.natureza === 'Receita' ? 'teal' : n.natureza === 'Despesa' ? 'red' : 'gray'}>
                {n.natureza}
              </Badge>
            </Group>
          ))}
      </Stack>
    </Paper>
  );
}

/** financeiroPlanoConta: the tree above the generic list, the generic form for editing. */
export default function FinanceiroPlanoContaPage() {
  return <Tela recurso={findRecurso('financeiroPlanoConta')!} avisoLista={(lista) => <ArvorePlano lista={lista} />} />;
}
