import { Group, Loader, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';

interface DetalheLote {
  itens: { produto: { _id: string; codigo: string; descricao: string }; antesTexto: string; depoisTexto: string }[];
}

/** The products of one batch with the value each had before (what undo puts back) and the one it got. */
export function ItensLote({ id }: { id: string }) {
  const { t } = useTranslation();
  const detalhe = useQuery({ queryKey: ['correcaoProdutos', 'lote', id], queryFn: ({ signal }) => api.get<DetalheLote>(`correcaoProdutos/lotes/${id}`, { signal }) });
  if (!detalhe.data) return detalhe.error ? <Text c="red">{detalhe.error.message}</Text> : <Loader size="sm" />;
  return (
    <Table withRowBorders={false} data-testid="lote-itens">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('correcaoProdutos.produto')}</Table.Th>
          <Table.Th>{t('edicaoEmMassa.antesDepois')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {detalhe.data.itens.map((i) => (
          <Table.Tr key={i.produto._id}>
            <Table.Td>{`${i.produto.codigo} - ${i.produto.descricao}`}</Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Text size="sm">{i.antesTexto}</Text>
                <IconArrowRight size={14} />
                <Text size="sm">{i.depoisTexto}</Text>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
