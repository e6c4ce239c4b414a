import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatData } from '../../resources/format.ts';

/** 'dd/mm/aaaa' typed → 'aaaa-mm-dd', or null when it is not a real date. */
export function lerDiaBr(texto: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(texto.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const data = new Date(`${iso}T12:00:00Z`);
  return !Number.isNaN(data.getTime()) && data.toISOString().slice(0, 10) === iso ? iso : null;
}

const diaDaSemana = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('pt-BR', { weekday: 'long', timeZone: 'UTC' });

/** The day as people write it (dd/mm/aaaa) with its weekday; Enter or leaving the field applies it. */
export function CampoDia({ data, hoje, onChange, rotulo, testid = 'dashboard-data' }: { data: string; hoje: string; onChange: (iso: string) => void; rotulo?: string; testid?: string }) {
  const { t } = useTranslation();
  const [texto, setTexto] = useState(formatData(data));
  useEffect(() => setTexto(formatData(data)), [data]);
  const lido = lerDiaBr(texto);
  const invalido = texto !== formatData(data) && (!lido || lido > hoje);
  const aplicar = () => {
    if (lido && lido <= hoje && lido !== data) onChange(lido);
  };
  return (
    <TextInput
      label={`${rotulo ?? t('dashboard.data')} · ${diaDaSemana(data)}`}
      value={texto}
      onChange={(e) => setTexto(e.currentTarget.value)}
      onBlur={aplicar}
      onKeyDown={(e) => e.key === 'Enter' && aplicar()}
      error={invalido ? t('dashboard.dataInvalida') : undefined}
      placeholder="dd/mm/aaaa"
      w={170}
      data-testid={testid}
    />
  );
}
