// A failure the CLI reports as one clear line (no stack) with its exit code.
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/**
 * A file-system failure (a missing input file, an output folder that does not exist) as one clear
 * line naming the file, or null for any other error. Exit code 2: the command's input is wrong.
 */
export function fileError(e: unknown): CliError | null {
  if (!(e instanceof Error) || !('code' in e) || !('path' in e)) return null;
  const file = String(e.path);
  switch (e.code) {
    case 'ENOENT':
      return new CliError(`${file}: no such file or folder`, 2);
    case 'EACCES':
    case 'EPERM':
      return new CliError(`${file}: permission denied`, 2);
    case 'EISDIR':
      return new CliError(`${file}: is a folder, not a file`, 2);
    case 'ENOTDIR':
      return new CliError(`${file}: a part of the path is not a folder`, 2);
    default:
      return null;
  }
}
