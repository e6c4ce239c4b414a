/// <reference types="vite/client" />

/** Screens shown by the generic resource screen, from the catalogue at build time (build/telasDeRecurso.ts). */
declare const __TELAS_DE_RECURSO__: readonly string[];
