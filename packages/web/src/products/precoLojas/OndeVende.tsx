import { Anchor, Badge, Paper, Table, Text } from '@mantine/core';
import type { LojaDoProduto } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatCentavos } from '../../resources/format.ts';
import { useGeral } from '../../session/store.ts';
import { useTrocarEmpresa } from '../../session/useTrocarEmpresa.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';

const caminho = (id: string) => `/produtoGeralEmpresa?editar=${encodeURIComponent(id)}`;

/** Which stores sell the product and at what price; each links to its company product (another store: switching to it first). */
export function OndeVende({ lojas }: { lojas: LojaDoProduto[] }) {
  const { t } = useTranslation();
  const ativa = useGeral((s) => s.empresa?._id);
  const navigate = useNavigate();
  // Once in the store, its company product.
  const abrir = useTrocarEmpresa((empresa) => {
    const pe = lojas.find((l) => l._id === empresa._id)?.produtoEmpresa;
    if (pe) void navigate(caminho(pe._id));
  });
  const vendem = lojas.filter((l) => l.produtoEmpresa);
  return (
    <Paper withBorder p="sm" data-testid="onde-vende">
      <TituloSecao sub mb={4}>
        {t('precoLojas.ondeVende')}
      </TituloSecao>
      {vendem.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('precoLojas.naoVende')}
        </Text>
      ) : (
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('precoLojas.loja')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('precoLojas.preco')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('precoLojas.modosVenda')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {vendem.map((l) => {
              const pe = l.produtoEmpresa!;
              const rotulo = ativa === l._id ? t('precoLojas.abrir') : t('precoLojas.abrirNaLoja', { loja: l.nome });
              return (
                <Table.Tr key={l._id} data-testid="onde-vende-linha" data-loja={l.nome}>
                  <Table.Td>
                    {ativa === l._id ? (
                      <Anchor component={Link} to={caminho(pe._id)} aria-label={rotulo} size="sm">
                        {l.nome}
                      </Anchor>
                    ) : (
                      // Another store: an anchor that wraps on a phone like the other name, switching company first.
                      <Anchor component="button" type="button" size="sm" ta="left" aria-label={rotulo} disabled={abrir.isPending} onClick={() => abrir.mutate(l._id)}>
                        {l.nome}
                      </Anchor>
                    )}
                    {pe.ativo ? null : (
                      <Badge ml="xs" color="gray" variant="light" size="sm">
                        {t('precoLojas.inativo')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }} data-testid="onde-vende-preco">
                    {formatCentavos(pe.preco)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{pe.modosVenda.join(', ')}</Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
