import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { camposEdicaoEmMassa, nomesCamposEdicaoEmMassa, origensMercadoria, rotulosOrigem, type CampoEdicaoEmMassa, type ModoAjuste } from '@retaguarda/domain';
import { IconEye, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCentavos } from '../../resources/format.ts';
import { ReferenciaInput } from '../../resources/ReferenciaInput.tsx';
import type { Edicao, Selecao } from './useEdicaoEmMassa.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';

interface Props {
  marcados: readonly string[];
  carregando: boolean;
  onPrevia: (edicao: Edicao, selecao: Selecao) => void;
}

/**
 * What to change and on which products: the rows ticked in the checker, or every active product
 * matching a search/agrupador; then the field and its new value (or a percentage for money).
 */
export function EdicaoEmMassaForm({ marcados, carregando, onPrevia }: Props) {
  const { t } = useTranslation();
  const [alcance, setAlcance] = useState<'marcados' | 'busca'>('marcados');
  const [busca, setBusca] = useState('');
  const [agrupador, setAgrupador] = useState('');
  const [campo, setCampo] = useState<CampoEdicaoEmMassa>('ncm');
  const [modo, setModo] = useState<ModoAjuste>('valor');
  const [valor, setValor] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const def = camposEdicaoEmMassa[campo];
  const dinheiro = def.tipo === 'dinheiro';
  const porPercentual = dinheiro && modo !== 'valor';

  const trocarCampo = (novo: CampoEdicaoEmMassa) => {
    setCampo(novo);
    setModo('valor');
    setValor('');
    setErro(null);
  };

  const pedir = () => {
    const edicao: Edicao = { campo, modo: dinheiro ? modo : 'valor' };
    if (porPercentual) edicao.percentual = valor;
    else if (dinheiro) {
      const centavos = parseCentavos(valor);
      if (typeof centavos !== 'number') return setErro(t('edicaoEmMassa.valorInvalido'));
      edicao.valor = centavos;
    } else edicao.valor = valor === '' ? null : valor;
    setErro(null);
    const selecao: Selecao = alcance === 'marcados' ? { produtos: [...marcados] } : { ...(busca.trim() ? { busca: busca.trim() } : {}), ...(agrupador ? { agrupador } : {}) };
    onPrevia(edicao, selecao);
  };

  const semAlcance = alcance === 'marcados' ? marcados.length === 0 : !busca.trim() && !agrupador;
  return (
    <Paper withBorder p="md" radius="md" data-testid="edicao-em-massa">
      <Stack gap="sm">
        <TituloSecao>{t('edicaoEmMassa.titulo')}</TituloSecao>
        <Group align="flex-end" wrap="wrap">
          <SegmentedControl
            value={alcance}
            onChange={(v) => setAlcance(v as typeof alcance)}
            data={[
              { value: 'marcados', label: t('edicaoEmMassa.marcados', { count: marcados.length }) },
              { value: 'busca', label: t('edicaoEmMassa.porBusca') },
            ]}
            data-testid="edicao-alcance"
          />
          {alcance === 'busca' ? (
            <>
              <TextInput label={t('edicaoEmMassa.busca')} leftSection={<IconSearch size={16} />} value={busca} onChange={(e) => setBusca(e.currentTarget.value)} w={220} data-testid="edicao-busca" />
              <div style={{ width: 220 }}>
                <ReferenciaInput nome="edicao-agrupador" label={t('edicaoEmMassa.agrupador')} campo={{ rotulo: t('edicaoEmMassa.agrupador'), tipo: 'referencia' }} alvo="agrupador" valor={agrupador} onChange={(v) => setAgrupador(String(v ?? ''))} />
              </div>
            </>
          ) : null}
        </Group>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('edicaoEmMassa.campo')}
            data={nomesCamposEdicaoEmMassa.map((c) => ({ value: c, label: camposEdicaoEmMassa[c].recurso === 'produtoGeralEmpresa' ? t('edicaoEmMassa.daEmpresa', { rotulo: camposEdicaoEmMassa[c].rotulo }) : camposEdicaoEmMassa[c].rotulo }))}
            value={campo}
            onChange={(v) => v && trocarCampo(v as CampoEdicaoEmMassa)}
            allowDeselect={false}
            w={260}
            data-testid="edicao-campo"
          />
          {dinheiro ? (
            <SegmentedControl
              value={modo}
              onChange={(v) => {
                setModo(v as ModoAjuste);
                setValor('');
              }}
              data={[
                { value: 'valor', label: t('edicaoEmMassa.novoValor') },
                { value: 'acrescimo', label: t('edicaoEmMassa.acrescimo') },
                { value: 'desconto', label: t('edicaoEmMassa.desconto') },
              ]}
              data-testid="edicao-modo"
            />
          ) : null}
          <div style={{ width: dinheiro ? 180 : 300 }}>
            {def.tipo === 'referencia' ? (
              <ReferenciaInput nome="edicao-valor" label={t('edicaoEmMassa.novoValor')} campo={{ rotulo: def.rotulo, tipo: 'referencia' }} alvo={def.alvo} valor={valor} onChange={(v) => setValor(String(v ?? ''))} />
            ) : def.tipo === 'opcao' ? (
              <Select label={t('edicaoEmMassa.novoValor')} data={origensMercadoria.map((o) => ({ value: o, label: rotulosOrigem[o] }))} value={valor || null} onChange={(v) => setValor(v ?? '')} data-testid="edicao-valor" comboboxProps={{ withinPortal: true }} />
            ) : (
              <TextInput
                label={porPercentual ? t('edicaoEmMassa.percentual') : t('edicaoEmMassa.novoValor')}
                leftSection={dinheiro && !porPercentual ? <Text size="sm" c="dimmed">R$</Text> : undefined}
                rightSection={porPercentual ? <Text size="sm" c="dimmed">%</Text> : undefined}
                inputMode={dinheiro ? 'decimal' : 'text'}
                placeholder={porPercentual ? '10,00' : dinheiro ? '0,00' : campo === 'ncm' ? '2106.90.90' : ''}
                value={valor}
                onChange={(e) => setValor(e.currentTarget.value)}
                error={erro}
                data-testid="edicao-valor"
              />
            )}
          </div>
          <Button leftSection={<IconEye size={16} />} onClick={pedir} loading={carregando} disabled={semAlcance} data-testid="edicao-previa">
            {t('edicaoEmMassa.verPrevia')}
          </Button>
        </Group>
        {def.recurso === 'produtoGeralEmpresa' ? (
          <Text size="xs" c="dimmed">
            {t('edicaoEmMassa.soEstaEmpresa')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
