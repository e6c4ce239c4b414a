/** Types of what TypeScript code (browser tests, benchmarks) reads from install.mjs. */
export const CHROMIUM: string;
export const CHROMIUM_TESTES: string;
export function ensureChromium(opcoes?: { completo?: boolean }): Promise<void>;
