/**
 * What the data hooks talk to: the gateway and the app database. The app uses the real ones;
 * tests provide their own through DataLayerContext.Provider.
 */
import { createContext, useContext } from 'react';
import { appDb } from '../db/app-db';
import type { AppDatabase } from '../db/schema';
import { appApi } from './app-api';
import type { Api } from './client';

export interface DataLayer {
  api: Api;
  db: AppDatabase;
}

export const DataLayerContext = createContext<DataLayer | null>(null);

let appLayer: DataLayer | undefined;

export function useDataLayer(): DataLayer {
  const provided = useContext(DataLayerContext);
  if (provided) return provided;
  appLayer ??= { api: appApi, db: appDb() };
  return appLayer;
}
