// Another live process holds the data folder's lock: two processes on one folder would each count the quota alone.

/** Who holds a data folder, as its lock file says. */
export interface FolderHolder {
  readonly pid: number;
  readonly hostname: string;
  /** ISO 8601, when the holder took the lock. */
  readonly since: string;
}

export class DataFolderInUseError extends Error {
  readonly code = 'DATA_FOLDER_IN_USE';

  constructor(
    readonly dir: string,
    readonly lockPath: string,
    readonly holder: FolderHolder,
  ) {
    super(
      `The data folder ${dir} is in use by another pagesmith process (pid ${holder.pid} on ${holder.hostname}, since ${holder.since}). ` +
        'Processes cannot share one folder: each would count the monthly quota alone. Run one server per folder, ' +
        'or wait for the PostgreSQL store, which is planned for several servers on shared data. ' +
        `If that process is no longer running, delete ${lockPath}.`,
    );
    this.name = 'DataFolderInUseError';
  }
}
