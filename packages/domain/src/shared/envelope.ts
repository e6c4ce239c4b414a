/** The API envelope of ARCHITECTURE.md: {valido, data}; on failure data.message is Portuguese. */
export type Envelope<T> = { valido: true; data: T } | { valido: false; data: Falha };

export interface Falha {
  message: string;
  /** Field errors by dotted path, for forms. */
  campos?: Record<string, string>;
}
