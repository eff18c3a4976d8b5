// A worker thread starts without the TypeScript loader its parent runs under (tsx for the
// server and the commands, Vite's for the tests): register tsx's before loading the worker.
import { register } from 'tsx/esm/api';

register();
await import('./archive-worker.ts');
