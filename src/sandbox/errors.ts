// Endpoints throw ApiError; the server turns it into `{"error": "<sentence>"}` like the real service.
// Where the live service answers with a machine code (the screener's INVALID_WHERE_CLAUSE, the
// retired /v1/ family), the body is `{"error": "<CODE>", "message": "<sentence>"}` instead.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }

  get body(): { error: string; message?: string } {
    return this.code === undefined ? { error: this.message } : { error: this.code, message: this.message };
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message: string) => new ApiError(404, message);
