/**
 * The gateway and the app database for a screen that works with stored data at once (the
 * cabinet, the back office, the order form's later steps). Importing this loads the database's
 * module; the hooks of a first screen take the database as a source instead (data-context.ts).
 */
import { useContext } from 'react';
import { appDb } from '../db/app-db';
import { appApi } from './app-api';
import { type DataLayer, DataLayerContext } from './data-context';

export { type DataLayer, DataLayerContext } from './data-context';

let appLayer: DataLayer | undefined;

export function useDataLayer(): DataLayer {
  const provided = useContext(DataLayerContext);
  if (provided) return provided;
  appLayer ??= { api: appApi, db: appDb() };
  return appLayer;
}
