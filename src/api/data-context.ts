/**
 * What the data hooks talk to, reachable without loading the app database: the gateway, and the
 * database as a source that opens it on demand. The app uses the real ones; tests provide their
 * own through DataLayerContext.Provider. useDataLayer (data-layer.ts) answers the database
 * itself, for screens that need it at once; the hooks a first screen uses (useCachedQuery, the
 * order form's draft) take the source, so that screen loads Dexie only when it stores something.
 */
import { createContext, useContext, useMemo } from 'react';
import { type DatabaseSource, databaseSourceOf } from '../db/database-source';
import { loadedAppDb, openAppDb } from '../db/lazy-app-db';
import { appDatabaseInUse, DB_NAME, whenAppDatabaseInUse } from '../db/presence';
import type { AppDatabase } from '../db/schema';
import { appApi } from './app-api';
import type { Api } from './client';

export interface DataLayer {
  api: Api;
  db: AppDatabase;
}

export type { DatabaseSource };

export const DataLayerContext = createContext<DataLayer | null>(null);

const appSource: DatabaseSource = {
  name: DB_NAME,
  loaded: loadedAppDb,
  open: openAppDb,
  inUse: appDatabaseInUse,
  whenInUse: whenAppDatabaseInUse,
};

export function useApi(): Api {
  return useContext(DataLayerContext)?.api ?? appApi;
}

export function useDatabaseSource(): DatabaseSource {
  const db = useContext(DataLayerContext)?.db;
  return useMemo(() => (db ? databaseSourceOf(db) : appSource), [db]);
}
