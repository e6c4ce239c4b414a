import { MultiSelect, Select, type ComboboxData } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Comum {
  rotulo: string;
  /** What nothing chosen means ("Todos os terminais", "Dia inteiro"). */
  todos: string;
  opcoes: ComboboxData;
  /** Minimum width of a multiple choice, width of a single one. */
  largura: number;
  /** Chosen ones beyond it wrap instead of widening the bar (long store names). */
  larguraMaxima?: number;
  /** Typing narrows the options (long lists). */
  busca?: boolean;
  /** The options are still on their way: a choice from the URL is not shown as its raw id meanwhile. */
  carregando?: boolean;
  testid: string;
}

/** Several choices (an empty list means all) or one (null means all). */
export type EscolhaFiltroProps = Comum & ({ multipla: true; valor: string[]; alterar: (valor: string[]) => void } | { multipla: false; valor: string | null; alterar: (valor: string | null) => void });

/** One picker of a report's filter bar, clearable back to "all". */
export function EscolhaFiltro(p: EscolhaFiltroProps) {
  const { t } = useTranslation();
  const escolhidos = p.multipla ? p.valor : p.valor ? [p.valor] : [];
  if (p.carregando && escolhidos.length) {
    const aguardando = escolhidos.map((v) => ({ value: v, label: t('recurso.carregandoOpcoes') }));
    const comum = { label: p.rotulo, data: aguardando, disabled: true, maw: p.larguraMaxima, 'data-testid': p.testid };
    return p.multipla ? <MultiSelect {...comum} value={p.valor} miw={p.largura} /> : <Select {...comum} value={p.valor} w={p.largura} />;
  }
  const comum = { label: p.rotulo, data: p.opcoes, clearable: true, searchable: p.busca, maw: p.larguraMaxima, 'data-testid': p.testid };
  if (p.multipla) return <MultiSelect {...comum} placeholder={p.valor.length ? undefined : p.todos} value={p.valor} onChange={p.alterar} miw={p.largura} />;
  return <Select {...comum} placeholder={p.todos} value={p.valor} onChange={p.alterar} w={p.largura} />;
}
