import { Alert, Button, Checkbox, Group, Loader, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rotuloDeRegistro } from '../../resources/format.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { useSetoresProdutos } from './useSetoresProdutos.ts';

const NENHUM = '__nenhum__';
const nome = (valor: unknown) => (valor && typeof valor === 'object' ? rotuloDeRegistro(valor as never) : '—');

/** produtoGeralSetorEmpresa: tick the company's products and send them to a print/production sector at once. */
export default function SetoresProdutosPage() {
  const { t } = useTranslation();
  const c = useSetoresProdutos((n) => t('setoresProdutos.aplicado', { count: n }));
  const setores = useOpcoesReferencia('setorImpressao');
  const producao = useOpcoesReferencia('setorImpressaoProducao');
  const [setor, setSetor] = useState<string | null>(null);
  const [setorProducao, setSetorProducao] = useState<string | null>(null);
  const escolha = (v: string | null) => (v === null ? undefined : v === NENHUM ? null : v);
  const opcoes = (data: { value: string; label: string }[] | undefined) => [{ value: NENHUM, label: t('setoresProdutos.nenhum') }, ...(data ?? [])];
  return (
    <Stack gap="lg" maw={1400} data-testid="setores-produtos">
      <div>
        <Title order={2}>{t('setoresProdutos.titulo')}</Title>
        <Text c="dimmed" size="sm">
          {t('setoresProdutos.explicacao')}
        </Text>
      </div>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput label={t('setoresProdutos.buscar')} leftSection={<IconSearch size={16} />} defaultValue={c.busca} onChange={(e) => c.buscar(e.currentTarget.value)} w={260} data-testid="setores-busca" />
          <Select label={t('setoresProdutos.setorImpressao')} data={opcoes(setores.data)} value={setor} onChange={setSetor} clearable placeholder={t('setoresProdutos.manter')} w={240} data-testid="setores-impressao" />
          <Select label={t('setoresProdutos.setorProducao')} data={opcoes(producao.data)} value={setorProducao} onChange={setSetorProducao} clearable placeholder={t('setoresProdutos.manter')} w={240} data-testid="setores-producao" />
          <Button
            disabled={c.marcados.size === 0 || (setor === null && setorProducao === null)}
            loading={c.aplicar.isPending}
            onClick={() => c.aplicar.mutate({ ...(setor !== null ? { setorImpressao: escolha(setor) } : {}), ...(setorProducao !== null ? { setorImpressaoProducao: escolha(setorProducao) } : {}) })}
            data-testid="setores-aplicar"
          >
            {t('setoresProdutos.aplicar', { count: c.marcados.size })}
          </Button>
        </Group>
      </Paper>
      {c.total > c.limite ? <Alert color="yellow">{t('setoresProdutos.muitos', { limite: c.limite, total: c.total })}</Alert> : null}
      {c.carregando ? (
        <Loader size={80} />
      ) : c.registros.length === 0 ? (
        <Alert>{t('setoresProdutos.vazio')}</Alert>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover data-testid="setores-tabela">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox aria-label={t('setoresProdutos.marcarTodos')} checked={c.todos} indeterminate={!c.todos && c.marcados.size > 0} onChange={c.alternarTodos} data-testid="setores-todos" />
                  </Table.Th>
                  <Table.Th>{t('setoresProdutos.produto')}</Table.Th>
                  <Table.Th>{t('setoresProdutos.setorImpressao')}</Table.Th>
                  <Table.Th>{t('setoresProdutos.setorProducao')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.registros.map((r) => (
                  <Table.Tr key={r._id} data-testid="setores-linha">
                    <Table.Td>
                      <Checkbox aria-label={nome(r.produtoGeral)} checked={c.marcados.has(r._id)} onChange={() => c.alternar(r._id)} />
                    </Table.Td>
                    <Table.Td>{nome(r.produtoGeral)}</Table.Td>
                    <Table.Td>{nome(r.setorImpressao)}</Table.Td>
                    <Table.Td>{nome(r.setorImpressaoProducao)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
