import { ColorInput, NumberInput, Select, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { findRecurso, type Campo } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeral } from '../session/store.ts';
import { resourceApi, resourceKeys } from './api.ts';
import { centavosParaTexto, parseCentavos, rotuloDeRegistro } from './format.ts';

/** Options of a reference field: the target resource's records not in the trash. */
export function useOpcoesReferencia(alvo: string | undefined) {
  const empresaId = useGeral((s) => s.empresa?._id);
  const def = alvo ? findRecurso(alvo) : undefined;
  return useQuery({
    queryKey: resourceKeys.opcoes(alvo ?? '', empresaId),
    enabled: Boolean(def),
    queryFn: async ({ signal }) => {
      const { registros } = await resourceApi(def!.nome).list(
        { filtro: { lixo: false }, sort: { [def!.ordenacao.campo]: def!.ordenacao.direcao === 'desc' ? -1 : 1 }, limit: 500, skip: 0 },
        signal,
      );
      return registros.map((r) => ({ value: r._id, label: rotuloDeRegistro(r) }));
    },
  });
}

interface CampoInputProps {
  nome: string;
  campo: Campo;
  valor: unknown;
  erro?: string | undefined;
  onChange: (valor: unknown) => void;
  /** The resource a reference points to (declaration's relacoes). */
  alvo?: string | undefined;
  /** The record being edited: a reference to its own resource cannot point to itself. */
  proprioId?: string | undefined;
  autoFocus?: boolean;
}

function ReferenciaInput({ alvo, proprioId, ...props }: CampoInputProps & { label: string; description?: string | undefined }) {
  const { t } = useTranslation();
  const opcoes = useOpcoesReferencia(alvo);
  const data = useMemo(() => (opcoes.data ?? []).filter((o) => o.value !== proprioId), [opcoes.data, proprioId]);
  return (
    <Select
      label={props.label}
      description={props.description}
      error={props.erro}
      data={data}
      value={typeof props.valor === 'string' && props.valor ? props.valor : null}
      onChange={(v) => props.onChange(v ?? '')}
      searchable
      clearable
      placeholder={opcoes.isPending ? t('recurso.carregandoOpcoes') : t('recurso.selecione')}
      nothingFoundMessage={t('recurso.nenhumaOpcao')}
      data-testid={`campo-${props.nome}`}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** One form field, chosen by the declaration's tipo. */
export function CampoInput(props: CampoInputProps) {
  const { t } = useTranslation();
  const { nome, campo, valor, erro, onChange } = props;
  const comum = {
    label: campo.rotulo,
    description: campo.ajuda,
    error: erro,
    'data-testid': `campo-${nome}`,
    'data-autofocus': props.autoFocus ? true : undefined,
  };

  switch (campo.tipo) {
    case 'textoLongo':
      return <Textarea {...comum} rows={6} value={String(valor ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'inteiro':
    case 'decimal':
    case 'percentual':
      return (
        <NumberInput
          {...comum}
          value={typeof valor === 'number' || typeof valor === 'string' ? valor : ''}
          onChange={(v) => onChange(v)}
          decimalSeparator=","
          thousandSeparator="."
          allowDecimal={campo.tipo !== 'inteiro'}
          suffix={campo.tipo === 'percentual' ? ' %' : undefined}
          hideControls={campo.tipo !== 'inteiro'}
        />
      );
    case 'dinheiro':
      return (
        <TextInput
          {...comum}
          leftSection={<Text size="sm" c="dimmed">R$</Text>}
          inputMode="decimal"
          placeholder="0,00"
          value={String(valor ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={(e) => {
            const centavos = parseCentavos(e.currentTarget.value);
            if (typeof centavos === 'number') onChange(centavosParaTexto(centavos));
          }}
          styles={{ input: { textAlign: 'right' } }}
        />
      );
    case 'booleano':
      return (
        <Switch
          label={campo.rotulo}
          description={campo.ajuda}
          error={erro}
          checked={Boolean(valor)}
          onChange={(e) => onChange(e.currentTarget.checked)}
          data-testid={`campo-${nome}`}
          py={4}
        />
      );
    case 'opcao':
      return (
        <Select
          {...comum}
          data={[...(campo.opcoes ?? [])]}
          value={typeof valor === 'string' && valor ? valor : null}
          onChange={(v) => onChange(v ?? '')}
          placeholder={t('recurso.selecione')}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'referencia':
      return <ReferenciaInput {...props} label={campo.rotulo} description={campo.ajuda} />;
    case 'cor':
      return <ColorInput {...comum} format="hex" value={String(valor ?? '')} onChange={onChange} placeholder="#RRGGBB" />;
    case 'data':
      return <TextInput {...comum} type="date" value={String(valor ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'hora':
      return <TextInput {...comum} type="time" value={String(valor ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'lista':
      return (
        <TextInput {...comum} readOnly value={Array.isArray(valor) ? String(valor.length) : '0'} />
      );
    default:
      return <TextInput {...comum} value={String(valor ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
