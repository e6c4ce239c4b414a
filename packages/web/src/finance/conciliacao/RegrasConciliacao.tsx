import { ActionIcon, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { useOpcoesPlano } from '../movimentacao/financeiroApi.ts';
import { mensagemDeErro } from './conciliacaoApi.ts';
import type { useConciliacao } from './useConciliacao.ts';

/** The group's rules: memo contains a text (optionally credit or debit, this account) → a movement in a chart account. */
export function RegrasConciliacao({ m, conta }: { m: ReturnType<typeof useConciliacao>; conta: string }) {
  const { t } = useTranslation();
  const [texto, setTexto] = useState('');
  const [planoConta, setPlanoConta] = useState<string | null>(null);
  const [sinal, setSinal] = useState<string | null>(null);
  const [soEstaConta, setSoEstaConta] = useState<string>('todas');
  const planos = (useOpcoesPlano().data ?? []).filter((p) => p.ativo);
  const regras = m.regras.data ?? [];
  const erro = mensagemDeErro(m.criarRegra.error);
  const salvar = () =>
    m.criarRegra.mutate(
      { texto, planoConta: planoConta ?? '', sinal: (sinal || null) as 'credito' | 'debito' | null, conta: soEstaConta === 'esta' ? conta : null, descricao: null },
      {
        onSuccess: () => {
          setTexto('');
          setPlanoConta(null);
        },
      },
    );
  return (
    <SecaoRelatorio titulo={t('conciliacaoBancaria.regrasTitulo')} ajuda={t('conciliacaoBancaria.regrasExplicacao')}>
      {regras.length ? (
        <Table striped mb="sm" data-testid="conciliacao-regras">
          <Table.Tbody>
            {regras.map((r) => (
              <Table.Tr key={r._id} data-testid="conciliacao-regra">
                <Table.Td>{t('conciliacaoBancaria.regraTexto', { texto: r.texto, plano: r.planoContaNome ?? '—' })}</Table.Td>
                <Table.Td>{r.sinal ? t(`conciliacaoBancaria.sinal.${r.sinal}`) : t('conciliacaoBancaria.sinal.ambos')}</Table.Td>
                <Table.Td>{r.contaNome ?? t('conciliacaoBancaria.todasContas')}</Table.Td>
                <Table.Td w={40}>
                  <ActionIcon variant="subtle" color="red" onClick={() => m.removerRegra.mutate(r._id)} aria-label={t('conciliacaoBancaria.removerRegra', { texto: r.texto })}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label={t('conciliacaoBancaria.historicoContem')} value={texto} onChange={(e) => setTexto(e.currentTarget.value)} placeholder="TARIFA" maxLength={100} data-testid="conciliacao-regra-texto" />
        <Select label={t('conciliacaoBancaria.planoConta')} data={planos} value={planoConta} onChange={setPlanoConta} searchable w={260} data-testid="conciliacao-regra-plano" />
        <Select
          label={t('conciliacaoBancaria.sinalRotulo')}
          data={[
            { value: '', label: t('conciliacaoBancaria.sinal.ambos') },
            { value: 'debito', label: t('conciliacaoBancaria.sinal.debito') },
            { value: 'credito', label: t('conciliacaoBancaria.sinal.credito') },
          ]}
          value={sinal ?? ''}
          onChange={setSinal}
          w={150}
          allowDeselect={false}
        />
        <Select
          label={t('conciliacaoBancaria.contaRotulo')}
          data={[
            { value: 'todas', label: t('conciliacaoBancaria.todasContas') },
            { value: 'esta', label: t('conciliacaoBancaria.soEstaConta') },
          ]}
          value={soEstaConta}
          onChange={(v) => setSoEstaConta(v ?? 'todas')}
          w={180}
          allowDeselect={false}
        />
        <Button leftSection={<IconPlus size={18} />} onClick={salvar} loading={m.criarRegra.isPending} data-testid="conciliacao-regra-salvar">
          {t('conciliacaoBancaria.adicionarRegra')}
        </Button>
      </Group>
      {erro ? (
        <Text c="red" size="sm" mt="xs">
          {erro}
        </Text>
      ) : null}
    </SecaoRelatorio>
  );
}
