import { useReducer } from 'react';

/**
 * Props for a Mantine Select or MultiSelect whose option list exists only while it is open. Mantine keeps the
 * list mounted and hidden, and floating-ui placed every hidden list of a page as it loaded: the header's company
 * switcher, a list screen's filters, a form's selects (30–80 ms of CPU for one in a profile of a page load,
 * issue 19). Mantine learns the list's id as the list mounts, without drawing the input again: one more render
 * on opening gives the input its aria-expanded and aria-controls.
 */
export function useListaSoAberta(): { comboboxProps: { withinPortal: true; keepMounted: false }; onDropdownOpen: () => void } {
  const [, renderizar] = useReducer((n: number) => n + 1, 0);
  return { comboboxProps: { withinPortal: true, keepMounted: false }, onDropdownOpen: () => setTimeout(renderizar, 0) };
}
