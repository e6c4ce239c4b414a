import { Group, Paper, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { tiposIbpt } from '@retaguarda/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LINHAS_NA_TELA } from './olhoNoImpostoApi.ts';
import type { useOlhoNoImposto } from './useOlhoNoImposto.ts';
import { TituloSecao } from '../resources/TituloSecao.tsx';

/** "13.45" → "13,45%": the file's exact text, in Brazilian notation. */
const pct = (v: string) => `${v.replace('.', ',')}%`;

export function IbptConsulta({ c }: { c: ReturnType<typeof useOlhoNoImposto> }) {
  const { t } = useTranslation();
  const [texto, setTexto] = useState(c.busca);
  const aplicar = useDebouncedCallback((valor: string) => c.setConsulta('busca', valor), 300);
  const ufsImportadas = [...new Set((c.versoes.data ?? []).map((v) => v.uf))];
  if (ufsImportadas.length === 0) return null;
  const dados = c.linhas.data;
  return (
    <Paper withBorder p="md">
      <TituloSecao mb="sm">
        {t('ibpt.consultaTitulo')}
      </TituloSecao>
      <Group mb="sm" align="flex-end">
        <TextInput
          label={t('ibpt.buscar')}
          placeholder={t('ibpt.buscarPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={texto}
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            aplicar(e.currentTarget.value);
          }}
          style={{ flex: 1 }}
          data-testid="ibpt-busca"
        />
        <Select label={t('ibpt.uf')} data={ufsImportadas} value={c.ufConsulta || null} onChange={(v) => c.setConsulta('uf', v ?? '')} clearable placeholder={t('ibpt.todas')} w={140} />
      </Group>
      {dados ? (
        <>
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover data-testid="ibpt-linhas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ibpt.uf')}</Table.Th>
                  <Table.Th>{t('ibpt.codigo')}</Table.Th>
                  <Table.Th>{t('ibpt.ex')}</Table.Th>
                  <Table.Th>{t('ibpt.tipo')}</Table.Th>
                  <Table.Th>{t('ibpt.descricao')}</Table.Th>
                  <Table.Th ta="right">{t('ibpt.federal')}</Table.Th>
                  <Table.Th ta="right">{t('ibpt.importados')}</Table.Th>
                  <Table.Th ta="right">{t('ibpt.estadual')}</Table.Th>
                  <Table.Th ta="right">{t('ibpt.municipal')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {dados.linhas.map((l) => (
                  <Table.Tr key={l._id} data-testid="ibpt-linha">
                    <Table.Td>{l.uf}</Table.Td>
                    <Table.Td ff="monospace">{l.codigo}</Table.Td>
                    <Table.Td>{l.ex}</Table.Td>
                    <Table.Td>{tiposIbpt[l.tipo]}</Table.Td>
                    <Table.Td maw={360}>
                      <Text size="sm" truncate title={l.descricao}>
                        {l.descricao}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{pct(l.nacionalfederal)}</Table.Td>
                    <Table.Td ta="right">{pct(l.importadosfederal)}</Table.Td>
                    <Table.Td ta="right">{pct(l.estadual)}</Table.Td>
                    <Table.Td ta="right">{pct(l.municipal)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed" mt="xs" data-testid="ibpt-total">
            {dados.total > LINHAS_NA_TELA
              ? t('ibpt.mostrandoDe', { n: LINHAS_NA_TELA, total: dados.total.toLocaleString('pt-BR') })
              : t('ibpt.encontradas', { count: dados.total })}
          </Text>
        </>
      ) : null}
    </Paper>
  );
}
