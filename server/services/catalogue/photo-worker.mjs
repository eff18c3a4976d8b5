// A worker thread starts without the TypeScript loader its parent runs under (tsx for the
// server, Vite's for the tests): register tsx's before loading the worker.
import { register } from 'tsx/esm/api';

register();
await import('./photo-worker.ts');
