import { createContext, useContext } from 'react';

/**
 * The catalogue resource whose form is on screen. An image upload names it (and its field), so the
 * server checks the profile against the screen that will hold the file.
 */
export const RecursoDoFormulario = createContext<string | null>(null);

export const useRecursoDoFormulario = () => useContext(RecursoDoFormulario);
