import { ActionIcon, Checkbox, Group, MultiSelect, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { conjuntosDeDados, type ConjuntoDeDados, type DefinicaoRelatorio, type Dimensao } from '@retaguarda/domain';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReferenciasInput, useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import type { MudancaDefinicao } from './useDefinicaoNaUrl.ts';

interface Props {
  definicao: DefinicaoRelatorio;
  alterar: (mudanca: MudancaDefinicao) => void;
}

/** Ticking a column adds it after the others of its kind: dimensions (in the order clicked) first, then measures. */
function alternar(colunas: readonly string[], nome: string, marcada: boolean, ehDimensao: (c: string) => boolean) {
  if (!marcada) return colunas.filter((c) => c !== nome);
  const dimensoes = colunas.filter(ehDimensao);
  const medidas = colunas.filter((c) => !ehDimensao(c));
  return ehDimensao(nome) ? [...dimensoes, nome, ...medidas] : [...dimensoes, ...medidas, nome];
}

/**
 * The values one dimension may be filtered by: fixed choices, the user's companies, or a register's
 * records (searched on the server when there are many, as the forms' reference pickers do).
 */
function ValoresDoFiltro({ nome, dimensao, valores, onChange }: { nome: string; dimensao: Dimensao; valores: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation();
  const origem = dimensao.filtro!;
  const empresas = useOpcoesReferencia(origem.tipo === 'empresa' ? 'empresa' : undefined);
  if (origem.tipo === 'recurso') {
    return (
      <div style={{ flex: 1, minWidth: 240 }}>
        <ReferenciasInput alvo={origem.recurso} nome={`criado-filtro-${nome}`} campo={{ rotulo: dimensao.rotulo, tipo: 'referencias' }} label={dimensao.rotulo} valor={valores} onChange={(v) => onChange(v as string[])} />
      </div>
    );
  }
  const data = origem.tipo === 'opcoes' ? origem.opcoes.map((o) => ({ value: o.valor, label: o.rotulo })) : (empresas.data ?? []);
  return (
    <MultiSelect
      label={dimensao.rotulo}
      placeholder={valores.length ? undefined : t('relatoriosCriados.escolhaValores')}
      data={data}
      value={valores}
      onChange={onChange}
      searchable
      clearable
      miw={240}
      style={{ flex: 1 }}
      data-testid={`campo-criado-filtro-${nome}`}
    />
  );
}

/** The builder: data set, columns (dimensions and measures), filters, subtotal, order, cancellations. */
export function Construtor({ definicao, alterar }: Props) {
  const { t } = useTranslation();
  const conjunto: ConjuntoDeDados = conjuntosDeDados[definicao.conjunto];
  const dimensoes = Object.entries(conjunto.dimensoes);
  const medidas = Object.entries(conjunto.medidas);
  const escolhidas = definicao.colunas.filter((c) => Object.hasOwn(conjunto.dimensoes, c));
  const rotuloDe = (c: string) => conjunto.dimensoes[c]?.rotulo ?? conjunto.medidas[c]?.rotulo ?? c;
  // From the newest definition, not this render's: a second quick click must keep the first.
  const marcar = (nome: string, marcada: boolean) =>
    alterar((atual) => {
      const colunas = alternar(atual.colunas, nome, marcada, (c) => Object.hasOwn(conjuntosDeDados[atual.conjunto].dimensoes, c));
      // A column taken out takes its subtotal and its order with it.
      return {
        colunas,
        agrupamento: atual.agrupamento && colunas.includes(atual.agrupamento) ? atual.agrupamento : null,
        ordenacao: atual.ordenacao.filter((o) => colunas.includes(o.coluna)),
      };
    });
  const filtraveis = dimensoes.filter(([, d]) => d.filtro);
  const ordem = definicao.ordenacao[0];
  return (
    <Paper withBorder p="md" radius="md" className="nao-imprimir" data-testid="criado-construtor">
      <Stack gap="md">
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('relatoriosCriados.conjunto')}
            data={Object.entries(conjuntosDeDados).map(([nome, c]) => ({ value: nome, label: c.rotulo }))}
            value={definicao.conjunto}
            allowDeselect={false}
            onChange={(v) => {
              if (!v || v === definicao.conjunto) return;
              const novo = conjuntosDeDados[v as DefinicaoRelatorio['conjunto']];
              // Keep the columns the new data set also has; filters and order start over.
              const colunas = definicao.colunas.filter((c) => Object.hasOwn(novo.dimensoes, c) || Object.hasOwn(novo.medidas, c));
              alterar({ conjunto: v as DefinicaoRelatorio['conjunto'], colunas, filtros: [], agrupamento: null, ordenacao: [] });
            }}
            w={220}
            data-testid="criado-conjunto"
          />
          <Text size="sm" c="dimmed" style={{ flex: 1 }} pb={8}>
            {conjunto.descricao}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap={6}>
            <Text fw={600} size="sm">
              {t('relatoriosCriados.dimensoes')}
            </Text>
            <Group gap="md">
              {dimensoes.map(([nome, d]) => (
                <Checkbox key={nome} label={d.rotulo} checked={definicao.colunas.includes(nome)} onChange={(e) => marcar(nome, e.currentTarget.checked)} data-testid={`criado-coluna-${nome}`} />
              ))}
            </Group>
          </Stack>
          <Stack gap={6}>
            <Text fw={600} size="sm">
              {t('relatoriosCriados.medidas')}
            </Text>
            <Group gap="md">
              {medidas.map(([nome, m]) => (
                <Checkbox key={nome} label={m.rotulo} checked={definicao.colunas.includes(nome)} onChange={(e) => marcar(nome, e.currentTarget.checked)} data-testid={`criado-coluna-${nome}`} />
              ))}
            </Group>
          </Stack>
        </SimpleGrid>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('relatoriosCriados.adicionarFiltro')}
            placeholder={t('relatoriosCriados.escolhaDimensao')}
            data={filtraveis.filter(([nome]) => !definicao.filtros.some((f) => f.dimensao === nome)).map(([nome, d]) => ({ value: nome, label: d.rotulo }))}
            value={null}
            onChange={(v) => v && alterar({ filtros: [...definicao.filtros, { dimensao: v, valores: [] }] })}
            w={220}
            data-testid="criado-adicionar-filtro"
          />
          <Select
            label={t('relatoriosCriados.subtotal')}
            placeholder={t('relatoriosCriados.semSubtotal')}
            data={escolhidas.map((c) => ({ value: c, label: rotuloDe(c) }))}
            value={definicao.agrupamento}
            onChange={(v) => alterar({ agrupamento: v })}
            clearable
            w={200}
            data-testid="criado-subtotal"
          />
          <Select
            label={t('relatoriosCriados.ordenarPor')}
            placeholder={t('relatoriosCriados.ordemPadrao')}
            data={definicao.colunas.map((c) => ({ value: c, label: rotuloDe(c) }))}
            value={ordem?.coluna ?? null}
            onChange={(v) => alterar({ ordenacao: v ? [{ coluna: v, direcao: ordem?.direcao ?? 'desc' }] : [] })}
            clearable
            w={230}
            data-testid="criado-ordenar"
          />
          <SegmentedControl
            disabled={!ordem}
            value={ordem?.direcao ?? 'desc'}
            onChange={(v) => ordem && alterar({ ordenacao: [{ coluna: ordem.coluna, direcao: v as 'asc' | 'desc' }] })}
            data={[
              { value: 'asc', label: t('relatoriosCriados.crescente') },
              { value: 'desc', label: t('relatoriosCriados.decrescente') },
            ]}
          />
          <Switch
            label={t('relatoriosCriados.incluirCancelados')}
            checked={definicao.incluirCancelados}
            onChange={(e) => alterar({ incluirCancelados: e.currentTarget.checked })}
            pb={8}
            data-testid="criado-cancelados"
          />
        </Group>
        {definicao.filtros.map((f, i) => (
          <Group key={f.dimensao} align="flex-end" wrap="nowrap">
            <ValoresDoFiltro
              nome={f.dimensao}
              dimensao={conjunto.dimensoes[f.dimensao]!}
              valores={f.valores}
              onChange={(valores) => alterar({ filtros: definicao.filtros.map((g, j) => (j === i ? { ...g, valores } : g)) })}
            />
            <ActionIcon variant="subtle" color="gray" mb={4} aria-label={t('relatoriosCriados.tirarFiltro')} onClick={() => alterar({ filtros: definicao.filtros.filter((_, j) => j !== i) })}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
