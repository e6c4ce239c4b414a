import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconDeviceDesktop, IconHelpCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { produtoGorjeta, produtoTaxaEntrega } from '../configuracao/produtos.ts';
import { modoCallCenter, useConfiguracao, type Registro } from '../configuracao/store.ts';
import { useEquipe } from '../configuracao/useEquipe.ts';
import { formatCentavos, formatData, rotuloDeRegistro } from '../resources/format.ts';
import { AjudaDaTela } from './AjudaDaTela.tsx';
import { abrirEsteComputador } from './EsteComputadorDialog.tsx';

function Linha({ rotulo, children, testId }: { rotulo: string; children: ReactNode; testId: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {rotulo}
      </Text>
      <Text size="sm" ta="right" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

/** This computer's terminal, its cashier's open period and what the configuration lists hold. */
function EsteComputador() {
  const { t } = useTranslation();
  const terminal = useConfiguracao((s) => s.terminalPadrao);
  const periodo = useConfiguracao((s) => s.periodo);
  const callCenter = useConfiguracao(modoCallCenter);
  const carregando = useConfiguracao((s) => s.carregando);
  const empresasCallCenter = useConfiguracao((s) => s.empresasCallCenter);
  const formas = useConfiguracao((s) => s.formasPagamento.length);
  const operadoras = useConfiguracao((s) => s.operadoras.length);
  const setores = useConfiguracao((s) => s.setoresImpressao.length);
  const agrupadores = useConfiguracao((s) => s.agrupadores.length);
  const produtos = useConfiguracao((s) => s.produtos.length);
  const impostos = useConfiguracao((s) => s.infoImpostos.length);
  const taxa = useConfiguracao(produtoTaxaEntrega);
  const gorjeta = useConfiguracao(produtoGorjeta);
  const equipe = useEquipe();
  const especial = (p: Registro | null) => (p ? `${rotuloDeRegistro(p.produtoGeral)} (${formatCentavos(Number(p.preco))})` : t('esteComputador.semProdutoEspecial'));
  const caixa = (terminal?.configuracoes as { caixa?: unknown } | undefined)?.caixa;

  return (
    <Stack gap={6} data-testid="painel-este-computador">
      <Group justify="space-between">
        <Title order={2} fz="md">
          <IconDeviceDesktop size={16} style={{ verticalAlign: 'middle', marginRight: 6 }} />
          {t('esteComputador.titulo')}
        </Title>
        <Anchor component="button" size="sm" onClick={abrirEsteComputador} data-testid="painel-escolher-terminal">
          {terminal ? t('esteComputador.trocar') : t('esteComputador.escolher')}
        </Anchor>
      </Group>
      <Linha rotulo={t('esteComputador.terminal')} testId="painel-terminal">
        {terminal ? `${rotuloDeRegistro(terminal)}${terminal.tipo ? ` (${String(terminal.tipo)})` : ''}` : t('esteComputador.nenhumTerminal')}
      </Linha>
      {terminal ? (
        <Linha rotulo={t('esteComputador.caixa')} testId="painel-caixa">
          {caixa ? rotuloDeRegistro(caixa) : t('esteComputador.semCaixa')}
        </Linha>
      ) : null}
      <Linha rotulo={t('esteComputador.periodo')} testId="painel-periodo">
        {callCenter ? (
          t('esteComputador.periodoCallCenter')
        ) : periodo.aberto ? (
          <Badge color="teal" variant="light" tt="none" radius="sm">
            {t('esteComputador.periodoAberto', { data: periodo.dataAbertura ? formatData(periodo.dataAbertura) : '' })}
          </Badge>
        ) : terminal && caixa ? (
          t('esteComputador.periodoFechado')
        ) : (
          '—'
        )}
      </Linha>
      {callCenter ? (
        <Linha rotulo={t('esteComputador.callCenter')} testId="painel-call-center">
          {empresasCallCenter.map((e) => rotuloDeRegistro(e)).join(', ') || '—'}
        </Linha>
      ) : null}
      <Text size="xs" c="dimmed" data-testid="painel-listas">
        {carregando ? t('esteComputador.carregando') : t('esteComputador.listas', { formas, operadoras, setores, agrupadores })}
      </Text>
      {carregando ? null : (
        <Text size="xs" c="dimmed" data-testid="painel-produtos">
          {t('esteComputador.produtos', { produtos, impostos, taxa: especial(taxa), gorjeta: especial(gorjeta) })}
        </Text>
      )}
      {carregando ? null : (
        <Text size="xs" c="dimmed" data-testid="painel-equipe">
          {t('esteComputador.equipe', { funcionarios: equipe.funcionarios.length, entregadores: equipe.entregadores.length })}
        </Text>
      )}
    </Stack>
  );
}

/** Right drawer: this computer's terminal and period; says plainly what else will appear here. */
export function ContextPanel() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="painel-contexto">
      <EsteComputador />
      <Stack gap={4}>
        <Title order={2} fz="md">
          <IconBell size={16} style={{ verticalAlign: 'middle', marginRight: 6 }} />
          {t('shell.notificacoes')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('shell.notificacoesTexto')}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Title order={2} fz="md">
          <IconHelpCircle size={16} style={{ verticalAlign: 'middle', marginRight: 6 }} />
          {t('shell.ajuda')}
        </Title>
        <AjudaDaTela />
      </Stack>
    </Stack>
  );
}
