/** A failed API call, with the Portuguese message to show and the HTTP status (0 = no answer). */
export class ApiError extends Error {
  readonly status: number;
  readonly campos: Record<string, string> | undefined;

  constructor(message: string, status: number, campos?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.campos = campos;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
