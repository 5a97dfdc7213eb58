/** An error with an HTTP-like status raised in the client, e.g. a route guard's 403 (shown as "Fehler: 403 no admin"). */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpStatusError';
  }
}
