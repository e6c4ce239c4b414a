import { Alert, Anchor, Badge, Group, List, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGeral } from '../../session/store.ts';
import { formatQtd } from '../formatoEstoque.ts';
import { textoDaFalta, useDisponibilidadeEstoque } from './disponibilidadeApi.ts';

/**
 * On the stock position: the products the menus, the kiosk and the QR code show as Esgotado because of
 * stock, with what each lacks in the sales location. Nothing when none (or when the company switched it off).
 */
export function PainelIndisponiveis() {
  const { t } = useTranslation();
  const { data } = useDisponibilidadeEstoque();
  const empresa = useGeral((s) => s.empresa?._id);
  if (!data?.indisponiveis.length) return null;
  const fmt = (q: string, u: string | null) => formatQtd(q, u);
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconBan />}
      title={t('estoqueDisponibilidade.titulo', { count: data.indisponiveis.length })}
      className="nao-imprimir"
      data-testid="estoque-indisponiveis"
    >
      <Text size="sm" mb="xs">
        {t('estoqueDisponibilidade.explicacao', { local: data.local?.descricao ?? '' })}
      </Text>
      <List size="sm" spacing={4}>
        {data.indisponiveis.map((p) => (
          <List.Item key={p.produto} data-testid="estoque-indisponivel">
            <Group gap={6} wrap="wrap">
              <Badge size="sm" color="gray" variant="filled">
                {p.motivo}
              </Badge>
              <Text size="sm" fw={600} span>
                {[p.codigo, p.descricao ?? p.produto].filter(Boolean).join(' - ')}
              </Text>
              <Text size="sm" c="dimmed" span data-testid="estoque-indisponivel-falta">
                {p.faltas.map((f) => textoDaFalta(p.produto, f, t, fmt)).join(' · ')}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        {t('estoqueDisponibilidade.desligar')}{' '}
        <Anchor component={Link} to={empresa ? `/empresa?editar=${encodeURIComponent(empresa)}` : '/empresa'} size="xs">
          {t('estoqueDisponibilidade.configuracoes')}
        </Anchor>
      </Text>
    </Alert>
  );
}
