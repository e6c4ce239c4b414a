import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PendenciaEstoque } from '@retaguarda/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../app/ConfirmDialog.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { dataHora, formatQtd } from '../formatoEstoque.ts';
import { linksDaPendencia, useFecharPendencia, usePendenciasEstoque } from './pendenciasApi.ts';

const dia = (iso: string) => dataHora(iso).slice(0, 10);

/** The period of a pendência's sales: one day, or from … to …. */
function periodo(p: PendenciaEstoque, t: (k: string, o?: Record<string, unknown>) => string) {
  const [de, ate] = [dia(p.primeiraVendaEm), dia(p.ultimaVendaEm)];
  return de === ate ? t('estoquePendencias.emDia', { dia: de }) : t('estoquePendencias.periodo', { de, ate });
}

function Pendencia({ p, podeFechar, fechar }: { p: PendenciaEstoque; podeFechar: boolean; fechar: (acao: 'reprocessar' | 'descartar') => void }) {
  const { t } = useTranslation();
  const links = linksDaPendencia(p);
  const nome = p.tipo === 'semLocal' ? t('estoquePendencias.semLocalTitulo') : `${p.codigo ? `${p.codigo} - ` : ''}${p.descricao ?? p.produto}`;
  const detalhe = [
    t('estoquePendencias.vendas', { count: p.vendas }),
    p.tipo === 'semFicha' ? t('estoquePendencias.semBaixa', { quantidade: formatQtd(p.quantidade, p.unidade) }) : null,
    periodo(p, t),
  ].filter(Boolean);
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" data-testid="estoque-pendencia" data-tipo={p.tipo}>
      <Stack gap={0} style={{ flex: '1 1 320px', minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm" data-testid="estoque-pendencia-nome">
            {nome}
          </Text>
          {p.resolvida ? (
            <Badge color="teal" variant="light" data-testid="estoque-pendencia-corrigida">
              {t('estoquePendencias.corrigida')}
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" data-testid="estoque-pendencia-causa">
          {t(`estoquePendencias.causa_${p.tipo}`)}
        </Text>
        <Text size="xs" data-testid="estoque-pendencia-detalhe">
          {detalhe.join(' · ')}
        </Text>
      </Stack>
      <Group gap="xs" wrap="wrap">
        {p.resolvida ? (
          podeFechar ? (
            <>
              <Button size="xs" color="teal" onClick={() => fechar('reprocessar')} data-testid="estoque-pendencia-reprocessar">
                {t('estoquePendencias.reprocessar')}
              </Button>
              <Button size="xs" variant="default" onClick={() => fechar('descartar')} data-testid="estoque-pendencia-descartar">
                {t('estoquePendencias.descartar')}
              </Button>
            </>
          ) : null
        ) : 'local' in links ? (
          <Anchor component={Link} to={links.local} size="sm" data-testid="estoque-pendencia-local">
            {t('estoquePendencias.cadastrarLocal')}
          </Anchor>
        ) : (
          <>
            <Anchor component={Link} to={links.ficha} size="sm" data-testid="estoque-pendencia-ficha">
              {p.fichaId ? t('estoquePendencias.abrirFicha') : t('estoquePendencias.criarFicha')}
            </Anchor>
            <Anchor component={Link} to={links.produtoEmpresa} size="sm" data-testid="estoque-pendencia-produto">
              {t('estoquePendencias.controlarEstoque')}
            </Anchor>
          </>
        )}
      </Group>
    </Group>
  );
}

/**
 * The stock pending issues of the active company on the stock screens: what the sales could not take
 * out, with where to fix it; once fixed, post the missing consumption or write it off. Nothing when none.
 */
export function PainelPendenciasEstoque() {
  const { t } = useTranslation();
  const { pode } = usePermissoes();
  const { data } = usePendenciasEstoque();
  const [confirmar, setConfirmar] = useState<{ p: PendenciaEstoque; acao: 'reprocessar' | 'descartar' } | null>(null);
  const fechar = useFecharPendencia(
    (r) => {
      setConfirmar(null);
      notifications.show({ color: 'green', message: r.fechamento === 'reprocessada' ? t('estoquePendencias.reprocessadaOk', { count: r.vendas, movimentos: r.movimentos }) : t('estoquePendencias.descartadaOk', { count: r.vendas }) });
    },
    (e) => {
      setConfirmar(null);
      notifications.show({ color: 'red', message: e.message });
    },
  );
  if (!data?.pendencias.length) return null;
  const { abertas, pendencias } = data;
  const corrigidas = pendencias.length - abertas;
  const nome = (p: PendenciaEstoque) => (p.tipo === 'semLocal' ? t('estoquePendencias.semLocalTitulo') : (p.descricao ?? p.produto));
  return (
    <Alert
      id="pendencias-estoque"
      color={abertas ? 'orange' : 'teal'}
      variant="light"
      icon={<IconAlertTriangle />}
      title={abertas ? t('estoquePendencias.titulo', { count: abertas }) : t('estoquePendencias.tituloCorrigidas', { count: corrigidas })}
      className="nao-imprimir"
      data-testid="estoque-pendencias"
    >
      <Stack gap="sm">
        <Text size="sm">{abertas ? t('estoquePendencias.explicacao') : t('estoquePendencias.explicacaoCorrigidas')}</Text>
        {pendencias.map((p) => (
          <Pendencia key={p._id} p={p} podeFechar={pode('estoqueFichaTecnica', 'editar')} fechar={(acao) => setConfirmar({ p, acao })} />
        ))}
      </Stack>
      <ConfirmDialog
        opened={confirmar !== null}
        title={confirmar?.acao === 'descartar' ? t('estoquePendencias.descartarTitulo') : t('estoquePendencias.reprocessarTitulo')}
        okLabel={confirmar?.acao === 'descartar' ? t('estoquePendencias.descartar') : t('estoquePendencias.reprocessar')}
        cancelLabel={t('estoquePendencias.voltar')}
        okColor={confirmar?.acao === 'descartar' ? 'red' : 'teal'}
        okLoading={fechar.isPending}
        onCancel={() => setConfirmar(null)}
        onOk={() => confirmar && fechar.mutate({ id: confirmar.p._id, acao: confirmar.acao })}
        testIds={{ dialogo: 'estoque-pendencia-dialogo', ok: 'estoque-pendencia-ok', cancelar: 'estoque-pendencia-voltar' }}
      >
        {confirmar
          ? confirmar.acao === 'descartar'
            ? t('estoquePendencias.descartarTexto', { count: confirmar.p.vendas, produto: nome(confirmar.p) })
            : t('estoquePendencias.reprocessarTexto', { count: confirmar.p.vendas, produto: nome(confirmar.p) })
          : ''}
      </ConfirmDialog>
    </Alert>
  );
}
