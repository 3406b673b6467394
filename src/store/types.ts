// The embedded store as the credential layers see it: settings and connectors whose credential
// fields hold references (`secret://…`), never values, once migrated.

export interface ConnectorRow {
  readonly name: string;
  /** Environment for the connector's process; values are references or (legacy) plaintext. */
  readonly env: Readonly<Record<string, string>>;
}

export interface CredentialStore {
  /** The database file's path as opened (the namespace is derived from its canonical form). */
  readonly dbPath: string;
  getSetting(key: string): string | null;
  /** Insert or replace. */
  setSetting(key: string, value: string): void;
  listSettings(): readonly (readonly [string, string])[];
  listConnectors(): readonly ConnectorRow[];
  /** Insert or replace the row as given (no brokering: callers broker values first). */
  putConnector(row: ConnectorRow): void;
  /**
   * Makes overwritten and deleted values unrecoverable from the files: checkpoint the WAL
   * (TRUNCATE) and VACUUM. The connection already runs with `secure_delete=ON`. False when
   * another connection kept the checkpoint from completing.
   */
  scrub(): boolean;
  close(): void;
}
