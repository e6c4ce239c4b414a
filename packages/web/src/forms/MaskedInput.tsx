import { TextInput, type TextInputProps } from '@mantine/core';
import { useLayoutEffect, useReducer, useRef, type KeyboardEvent } from 'react';
import { apagar, editar, FILL, mascarar, posicaoDoCursor, slotsAntes } from './masks.ts';

type Padrao = string | ((texto: string) => string);

export interface MaskedInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** The pattern, or a function choosing it from the text (CPF / CNPJ). */
  mascara: Padrao;
  /** Unmasked value. */
  valor: string;
  onValor: (valor: string) => void;
}

function resolver(mascara: Padrao, texto: string): string {
  return typeof mascara === 'function' ? mascara(texto) : mascara;
}

/** A text input showing a mask (SPEC §5) while the form holds the unmasked value. */
export function MaskedInput({ mascara, valor, onValor, onKeyDown, ...props }: MaskedInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const cursor = useRef<number | null>(null);
  // Re-renders even when the value did not change (a rejected key), so the text is put back.
  const [, renderizar] = useReducer((n: number) => n + 1, 0);
  const padrao = resolver(mascara, valor);
  const exibido = mascarar(padrao, valor);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && cursor.current !== null && document.activeElement === el) {
      el.setSelectionRange(cursor.current, cursor.current);
    }
    cursor.current = null;
  });

  const aplicar = (novo: string, pos: number) => {
    cursor.current = pos;
    renderizar();
    if (novo !== valor) onValor(novo);
  };

  const teclado = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented || (e.key !== 'Backspace' && e.key !== 'Delete')) return;
    const el = e.currentTarget;
    if (el.selectionStart === null || el.selectionStart !== el.selectionEnd) return; // a selection: the browser cuts it, onChange follows
    e.preventDefault();
    const r = apagar(padrao, valor, el.selectionStart, e.key === 'Backspace' ? 'tras' : 'frente');
    const outro = resolver(mascara, r.valor);
    const pos = outro === padrao || !r.valor ? r.cursor : posicaoDoCursor(outro, slotsAntes(padrao, r.exibido, r.cursor));
    aplicar(r.valor, pos);
  };

  return (
    <TextInput
      {...props}
      ref={ref}
      value={exibido}
      placeholder={props.placeholder ?? padrao.replace(/[#A]/g, FILL)}
      autoComplete="off"
      spellCheck={false}
      onKeyDown={teclado}
      onChange={(e) => {
        const texto = e.currentTarget.value;
        const pos = e.currentTarget.selectionStart ?? texto.length;
        const r = editar(resolver(mascara, texto), texto, pos);
        aplicar(r.valor, r.cursor);
      }}
    />
  );
}
