import { Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { Campo, RecursoDef } from '@retaguarda/domain';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListaSoAberta } from '../app/useListaSoAberta.ts';
import { useOpcoesReferencia } from './ReferenciaInput.tsx';

/** The list screen's search box and per-field filters (kept in the URL by useResourceList). */
export function SearchBox({ valor, onBusca, placeholder }: { valor: string; onBusca: (v: string) => void; placeholder: string }) {
  const { t } = useTranslation();
  const [texto, setTexto] = useState(valor);
  const debounced = useDebouncedCallback(onBusca, 350);
  useEffect(() => setTexto(valor), [valor]);
  return (
    <TextInput
      aria-label={t('recurso.buscar')}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={texto}
      onChange={(e) => {
        setTexto(e.currentTarget.value);
        debounced(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onBusca(texto);
      }}
      data-testid="recurso-busca"
      style={{ flex: '1 1 260px', maxWidth: 420 }}
    />
  );
}

function FiltroReferencia({ campo, alvo, valor, onChange, nome }: { campo: Campo; alvo: string | undefined; valor: string | undefined; onChange: (v: string | null) => void; nome: string }) {
  const { t } = useTranslation();
  const opcoes = useOpcoesReferencia(alvo);
  const lista = useListaSoAberta();
  return (
    <Select
      {...lista}
      aria-label={campo.rotulo}
      placeholder={campo.rotulo}
      data={opcoes.data ?? []}
      value={valor ?? null}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('recurso.nenhumaOpcao')}
      data-testid={`recurso-filtro-${nome}`}
      w={200}
    />
  );
}

export function Filtro({ nome, campo, recurso, valor, onChange }: { nome: string; campo: Campo; recurso: RecursoDef; valor: string | undefined; onChange: (v: string | null) => void }) {
  const { t } = useTranslation();
  const lista = useListaSoAberta();
  if (campo.tipo === 'booleano') {
    return (
      <Select
        {...lista}
        aria-label={campo.rotulo}
        label={undefined}
        data={[
          { value: '', label: `${campo.rotulo}: ${t('recurso.todos')}` },
          { value: 'sim', label: `${campo.rotulo}: ${t('recurso.sim')}` },
          { value: 'nao', label: `${campo.rotulo}: ${t('recurso.nao')}` },
        ]}
        value={valor ?? ''}
        onChange={(v) => onChange(v || null)}
        allowDeselect={false}
        data-testid={`recurso-filtro-${nome}`}
        w={Math.max(180, campo.rotulo.length * 8 + 80)}
      />
    );
  }
  if (campo.tipo === 'opcao' || campo.tipo === 'opcoes') {
    return (
      <Select
        {...lista}
        aria-label={campo.rotulo}
        placeholder={`${campo.rotulo}: ${t('recurso.todos')}`}
        data={[...(campo.opcoes ?? [])]}
        value={valor ?? null}
        onChange={onChange}
        clearable
        data-testid={`recurso-filtro-${nome}`}
        w={200}
      />
    );
  }
  if (campo.tipo === 'referencia' || campo.tipo === 'referencias') {
    const alvo = (recurso.relacoes as Record<string, string | undefined> | undefined)?.[nome];
    return <FiltroReferencia nome={nome} campo={campo} alvo={alvo} valor={valor} onChange={onChange} />;
  }
  return <FiltroTexto nome={nome} campo={campo} valor={valor} onChange={onChange} />;
}

function FiltroTexto({ nome, campo, valor, onChange }: { nome: string; campo: Campo; valor: string | undefined; onChange: (v: string | null) => void }) {
  const [texto, setTexto] = useState(valor ?? '');
  const debounced = useDebouncedCallback((v: string) => onChange(v || null), 350);
  useEffect(() => setTexto(valor ?? ''), [valor]);
  return (
    <TextInput
      aria-label={campo.rotulo}
      placeholder={campo.rotulo}
      value={texto}
      onChange={(e) => {
        setTexto(e.currentTarget.value);
        debounced(e.currentTarget.value);
      }}
      data-testid={`recurso-filtro-${nome}`}
      w={160}
    />
  );
}

/** Ids the server could not populate (a target outside the catalogue) shown by the options' labels. */
