import type { Database } from '../../db/client';

/** The transaction handle `db.transaction` passes its callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
