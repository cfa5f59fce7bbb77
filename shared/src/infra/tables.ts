/**
 * DynamoDB tables, written once: infra/ builds them, the local runtime creates or updates them at start,
 * the tests create them in DynamoDB Local. Every key begins with the company id (see CONVENTIONS, Data).
 */
export interface IndexDefinition {
  name: string;
  partitionKey: string;
  sortKey: string;
}

export interface TableDefinition {
  /** Logical id; the physical name is `${prefix}${id}`. */
  id: string;
  partitionKey: string;
  sortKey: string;
  indexes: IndexDefinition[];
  /** Attribute holding an epoch-seconds expiry; DynamoDB deletes the item after it. */
  ttlAttribute?: string;
}

export const MAIN_TABLE: TableDefinition = {
  id: 'main',
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  ttlAttribute: 'expiresAt',
};

export const TABLES: readonly TableDefinition[] = [MAIN_TABLE];

export const tableName = (prefix: string, table: TableDefinition): string => `${prefix}${table.id}`;
