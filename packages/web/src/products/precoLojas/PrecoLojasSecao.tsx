import { Checkbox, Divider, Group, Paper, Radio, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modosVenda, type LojaDoProduto } from '@retaguarda/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CampoInput } from '../../resources/CampoInput.tsx';
import type { ResourceFormController } from '../../resources/useResourceForm.ts';
import { usePermissoes } from '../../session/permissoes.ts';
import { useLojasDoProduto } from './api.ts';
import { estadoInicial, lojasAlvo, paraEnvio, type EstadoLojas, type ModoLojas } from './estado.ts';
import { OndeVende } from './OndeVende.tsx';

/** The product being edited (?editar=id), not the source of a copy (?duplicar=id): only it has stores to show. */
function useProdutoEditado(form: ResourceFormController): string | undefined {
  const [params] = useSearchParams();
  return form.registro && params.get('editar') === form.registro._id ? (form.registro._id as string) : undefined;
}

/**
 * The product form's "Preço nas lojas" (issue 13): price, sale modes and each store's taxes for all
 * the user's stores or the chosen ones, sent with the product's own save (one transaction on the server).
 */
export function PrecoLojasSecao({ form }: { form: ResourceFormController }) {
  const { t } = useTranslation();
  const lojas = useLojasDoProduto(useProdutoEditado(form));
  // Without the rights on Produtos da empresa the server would refuse the section: not offered.
  const { pode } = usePermissoes();
  if (!pode('produtoGeralEmpresa', 'criar') && !pode('produtoGeralEmpresa', 'editar')) return null;
  if (lojas.isPending) return <Text size="sm" c="dimmed">{t('precoLojas.carregando')}</Text>;
  if (!lojas.data) return null;
  return <Campos form={form} lojas={lojas.data} />;
}

/** At the top of an existing product's form (read-only too): which stores sell it and at what price. */
export function OndeVendeDoProduto({ form }: { form: ResourceFormController }) {
  const produto = useProdutoEditado(form);
  const lojas = useLojasDoProduto(produto);
  return produto && lojas.data ? <OndeVende lojas={lojas.data} /> : null;
}

function Campos({ form, lojas }: { form: ResourceFormController; lojas: LojaDoProduto[] }) {
  const { t } = useTranslation();
  const [estado, setEstado] = useState<EstadoLojas>(() => estadoInicial(lojas));
  const { setAnexo, erros } = form;
  useEffect(() => setAnexo('lojas', paraEnvio(estado, lojas)), [estado, lojas, setAnexo]);
  const mudar = (m: Partial<EstadoLojas>) => setEstado((e) => ({ ...e, ...m }));
  const erroLojas = Object.entries(erros).find(([k]) => k === 'lojas.empresas' || k.startsWith('lojas.empresas.'))?.[1];
  const erroDaLoja = (id: string, campo: string) => erros[`lojas.${id}.${campo}`];
  const erroPreco = erros['lojas.preco'] ?? lojas.map((l) => erroDaLoja(l._id, 'preco')).find(Boolean);
  const erroModos = Object.entries(erros).find(([k]) => k.startsWith('lojas.modosVenda') || /^lojas\.[^.]+\.modosVenda/.test(k))?.[1];

  return (
    <Stack gap="sm" data-testid="preco-lojas">
      <Divider />
      <Title order={3} size="h4">{t('precoLojas.titulo')}</Title>
      <Text size="sm" c="dimmed">
        {t('precoLojas.explicacao')}
      </Text>
      <Radio.Group label={t('precoLojas.lojas')} value={estado.modo} onChange={(v) => mudar({ modo: v as ModoLojas })} error={estado.modo === 'todas' ? erroLojas : undefined}>
        <Group gap="md" mt={6}>
          <Radio value="nao" label={t('precoLojas.nao')} data-testid="preco-lojas-nao" />
          <Radio value="todas" label={t('precoLojas.todas')} data-testid="preco-lojas-todas" />
          <Radio value="escolher" label={t('precoLojas.escolher')} data-testid="preco-lojas-escolher" />
        </Group>
      </Radio.Group>
      {estado.modo === 'escolher' ? (
        <Checkbox.Group value={estado.escolhidas} onChange={(v) => mudar({ escolhidas: v })} error={erroLojas} description={t('precoLojas.escolhaLojas')}>
          <Group gap="md" mt={6}>
            {lojas.map((l) => (
              <Checkbox key={l._id} value={l._id} label={l.nome} data-testid="preco-lojas-loja" />
            ))}
          </Group>
        </Checkbox.Group>
      ) : null}
      {estado.modo === 'nao' ? null : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CampoInput nome="lojas.preco" campo={{ rotulo: t('precoLojas.preco'), tipo: 'dinheiro' }} valor={estado.preco} erro={erroPreco} onChange={(v) => mudar({ preco: String(v ?? '') })} obrigatorio />
            <CampoInput nome="lojas.modosVenda" campo={{ rotulo: t('precoLojas.modosVenda'), tipo: 'opcoes', opcoes: modosVenda }} valor={estado.modosVenda} erro={erroModos} onChange={(v) => mudar({ modosVenda: (v as string[]) ?? [] })} />
          </SimpleGrid>
          {lojasAlvo(estado, lojas).map((l) => (
            <Paper key={l._id} withBorder p="sm" data-testid="preco-lojas-impostos" data-loja={l.nome}>
              <Text size="sm" fw={600} mb={4}>
                {t('precoLojas.impostosDe', { loja: l.nome })}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {(['configuracaoImposto', 'impostoFederal'] as const).map((campo) => {
                  const opcoes = campo === 'configuracaoImposto' ? l.impostosEstaduais : l.impostosFederais;
                  return (
                    <Select
                      key={campo}
                      label={t(campo === 'configuracaoImposto' ? 'precoLojas.icms' : 'precoLojas.pisCofins')}
                      data={opcoes.map((o) => ({ value: o._id, label: o.descricao }))}
                      value={estado.impostos[l._id]?.[campo] ?? null}
                      onChange={(v) => mudar({ impostos: { ...estado.impostos, [l._id]: { configuracaoImposto: null, impostoFederal: null, ...estado.impostos[l._id], [campo]: v } } })}
                      placeholder={opcoes.length ? t('precoLojas.nenhum') : t('precoLojas.semOpcoes')}
                      error={erroDaLoja(l._id, campo)}
                      clearable
                      searchable
                      comboboxProps={{ withinPortal: true }}
                      data-testid={`preco-lojas-${campo}`}
                    />
                  );
                })}
              </SimpleGrid>
            </Paper>
          ))}
        </>
      )}
    </Stack>
  );
}
