import { Alert, Button, Center, Grid, Group, List, Loader, MultiSelect, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { canaisVenda } from '@retaguarda/domain';
import { IconAlertTriangle, IconDeviceFloppy, IconPlus, IconWorldUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { cardapioApi, cardapioKeys } from './cardapioApi.ts';
import { DisponibilidadeEditor } from './DisponibilidadeEditor.tsx';
import { SecaoEditor, type Arrasto } from './SecaoEditor.tsx';
import { SituacaoPublicacao } from './SituacaoPublicacao.tsx';
import { useConstrutor } from './useConstrutor.ts';
import { VitrinePrevia } from './VitrinePrevia.tsx';
import { TituloSecao } from '../../resources/TituloSecao.tsx';

/**
 * criarCardapio: the visual menu builder. Sections and products are ordered by dragging (or with the
 * arrow buttons / Alt+↑↓ on a handle); the right side shows the menu as the customer sees it with
 * this company's prices, and publishing freezes that view as the next published version. The
 * "Publicado" view reads the published version as customers see it now (GET /api/cardapio/{_id}/vitrine:
 * what ran out of stock shows Esgotado), the same answer the QR code page gets.
 */
export default function CriarCardapioPage() {
  const { t } = useTranslation();
  const c = useConstrutor();
  const { pode } = usePermissoes();
  const arrasto = useRef<Arrasto>(null);
  const [novaSecao, setNovaSecao] = useState('');
  const [visao, setVisao] = useState<'rascunho' | 'publicado'>('rascunho');
  const podeEditar = c.id ? pode('cardapio', 'editar') : pode('cardapio', 'criar');
  const publicado = c.registro?.publicado ?? null;
  const empresa = useGeral((s) => s.empresa?._id);
  const aoVivo = useQuery({
    queryKey: cardapioKeys.publicado(empresa, c.id ?? ''),
    queryFn: ({ signal }) => cardapioApi.publicado(c.id!, signal),
    enabled: visao === 'publicado' && Boolean(c.id && publicado),
  });
  const ocupado = c.salvar.isPending || c.publicar.isPending;

  const adicionarSecao = () => {
    const nome = novaSecao.trim();
    if (!nome) return;
    c.adicionarSecao(nome);
    setNovaSecao('');
  };

  return (
    <Stack gap="md" data-testid="criar-cardapio">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('cardapio.titulo')}</Title>
          <Text size="sm" c="dimmed">
            {t('cardapio.explicacao')}
          </Text>
        </div>
        <Group gap="xs" align="flex-end">
          <Select
            label={t('cardapio.escolher')}
            placeholder={t('cardapio.escolherPlaceholder')}
            data={(c.lista.data ?? []).map((m) => ({ value: m._id, label: `${m.descricao} · ${m.situacao}` }))}
            value={c.id}
            onChange={c.escolher}
            searchable
            w={280}
            data-testid="cardapio-escolher"
          />
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={c.novo}>
            {t('cardapio.novoCardapio')}
          </Button>
        </Group>
      </Group>

      <Group justify="space-between">
        <SituacaoPublicacao situacao={c.registro?.situacao ?? null} publicado={publicado} alterado={c.alterado} />
        {podeEditar ? (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} loading={c.salvar.isPending} disabled={ocupado || (!c.alterado && Boolean(c.id))} onClick={() => c.salvar.mutate()} data-testid="cardapio-salvar">
              {t('cardapio.salvarRascunho')}
            </Button>
            <Button
              leftSection={<IconWorldUpload size={16} />}
              loading={c.publicar.isPending}
              disabled={ocupado || (!c.alterado && c.registro?.situacao === 'Publicado')}
              onClick={() => c.publicar.mutate()}
              data-testid="cardapio-publicar"
            >
              {t('cardapio.publicar')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('cardapio.somenteLeitura')}
          </Text>
        )}
      </Group>

      {c.erro ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="cardapio-erro">
          {c.erro.mensagem}
        </Alert>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
            <TextInput
              label={t('cardapio.descricao')}
              required
              value={c.rascunho.descricao}
              onChange={(e) => c.setDescricao(e.currentTarget.value)}
              error={c.erro?.campos.descricao}
              data-testid="cardapio-descricao"
            />
            <MultiSelect label={t('cardapio.canais')} data={[...canaisVenda]} value={c.rascunho.canais} onChange={c.setCanais} error={c.erro?.campos.canais} />
            <DisponibilidadeEditor c={c} />
            <Text size="xs" c="dimmed">
              {t('cardapio.ativoAjuda')}{' '}
              <Link to="/cardapio">{t('tela.cardapio')}</Link>
            </Text>
            {c.rascunho.secoes.map((secao, i) => (
              <SecaoEditor key={secao.chave} c={c} secao={secao} indice={i} total={c.rascunho.secoes.length} arrasto={arrasto} />
            ))}
            <Group gap="xs" align="flex-end">
              <TextInput
                style={{ flex: 1 }}
                label={t('cardapio.novaSecao')}
                placeholder={t('cardapio.novaSecaoPlaceholder')}
                value={novaSecao}
                onChange={(e) => setNovaSecao(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    adicionarSecao();
                  }
                }}
                data-testid="cardapio-nova-secao"
              />
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={adicionarSecao} disabled={!novaSecao.trim()} data-testid="cardapio-adicionar-secao">
                {t('cardapio.adicionarSecao')}
              </Button>
            </Group>
            {c.vitrine?.pendencias.length ? (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('cardapio.pendenciasTitulo')} data-testid="cardapio-pendencias">
                <List size="sm">
                  {c.vitrine.pendencias.map((p) => (
                    <List.Item key={`${p.secao}-${p.produto}`}>
                      {t('cardapio.pendencia', { produto: c.nomes[p.produto] ?? p.descricao, secao: p.secao, motivo: p.motivo })}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
            <Group justify="space-between">
              <TituloSecao>{t('cardapio.previa')}</TituloSecao>
              <SegmentedControl
                size="xs"
                value={visao}
                onChange={(v) => setVisao(v as 'rascunho' | 'publicado')}
                data={[
                  { value: 'rascunho', label: t('cardapio.verRascunho') },
                  { value: 'publicado', label: t('cardapio.verPublicado'), disabled: !publicado },
                ]}
                data-testid="cardapio-visao"
              />
            </Group>
            <Text size="xs" c="dimmed">
              {visao === 'rascunho' ? t('cardapio.previaAjuda') : t('cardapio.publicadoAjuda', { versao: publicado?.versao ?? 0 })}
            </Text>
            {visao === 'rascunho' && c.vitrineErro ? (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="cardapio-previa-erro">
                {t('cardapio.previaErro', { motivo: c.vitrineErro.message })}
              </Alert>
            ) : null}
            {visao === 'rascunho' ? (
              <VitrinePrevia titulo={c.rascunho.descricao} secoes={c.vitrine?.secoes ?? []} disponibilidade={c.rascunho.disponibilidade} />
            ) : aoVivo.error ? (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="cardapio-publicado-erro">
                {t('cardapio.publicadoErro', { motivo: aoVivo.error.message })}
              </Alert>
            ) : aoVivo.data ? (
              <VitrinePrevia titulo={aoVivo.data.descricao} secoes={aoVivo.data.secoes} disponibilidade={aoVivo.data.disponibilidade} />
            ) : publicado ? (
              <Center py="xl">
                <Loader size="sm" aria-label={t('cardapio.publicadoCarregando')} />
              </Center>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
