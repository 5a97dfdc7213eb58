/**
 * The one error type of Buchbar. `code` is stable and machine-readable (the web
 * and the English catalogue key off it); `message` is the German text, verbatim
 * from docs/product.md#message-catalogue where it names one; `params` fill the placeholders of
 * translated variants. The HTTP layer maps `status` to the response status.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 400,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
