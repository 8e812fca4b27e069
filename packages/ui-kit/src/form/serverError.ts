// Reading a server refusal in a form: which field it names and what it says.

/** The field a server error names, without its request part: 'body.code' → 'code', 'query.x' → 'x'. */
export function serverErrorField(error: unknown): string | undefined {
  const field =
    typeof error === 'object' && error !== null ? (error as { field?: unknown }).field : undefined;
  if (typeof field !== 'string' || field === '') return undefined;
  return field.replace(/^(body|query|params)\./, '').split('.')[0];
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  )
    return (error as { message: string }).message;
  return String(error);
}
